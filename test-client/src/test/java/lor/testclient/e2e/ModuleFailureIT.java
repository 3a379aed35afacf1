package lor.testclient.e2e;

import static lor.testclient.e2e.AdminRequests.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import lor.protocol.Json;
import lor.protocol.Message;
import lor.protocol.director.JoinWorldMessage;
import lor.protocol.game.ActMessage;
import lor.protocol.game.StateMessage;
import lor.protocol.game.WelcomeMessage;
import lor.testclient.e2e.tripwire.ModuleJar;
import lor.testclient.e2e.tripwire.TripwireModule;
import lor.testclient.e2e.tripwire.TripwireRules;
import lor.testclient.net.DirectorHttp;
import lor.testclient.net.WsClient;
import lor.testclient.scenario.ScenarioContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * A studio's game module that keeps failing, end to end: a jar in the real director's {@code --modules-dir}, a pack
 * in its {@code --content-dir} naming the module, a world made with that pack through the admin API. A player's act
 * marks its cell and then makes the module throw in every tick; after 5 s the world process stops with exit code 66,
 * the world shows {@code failed} with the reason on {@code /api/worlds} and {@code /api/admin/worlds}, its errors
 * counted in {@code /metrics} while it ran; joins are refused until an operator clears it, and the world then starts
 * from its final snapshot, the mark there.
 */
class ModuleFailureIT {

    private static final String ADMIN_TOKEN = "module-failure-it-admin-token";
    private static final String WORLD = "tripwire";
    private static final String REASON = "game module tripwire failed in every tick for 5 s (wake hook: "
            + "java.lang.IllegalStateException: the tripwire was tripped)";
    /** Five seconds of failing ticks, then the graceful stop: its final snapshot and acknowledgement. */
    private static final Duration FAILURE = Duration.ofSeconds(30);

    @TempDir
    Path dataDir;
    @TempDir
    Path studio;

