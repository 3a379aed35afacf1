package lor.director.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;

import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import lor.director.DirectorMetrics;
import lor.director.world.WorldStatus;
import lor.director.world.WorldSupervisor;
import lor.director.world.WorldView;
import lor.director.world.admission.TicketIssuer;
import lor.director.world.lease.LocalLeases;
import lor.director.world.presence.Membership;
import lor.director.world.process.StandInWorlds;
import lor.director.world.store.WorldRepository;
import lor.protocol.Json;
import lor.protocol.control.WorldStatusMessage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

/**
 * {@code /api/admin/} and {@code /admin} through the director's HTTP router on an {@link EmbeddedChannel}, over a
 * real supervisor of two worlds. The one world process needed (to stop a starting world) is a stand-in.
 */
class AdminApiTest {

    private static final String TOKEN = "admin-token-for-tests-0001";
    private static final Duration WAIT = Duration.ofSeconds(30);

    @TempDir
    Path dir;

    private final ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor();
    private final ExecutorService blocking = Executors.newFixedThreadPool(2);
    private final Membership membership = new Membership();
    private StandInWorlds standIns;
    private WorldSupervisor supervisor;
    private EmbeddedChannel channel;

    @AfterEach
    void stopEverything() {
        if (channel != null) {
            channel.finishAndReleaseAll();
        }
        if (supervisor != null) {
            supervisor.shutdownAll(Duration.ofSeconds(10));
        }
        if (standIns != null) {
            standIns.close();
        }
        scheduler.shutdownNow();
        blocking.shutdownNow();
    }

