package lor.testclient.soak;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;

class SoakOptionsTest {

    private static final String DIRECTOR = "ws://127.0.0.1:8080/ws";

    @Test
    void theDefaultsAreIssue6sSoak() {
        SoakOptions options = SoakOptions.parse("--director", DIRECTOR);

        assertThat(options.director()).isEqualTo(URI.create(DIRECTOR));
        assertThat(options.players()).isEqualTo(200);
        assertThat(options.duration()).isEqualTo(Duration.ofMinutes(30));
        assertThat(options.killEvery()).isEqualTo(Duration.ofMinutes(2));
        assertThat(options.worlds()).containsExactly("start", "cellar", "meadow");
        assertThat(options.encoding()).isEqualTo("binary");
        assertThat(options.seed()).isEqualTo(6);
        assertThat(options.stopDirector()).isFalse();
    }

    @Test
    void everyOptionIsRead() {
        SoakOptions options = SoakOptions.parse("--director", DIRECTOR, "--players", "20", "--duration", "120",
                "--kill-every", "30", "--worlds", "meadow, cellar,meadow", "--encoding", "json", "--seed", "-3",
                "--stop-director");

        assertThat(options.players()).isEqualTo(20);
        assertThat(options.duration()).isEqualTo(Duration.ofSeconds(120));
        assertThat(options.killEvery()).isEqualTo(Duration.ofSeconds(30));
        assertThat(options.worlds()).isEqualTo(List.of("meadow", "cellar"));
        assertThat(options.encoding()).isEqualTo("json");
        assertThat(options.seed()).isEqualTo(-3);
        assertThat(options.stopDirector()).isTrue();
    }

    @Test
    void badOptionsAreRefusedWithTheReason() {
        assertThatThrownBy(() -> SoakOptions.parse("--players", "2")).hasMessageContaining("--director");
        assertThatThrownBy(() -> SoakOptions.parse("--director", "http://x:1/ws")).hasMessageContaining("ws://");
        assertThatThrownBy(() -> SoakOptions.parse("--director", DIRECTOR, "--players", "0"))
                .hasMessageContaining("--players must be 1..");
        assertThatThrownBy(() -> SoakOptions.parse("--director", DIRECTOR, "--duration", "soon"))
                .hasMessageContaining("whole number");
        assertThatThrownBy(() -> SoakOptions.parse("--director", DIRECTOR, "--encoding", "xml"))
                .hasMessageContaining("json or binary");
        assertThatThrownBy(() -> SoakOptions.parse("--director", DIRECTOR, "--worlds", " , "))
                .hasMessageContaining("at least one world");
        assertThatThrownBy(() -> SoakOptions.parse("--director", DIRECTOR, "--kill")).hasMessageContaining("value");
        assertThatThrownBy(() -> SoakOptions.parse("--director", DIRECTOR, "--bogus", "1"))
                .hasMessageContaining("unknown option --bogus");
    }
}
