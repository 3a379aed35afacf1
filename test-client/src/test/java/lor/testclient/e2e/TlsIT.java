package lor.testclient.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import lor.protocol.game.MoveMessage;
import lor.protocol.game.StateMessage;
import lor.protocol.netty.Tls;
import lor.testclient.net.WsClient;
import lor.testclient.scenario.ScenarioContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The director given a certificate and key ({@code --tls-cert}, {@code --tls-key}: the test certificate for
 * localhost and 127.0.0.1 in {@code src/test/resources/tls}) serves https and wss on its port, and its worlds serve
 * wss on their game ports, cold-started and from a warm spare alike: a player registers, joins, gets a
 * {@code wss://} gameUrl, plays; a plain-HTTP request to the same port gets nothing.
 */
class TlsIT {

    @TempDir
    Path dataDir;

    @Test
    void theDirectorAndItsWorldsSpeakTlsEndToEnd() throws Exception {
        Path cert = resource("tls/test-cert.pem");
        Path key = resource("tls/test-key.pem");
        HttpClient http = HttpClient.newBuilder().sslContext(Tls.contextTrusting(cert))
                .connectTimeout(Duration.ofSeconds(5)).build();
        try (DirectorProcess director = DirectorProcess.start(dataDir, "tls", "--tls-cert", cert.toString(),
                "--tls-key", key.toString(), "--warm-spares", "1");
             ScenarioContext ctx = new ScenarioContext(director.clientUrl(), Duration.ofSeconds(60), WsClient.NO_TAP,
                     http)) {
            assertThat(director.baseUrl().getScheme()).isEqualTo("https");
            assertThat(director.clientUrl().getScheme()).isEqualTo("wss");
            assertThat(ctx.http().get("/healthz").statusCode()).isEqualTo(200);

            for (String world : new String[] {"meadow", "cellar"}) {
                GameSession session = GameSession.enter(ctx, ctx.newAccount("tls"), world);
                assertThat(session.joined().gameUrl()).as("gameUrl of %s", world).startsWith("wss://127.0.0.1:");
                session.game().send(new MoveMessage("N", 1, null));
                long acked = 0;
                while (acked < 1) {
                    if (session.game().next(ScenarioContext.STEP) instanceof StateMessage state) {
                        acked = state.ack();
                    }
                }
                assertThat(acked).as("the move acknowledged in a state over wss").isEqualTo(1);
            }

            HttpClient plain = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
            URI plainUrl = URI.create(director.baseUrl().toString().replaceFirst("^https", "http") + "/healthz");
            assertThatThrownBy(() -> plain.send(HttpRequest.newBuilder(plainUrl).timeout(Duration.ofSeconds(10))
                    .build(), HttpResponse.BodyHandlers.ofString())).as("plain HTTP on the TLS port")
                    .isInstanceOf(IOException.class);
            // Closed quietly: no stack trace, and never the bytes received (a plain-text request could carry a
            // password), which Netty's exception quotes in hex.
            assertThat(ctx.http().get("/healthz").statusCode()).as("still serving TLS").isEqualTo(200);
            String log = Files.readString(director.log());
            assertThat(log).doesNotContain("exceptionCaught").doesNotContain("474554202f");
        }
    }

    /** A file of the test resources (they are files under target/test-classes). */
    static Path resource(String name) throws Exception {
        Path path = Path.of(TlsIT.class.getClassLoader().getResource(name).toURI());
        assertThat(Files.isRegularFile(path)).isTrue();
        return path;
    }
}