    @Test
    void withoutATokenConfiguredTheAdminSurfaceDoesNotExist() {
        open(null);

        assertThat(status(request(HttpMethod.GET, "/api/admin/worlds", "Bearer " + TOKEN)))
                .isEqualTo(HttpResponseStatus.NOT_FOUND);
        assertThat(status(request(HttpMethod.POST, "/api/admin/worlds/start/stop", "Bearer " + TOKEN)))
                .isEqualTo(HttpResponseStatus.NOT_FOUND);
        assertThat(status(request(HttpMethod.GET, "/admin", null))).isEqualTo(HttpResponseStatus.NOT_FOUND);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "Bearer ", "Bearer wrong-token-of-some-length", "Bearer admin-token-for-tests-000",
            "Bearer admin-token-for-tests-00011", "bearer admin-token-for-tests-0001",
            "Basic admin-token-for-tests-0001", "admin-token-for-tests-0001"})
    void aMissingOrWrongTokenIsUnauthorized(String authorization) {
        open(TOKEN);

        FullHttpResponse response = request(HttpMethod.GET, "/api/admin/worlds",
                authorization.isEmpty() ? null : authorization);

        assertThat(response.status()).isEqualTo(HttpResponseStatus.UNAUTHORIZED);
        assertThat(body(response)).contains("admin token is required").doesNotContain(TOKEN);
    }

    @Test
    void aWrongTokenCannotStopAWorld() {
        open(TOKEN);

        assertThat(status(request(HttpMethod.POST, "/api/admin/worlds/start/stop", "Bearer not-the-admin-token")))
                .isEqualTo(HttpResponseStatus.UNAUTHORIZED);
    }

    @Test
    void listsEveryWorldWithItsStatusPlayersAndEmptyFiguresWhenStopped() {
        open(TOKEN);
        membership.join(42, "cellar");

        FullHttpResponse response = request(HttpMethod.GET, "/api/admin/worlds", "Bearer " + TOKEN);

        assertThat(response.status()).isEqualTo(HttpResponseStatus.OK);
        assertThat(response.headers().get(HttpHeaderNames.CONTENT_TYPE)).startsWith("application/json");
        JsonNode worlds = Json.MAPPER.readTree(body(response));
        assertThat(worlds.size()).isEqualTo(2);
        JsonNode cellar = worlds.get(0);
        assertThat(cellar.get("worldId").asString()).isEqualTo("cellar");
        assertThat(cellar.get("name").asString()).isEqualTo("Cellar");
        assertThat(cellar.get("status").asString()).isEqualTo("stopped");
        assertThat(cellar.get("players").asInt()).isEqualTo(1);
        for (String field : List.of("pid", "gamePort", "tick", "tickP50", "tickP99", "tickMax", "overruns",
                "lastSnapshotAgeSeconds")) {
            assertThat(cellar.get(field).isNull()).as(field).isTrue();
        }
        assertThat(worlds.get(1).get("worldId").asString()).isEqualTo("start");
        assertThat(worlds.get(1).get("lastSnapshotSeq").asLong()).isEqualTo(7);
    }

    @Test
    void worldsJsonShowsTheTickFiguresOfARunningWorldAndTheSnapshotAge() {
        WorldStatusMessage status = new WorldStatusMessage("start", 1200, 3, 0.001, 0.004, 0.02, 2);
        WorldView running = new WorldView("start", "Start", WorldStatus.RUNNING, 3, 4242L, 9001, 17,
                1_700_000_000_000L, 12, status);
        WorldView stopping = new WorldView("meadow", "Meadow", WorldStatus.STOPPING, 0, 4343L, 9002, 5,
                1_700_000_000_000L, 5, status);

        JsonNode worlds = Json.MAPPER.readTree(AdminApi.worldsJson(List.of(running, stopping),
                1_700_000_012_500L));

        JsonNode start = worlds.get(0);
        assertThat(start.get("status").asString()).isEqualTo("running");
        assertThat(start.get("players").asInt()).isEqualTo(3);
        assertThat(start.get("pid").asLong()).isEqualTo(4242);
        assertThat(start.get("gamePort").asInt()).isEqualTo(9001);
        assertThat(start.get("lastSnapshotSeq").asLong()).isEqualTo(17);
        assertThat(start.get("tick").asLong()).isEqualTo(1200);
        assertThat(start.get("tickP50").asDouble()).isEqualTo(0.001);
        assertThat(start.get("tickP99").asDouble()).isEqualTo(0.004);
        assertThat(start.get("tickMax").asDouble()).isEqualTo(0.02);
        assertThat(start.get("overruns").asLong()).isEqualTo(2);
        assertThat(start.get("lastSnapshotAgeSeconds").asDouble()).isEqualTo(12.5);
        assertThat(worlds.get(1).get("tick").isNull()).as("figures only while running").isTrue();
        assertThat(worlds.get(1).get("lastSnapshotAgeSeconds").asDouble()).isEqualTo(12.5);
    }

    @Test
    void stoppingAnUnknownWorldIsNotFound() {
        open(TOKEN);

        FullHttpResponse response = request(HttpMethod.POST, "/api/admin/worlds/atlantis/stop", "Bearer " + TOKEN);

        assertThat(response.status()).isEqualTo(HttpResponseStatus.NOT_FOUND);
        assertThat(body(response)).isEqualTo("{\"error\":\"no such world\"}");
    }

    @Test
    void stoppingAWorldThatIsNotRunningIsAConflict() {
        open(TOKEN);

        FullHttpResponse response = request(HttpMethod.POST, "/api/admin/worlds/start/stop", "Bearer " + TOKEN);

        assertThat(response.status()).isEqualTo(HttpResponseStatus.CONFLICT);
        assertThat(body(response)).isEqualTo("{\"error\":\"the world is not running\"}");
    }

    @Test
    void stoppingAStartingWorldIsAcceptedAndItsProcessStops() throws Exception {
        open(TOKEN);
        supervisor.join("cellar");
        standIns.next(WAIT);

        FullHttpResponse response = request(HttpMethod.POST, "/api/admin/worlds/cellar/stop", "Bearer " + TOKEN);

        assertThat(response.status()).isEqualTo(HttpResponseStatus.ACCEPTED);
        assertThat(body(response)).isEqualTo("{\"status\":\"stopping\"}");
        await().atMost(WAIT).until(() -> supervisor.views().get(0).status() == WorldStatus.STOPPED);
    }

    @ParameterizedTest
    @ValueSource(strings = {"GET /api/admin/worlds/start/stop", "POST /api/admin/worlds", "GET /api/admin/",
            "GET /api/admin/players", "POST /api/admin/worlds/start/start"})
    void anAdminPathOrMethodThatDoesNotExistIsNotFound(String line) {
        open(TOKEN);
        String[] parts = line.split(" ");

        assertThat(status(request(HttpMethod.valueOf(parts[0]), parts[1], "Bearer " + TOKEN)))
                .isEqualTo(HttpResponseStatus.NOT_FOUND);
    }

    @Test
    void theAdminPageIsServedOnlyWhenTheAdminSurfaceIsOn() {
        open(TOKEN);

        FullHttpResponse page = request(HttpMethod.GET, "/admin", null);

        assertThat(page.headers().get(HttpHeaderNames.CONTENT_TYPE)).startsWith("text/html");
        assertThat(status(page)).isEqualTo(HttpResponseStatus.OK);
    }

    @Test
    void thePublicApiNeedsNoToken() {
        open(TOKEN);

        FullHttpResponse response = request(HttpMethod.GET, "/api/worlds", null);

        assertThat(response.status()).isEqualTo(HttpResponseStatus.OK);
        assertThat(Json.MAPPER.readTree(body(response)).size()).isEqualTo(2);
    }

    private void open(String token) {
        try {
            standIns = new StandInWorlds(dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        supervisor = new WorldSupervisor(List.of(
                new WorldRepository.WorldRecord("start", "Start", 7, "{\"map\":\"start\",\"npcs\":0}"),
                new WorldRepository.WorldRecord("cellar", "Cellar", 0, "{\"map\":\"cellar\"}")),
                standIns.launcher(), null, new LocalLeases(), blocking, scheduler, new DirectorMetrics(), membership,
                new TicketIssuer(Clock.systemUTC(), 30_000), "127.0.0.1", 60_000, 0, 30_000, 0);
        ApiHandler api = new ApiHandler(null, supervisor, new DirectorMetrics(), blocking, token, null);
        channel = new EmbeddedChannel(new EndpointRouter(null, null, api));
    }

    private FullHttpResponse request(HttpMethod method, String path, String authorization) {
        FullHttpRequest request = new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, method, path);
        if (authorization != null) {
            request.headers().set(HttpHeaderNames.AUTHORIZATION, authorization);
        }
        channel.writeInbound(request);
        FullHttpResponse response = channel.readOutbound();
        assertThat(response).as("an answer to %s %s", method, path).isNotNull();
        return response;
    }

    private static HttpResponseStatus status(FullHttpResponse response) {
        try {
            return response.status();
        } finally {
            response.release();
        }
    }

    private static String body(FullHttpResponse response) {
        try {
            return response.content().toString(StandardCharsets.UTF_8);
        } finally {
            response.release();
        }
    }
}
