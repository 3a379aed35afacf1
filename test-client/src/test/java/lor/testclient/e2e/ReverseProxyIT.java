package lor.testclient.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import lor.protocol.Json;
import lor.protocol.game.MoveMessage;
import lor.protocol.game.StateMessage;
import lor.protocol.netty.PortRange;
import lor.protocol.netty.Tls;
import lor.testclient.net.WsClient;
import lor.testclient.scenario.ScenarioContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * The README's recipe for a TLS-terminating reverse proxy in front of the worlds: the director runs plain, its
 * worlds serve on a fixed range of game ports ({@code --game-ports}), and the gameUrl it hands out
 * ({@code --public-game-url}) names the proxy, which terminates TLS and routes {@code /worlds/PORT/game} to that
 * world. A player joins a warm spare's world and a cold-started one through it and plays over {@code wss}.
 */
class ReverseProxyIT {

    private static final int WORLD_PORTS = 8;

    @TempDir
    Path dataDir;

    @Test
    void playersReachTheWorldsThroughATlsTerminatingProxyOnOnePublicPort() throws Exception {
        Path cert = TlsIT.resource("tls/test-cert.pem");
        Path key = TlsIT.resource("tls/test-key.pem");
        PortRange range = freeRange();
        HttpClient http = HttpClient.newBuilder().sslContext(Tls.contextTrusting(cert))
                .connectTimeout(Duration.ofSeconds(5)).build();
        try (TerminatingProxy proxy = new TerminatingProxy(cert, key, range);
             DirectorProcess director = DirectorProcess.start(dataDir, "reverse-proxy", "--game-ports",
                     range.toString(), "--public-game-url",
                     "wss://127.0.0.1:" + proxy.port() + "/worlds/{port}/game", "--warm-spares", "1");
             ScenarioContext ctx = new ScenarioContext(director.clientUrl(), Duration.ofSeconds(60), WsClient.NO_TAP,
                     http)) {
            Pattern viaProxy = Pattern.compile("wss://127\\.0\\.0\\.1:" + proxy.port() + "/worlds/(\\d+)/game");

            for (String world : new String[] {"meadow", "cellar"}) {
                GameSession session = GameSession.enter(ctx, ctx.newAccount("proxied"), world);
                Matcher url = viaProxy.matcher(session.joined().gameUrl());
                assertThat(url.matches()).as("gameUrl of %s: %s", world, session.joined().gameUrl()).isTrue();
                int gamePort = Integer.parseInt(url.group(1));
                assertThat(range.contains(gamePort)).as("%s's game port %s in %s", world, gamePort, range).isTrue();
                assertThat(gamePortOf(ctx, world)).as("the port /api/worlds shows").isEqualTo(gamePort);

                session.game().send(new MoveMessage("N", 1, null));
                long acked = 0;
                while (acked < 1) {
                    if (session.game().next(ScenarioContext.STEP) instanceof StateMessage state) {
                        acked = state.ack();
                    }
                }
                assertThat(acked).as("a move acknowledged through the proxy").isEqualTo(1);
            }
            assertThat(proxy.routed.get()).isEqualTo(2);

            HttpResponse<String> outside = http.send(HttpRequest.newBuilder(
                    URI.create("https://127.0.0.1:" + proxy.port() + "/worlds/22/game"))
                    .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(outside.statusCode()).as("a port outside the worlds' range is not routed").isEqualTo(404);
        }
    }

    private static int gamePortOf(ScenarioContext ctx, String worldId) throws Exception {
        for (JsonNode w : Json.MAPPER.readTree(ctx.http().get("/api/worlds").body())) {
            if (w.path("worldId").asString().equals(worldId)) {
                return w.path("gamePort").asInt();
            }
        }
        throw new AssertionError("/api/worlds does not list " + worldId);
    }

    /** {@link #WORLD_PORTS} ports from a free one on: a world binds whichever of them is free when it starts. */
    private static PortRange freeRange() throws Exception {
        for (int attempt = 0; attempt < 20; attempt++) {
            try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
                int first = probe.getLocalPort();
                if (first + WORLD_PORTS - 1 <= 65535) {
                    return new PortRange(first, first + WORLD_PORTS - 1);
                }
            }
        }
        throw new IllegalStateException("no free port found");
    }
}
