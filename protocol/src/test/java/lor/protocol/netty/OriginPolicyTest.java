package lor.protocol.netty;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class OriginPolicyTest {

    private final OriginPolicy policy =
            OriginPolicy.of(List.of("http://127.0.0.1:8080", "HTTPS://Game.Example.org:443"));

    @Test
    void allowsListedOriginsAndRequestsWithoutOrigin() {
        assertThat(policy.allows("http://127.0.0.1:8080")).isTrue();
        assertThat(policy.allows("https://game.example.org")).as("default port left out, as browsers send it")
                .isTrue();
        assertThat(policy.allows("https://GAME.example.org")).as("host case does not matter").isTrue();
        assertThat(policy.allows(null)).as("no Origin: not a browser").isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"http://127.0.0.1:8081", "https://127.0.0.1:8080", "http://evil.example",
            "http://game.example.org", "null", "", "http://127.0.0.1:8080.evil.example", "file://", "*"})
    void refusesEveryOtherOrigin(String origin) {
        assertThat(policy.allows(origin)).isFalse();
    }

    @Test
    void noBrowsersRefusesAnyOriginButAllowsNone() {
        assertThat(OriginPolicy.NO_BROWSERS.allows("http://127.0.0.1:8080")).isFalse();
        assertThat(OriginPolicy.NO_BROWSERS.allows(null)).isTrue();
    }

    @Test
    void normalisesConfiguredOriginsAndKeepsTheirOrder() {
        assertThat(policy.origins()).containsExactly("http://127.0.0.1:8080", "https://game.example.org");
        assertThat(OriginPolicy.normalise("http://[::1]:8080")).isEqualTo("http://[::1]:8080");
    }

    @ParameterizedTest
    @ValueSource(strings = {"127.0.0.1:8080", "ws://127.0.0.1:8080", "http://127.0.0.1:8080/", "http://a/b", "*",
            "http://user@host", "http://host?x=1", "null"})
    void refusesToConfigureWhatIsNoOrigin(String origin) {
        assertThatThrownBy(() -> OriginPolicy.of(List.of(origin))).isInstanceOf(IllegalArgumentException.class);
    }
}
