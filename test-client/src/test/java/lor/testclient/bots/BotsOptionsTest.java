package lor.testclient.bots;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;

class BotsOptionsTest {

    private static final String DIRECTOR = "ws://127.0.0.1:8080/ws";

    @Test
    void everyOptionHasADefaultButTheDirector() {
        BotsOptions options = BotsOptions.parse("--director", DIRECTOR);

        assertThat(options.director()).isEqualTo(URI.create(DIRECTOR));
        assertThat(options.count()).isEqualTo(10);
        assertThat(options.durationSeconds()).isEqualTo(30);
        assertThat(options.warmupSeconds()).isEqualTo(5);
        assertThat(options.world()).isEqualTo("start");
        assertThat(options.rate()).isEqualTo(10);
        assertThat(options.encoding()).isEqualTo("json");
        assertThat(options.report()).isNull();
        assertThat(options.tokens()).isEqualTo(Path.of("bot-tokens.json"));
        assertThat(options.seed()).isEqualTo(1);
        assertThat(options.joinConcurrency()).isEqualTo(20);
        assertThat(options.threads()).isEqualTo(Runtime.getRuntime().availableProcessors());
        assertThat(options.sampleBots()).isEqualTo(20);
        assertThat(options.joinTimeoutSeconds()).isEqualTo(120);
        assertThat(options.help()).isFalse();
        assertThat(options.periodMillis()).isEqualTo(100);
    }

    @Test
    void readsEveryOption() {
        BotsOptions options = BotsOptions.parse("--director", DIRECTOR, "--count", "500", "--duration", "20",
                "--warmup", "0", "--world", "bench", "--rate", "2.5", "--encoding", "binary", "--report",
                "target/r.json", "--tokens", "t.json", "--seed", "-9", "--join-concurrency", "50", "--threads", "3",
                "--sample-bots", "0", "--join-timeout", "30");

        assertThat(options.count()).isEqualTo(500);
        assertThat(options.durationSeconds()).isEqualTo(20);
        assertThat(options.warmupSeconds()).isZero();
        assertThat(options.world()).isEqualTo("bench");
        assertThat(options.rate()).isEqualTo(2.5);
        assertThat(options.periodMillis()).isEqualTo(400);
        assertThat(options.encoding()).isEqualTo("binary");
        assertThat(options.report()).isEqualTo(Path.of("target/r.json"));
        assertThat(options.tokens()).isEqualTo(Path.of("t.json"));
        assertThat(options.seed()).isEqualTo(-9);
        assertThat(options.joinConcurrency()).isEqualTo(50);
        assertThat(options.threads()).isEqualTo(3);
        assertThat(options.sampleBots()).isZero();
        assertThat(options.joinTimeoutSeconds()).isEqualTo(30);
    }

    @Test
    void acceptsTheEqualsForm() {
        BotsOptions options = BotsOptions.parse("--director=" + DIRECTOR, "--count=3", "--encoding=binary");
        assertThat(options.count()).isEqualTo(3);
        assertThat(options.encoding()).isEqualTo("binary");
    }

    @Test
    void helpNeedsNoDirector() {
        assertThat(BotsOptions.parse("--help").help()).isTrue();
        assertThat(BotsOptions.parse("--count", "3", "-h").help()).isTrue();
    }

    @Test
    void refusesWhatItCannotUse() {
        assertRefused("--director ws://HOST:PORT/ws is required", "--count", "3");
        assertRefused("must be ws://", "--director", "http://127.0.0.1:8080/ws");
        assertRefused("must be ws://", "--director", "ws://127.0.0.1/ws");
        assertRefused("unknown option --bots", "--director", DIRECTOR, "--bots", "3");
        assertRefused("needs a value", "--director", DIRECTOR, "--count");
        assertRefused("given twice", "--director", DIRECTOR, "--count", "1", "--count", "2");
        assertRefused("unexpected argument", "--director", DIRECTOR, "ten");
        assertRefused("--count must be between", "--director", DIRECTOR, "--count", "0");
        assertRefused("--count must be a whole number", "--director", DIRECTOR, "--count", "1.5");
        assertRefused("--encoding must be json or binary", "--director", DIRECTOR, "--encoding", "protobuf");
        assertRefused("--duration must be above 0", "--director", DIRECTOR, "--duration", "0");
        assertRefused("--warmup must be at least 0", "--director", DIRECTOR, "--warmup", "-1");
        assertRefused("--rate must be above 0", "--director", DIRECTOR, "--rate", "0");
        assertRefused("--rate must be a number", "--director", DIRECTOR, "--rate", "fast");
        assertRefused("--duration must be a number", "--director", DIRECTOR, "--duration", "NaN");
        assertRefused("--world must not be empty", "--director", DIRECTOR, "--world", " ");
        assertRefused("--join-concurrency must be between", "--director", DIRECTOR, "--join-concurrency", "0");
    }

    @Test
    void badOptionsExitWith64AndTheUsage() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();

        int status = BotsCommand.run(new String[] {"--count", "x"}, print(out), print(err));

        assertThat(status).isEqualTo(64);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("bots: ").contains("--join-concurrency K");
        assertThat(out.size()).isZero();
    }

    @Test
    void helpListsEveryOptionAndExitsZero() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();

        int status = BotsCommand.run(new String[] {"--help"}, print(out), print(new ByteArrayOutputStream()));

        assertThat(status).isZero();
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("--director", "--count", "--duration", "--warmup",
                "--world", "--rate", "--encoding", "--report", "--tokens", "--seed", "--join-concurrency",
                "--threads", "--sample-bots", "--join-timeout", "--help");
    }

    private static void assertRefused(String message, String... args) {
        assertThatThrownBy(() -> BotsOptions.parse(args)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(message);
    }

    private static PrintStream print(ByteArrayOutputStream bytes) {
        return new PrintStream(bytes, true, StandardCharsets.UTF_8);
    }
}