    @Test
    void aModuleFailingInEveryTickStopsItsWorldWhichShowsFailedAndKeepsItsLastGoodState() throws Exception {
        Path modules = Files.createDirectories(studio.resolve("modules"));
        ModuleJar.write(modules.resolve("tripwire.jar"), TripwireModule.class, TripwireRules.class);
        Path content = Files.createDirectories(studio.resolve("content"));
        // An item of its own: a world whose pack has neither items nor object kinds leaves its modules' fields out of
        // its JSON states (StateBroadcaster writes the pack's parts only for a pack that is not empty).
        Files.writeString(content.resolve("tripwire.json"),
                "{\"name\": \"tripwire\", \"items\": [\"pebble\"], \"modules\": [\"" + TripwireModule.NAME + "\"]}");
        try (DirectorProcess director = DirectorProcess.start(dataDir, "module-failure", "--admin-token",
                ADMIN_TOKEN, "--content-dir", content.toString(), "--modules-dir", modules.toString(),
                // Nothing but the failure stops the world, and only its final snapshot can hold the mark.
                "--idle-shutdown-ms", "600000", "--snapshot-interval-ms", "3600000", "--warm-spares", "0");
             ScenarioContext ctx = GameSession.context(director)) {
            AdminRequests admin = new AdminRequests(director.baseUrl(), ADMIN_TOKEN);
            json(admin.send("POST", "/api/admin/worlds", "{\"worldId\": \"" + WORLD + "\", \"name\": \"Tripwire\", "
                    + "\"settings\": {\"map\": \"cellar\", \"content\": \"tripwire\"}}"), 201);
            ScenarioContext.Account account = ctx.newAccount("tripper");
            GameSession player = GameSession.enter(ctx, account, WORLD);
            long pid = ctx.http().world(WORLD).pid();
            WelcomeMessage.Position at = player.welcome().you();

            player.game().send(new ActMessage(TripwireModule.ACTION, 1, Map.of(), null));
            awaitMark(player.game(), at, 1);

            // Counted while the world still runs (the director shows a world's module figures only then).
            await("the wake's errors in /metrics").atMost(FAILURE).pollInterval(Duration.ofMillis(100))
                    .until(() -> moduleErrors(ctx.http()) > 0);
            await("the world process to exit").atMost(FAILURE).pollInterval(Duration.ofMillis(100))
                    .until(() -> ProcessHandle.of(pid).map(p -> !p.isAlive()).orElse(true));
            await("the director to see the exit").atMost(FAILURE).pollInterval(Duration.ofMillis(100))
                    .until(() -> ctx.http().world(WORLD).status().equals("failed"));
            assertThat(world(ctx.http().get("/api/worlds").body()).path("failure").asString()).isEqualTo(REASON);
            assertThat(world(json(admin.send("GET", "/api/admin/worlds", null), 200).toString())
                    .path("failure").asString()).isEqualTo(REASON);
            await("the exit code in the director's log").atMost(FAILURE).until(() -> Files.readString(director.log())
                    .contains("world " + WORLD + " (pid " + pid + ") exited with code 66"));
            long finalSnapshot = ctx.http().world(WORLD).lastSnapshotSeq();
            assertThat(finalSnapshot).as("the final snapshot, the only one").isPositive();

            ScenarioContext.Account again = ctx.login(account.username());
            again.client().send(new JoinWorldMessage(WORLD, "refused"));
            assertThat(again.client().expectError("world_unavailable", ScenarioContext.STEP).message())
                    .isEqualTo("the world has failed: " + REASON);

            assertThat(admin.send("POST", "/api/admin/worlds/" + WORLD + "/clear", null).statusCode()).isEqualTo(200);
            assertThat(ctx.http().world(WORLD).status()).isEqualTo("stopped");
            GameSession back = GameSession.enter(ctx, again, WORLD);
            assertThat(back.welcome().you()).as("where the player was saved").isEqualTo(at);
            awaitMark(back.game(), at, 0);
            assertThat(ctx.http().world(WORLD).hydratedSeq()).as("started from the final snapshot")
                    .isEqualTo(finalSnapshot);
        }
    }

    /** Reads states until one acknowledges {@code ack} and shows the mark on the player's cell. */
    private static void awaitMark(WsClient game, WelcomeMessage.Position at, long ack) throws Exception {
        long deadline = System.nanoTime() + ScenarioContext.STEP.toNanos();
        StringBuilder seen = new StringBuilder();
        while (true) {
            long left = deadline - System.nanoTime();
            assertThat(left).as("time left to see the mark at " + at + "; seen " + seen).isPositive();
            Message message = game.poll(Duration.ofNanos(left));
            assertThat(message).as("a message with the mark at " + at + "; seen " + seen).isNotNull();
            seen.append(message instanceof StateMessage state ? " state " + state.tick() + " ack " + state.ack()
                    + " fields " + state.fields() : " " + message.type());
            if (message instanceof StateMessage state && state.ack() >= ack && state.fields() != null
                    && state.fields().contains(new StateMessage.FieldCell(TripwireModule.NAME, at.x(), at.y(),
                            at.layer(), TripwireModule.MARK))) {
                return;
            }
        }
    }

    private static double moduleErrors(DirectorHttp http) throws Exception {
        String series = "lor_module_errors_total{world=\"" + WORLD + "\",module=\"" + TripwireModule.NAME
                + "\",hook=\"wake\"} ";
        for (String line : http.get("/metrics").body().split("\n")) {
            if (line.startsWith(series)) {
                return Double.parseDouble(line.substring(series.length()).trim());
            }
        }
        return 0;
    }

    private static JsonNode world(String worldsJson) {
        for (JsonNode w : Json.MAPPER.readTree(worldsJson)) {
            if (w.path("worldId").asString().equals(WORLD)) {
                return w;
            }
        }
        throw new AssertionError("no world " + WORLD + " in " + worldsJson);
    }
}
