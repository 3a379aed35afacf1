package lor.testclient.e2e;

import static lor.testclient.e2e.AdminRequests.error;
import static lor.testclient.e2e.AdminRequests.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import lor.protocol.director.JoinWorldMessage;
import lor.protocol.game.WelcomeMessage;
import lor.testclient.scenario.ScenarioContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * Worlds made while the director runs, through the admin API of the real director jar: created from a map and
 * settings, changed, joined by a player (a real world process), stopped and removed, with no restart; templates
 * whose numbered instances are worlds like any other; every change an audit line in the director's log.
 */
class RuntimeWorldsIT {

    private static final String ADMIN_TOKEN = "runtime-worlds-it-admin-token";
    private static final Duration LIFECYCLE = Duration.ofSeconds(30);

    @TempDir
    Path dataDir;

    @Test
    void anOperatorCreatesChangesAndRemovesAWorldWithoutARestart() throws Exception {
        try (DirectorProcess director = DirectorProcess.start(dataDir, "runtime-worlds", "--admin-token", ADMIN_TOKEN,
                "--idle-shutdown-ms", "600000");
             ScenarioContext ctx = GameSession.context(director)) {
            URI base = director.baseUrl();
            JsonNode content = json(admin(base, "GET", "/api/admin/content", null), 200);
            assertThat(content.path("maps").valueStream().map(JsonNode::asString))
                    .contains("start", "cellar", "meadow", "bench", "bench-layers");
            assertThat(content.path("contentPacks").valueStream().map(JsonNode::asString)).contains("default", "bench");

            JsonNode created = json(admin(base, "POST", "/api/admin/worlds",
                    "{\"worldId\":\"arena\",\"name\":\"Arena\",\"settings\":{\"map\":\"cellar\",\"npcs\":0}}"), 201);
            assertThat(created.path("status").asString()).isEqualTo("stopped");
            assertThat(error(admin(base, "POST", "/api/admin/worlds",
                    "{\"worldId\":\"arena\",\"name\":\"Again\"}"), 409)).isEqualTo("a world arena exists already");
            assertThat(error(admin(base, "POST", "/api/admin/worlds",
                    "{\"worldId\":\"maze\",\"name\":\"Maze\",\"settings\":{\"map\":\"nowhere\"}}"), 400))
                    .startsWith("settings.map: no map named nowhere; the maps are ");
            assertThat(ctx.http().world("arena").status()).as("listed at once").isEqualTo("stopped");

            JsonNode changed = json(admin(base, "PATCH", "/api/admin/worlds/arena",
                    "{\"name\":\"Grand arena\",\"settings\":{\"map\":\"meadow\"}}"), 200);
            assertThat(changed.path("settings").path("map").asString()).isEqualTo("meadow");
            assertThat(changed.path("settings").path("npcs").asInt(-1)).as("keys not in the patch stay").isZero();

            WelcomeMessage welcome = GameSession.enter(ctx, ctx.newAccount("arena"), "arena").welcome();
            assertThat(welcome.grid()).as("the changed map, 32 x 32").isEqualTo(new WelcomeMessage.GridSize(32, 32, 1));
            assertThat(ctx.http().world("arena").status()).isEqualTo("running");

            JsonNode whileRunning = json(admin(base, "PATCH", "/api/admin/worlds/arena",
                    "{\"settings\":{\"viewRadius\":12}}"), 200);
            assertThat(whileRunning.path("status").asString()).as("it plays on; the change applies at next start")
                    .isEqualTo("running");
            assertThat(error(admin(base, "DELETE", "/api/admin/worlds/arena", null), 409))
                    .isEqualTo("world arena is running; stop it first (POST /api/admin/worlds/arena/stop)");

            assertThat(admin(base, "POST", "/api/admin/worlds/arena/stop", null).statusCode()).isEqualTo(202);
            await("arena to stop").atMost(LIFECYCLE).pollInterval(Duration.ofMillis(100))
                    .until(() -> ctx.http().world("arena").status().equals("stopped"));
            assertThat(json(admin(base, "DELETE", "/api/admin/worlds/arena", null), 200).path("removed").asString())
                    .isEqualTo("arena");

            assertThat(ctx.http().worlds()).noneMatch(w -> w.worldId().equals("arena"));
            ScenarioContext.Account late = ctx.newAccount("late");
            late.client().send(new JoinWorldMessage("arena", "join"));
            late.client().expectError("unknown_world", ScenarioContext.STEP);
            assertThat(error(admin(base, "DELETE", "/api/admin/worlds/arena", null), 404)).isEqualTo("no world arena");

            // The director's output reaches its log through the test's pump, a moment after the answer.
            await("the audit lines in the log").atMost(LIFECYCLE).untilAsserted(() -> assertThat(
                    Files.readString(director.log()))
                    .contains("world arena created by operator at 127.0.0.1: name \"Arena\"")
                    .contains("world arena changed by operator at 127.0.0.1: name \"Grand arena\"")
                    .contains("world arena removed by operator at 127.0.0.1, with its snapshots"));
            assertThat(Files.readString(director.log())).doesNotContain(ADMIN_TOKEN);
        }
    }

    @Test
    void instancesOfATemplateAreNumberedWorldsJoinedAndStoppedLikeAnyOther() throws Exception {
        try (DirectorProcess director = DirectorProcess.start(dataDir, "runtime-templates", "--admin-token",
                ADMIN_TOKEN, "--idle-shutdown-ms", "600000");
             ScenarioContext ctx = GameSession.context(director)) {
            URI base = director.baseUrl();
            json(admin(base, "POST", "/api/admin/templates",
                    "{\"templateId\":\"dungeon\",\"name\":\"Dungeon\",\"settings\":{\"map\":\"cellar\"}}"), 201);

            JsonNode first = json(admin(base, "POST", "/api/admin/templates/dungeon/instances", null), 201);
            JsonNode second = json(admin(base, "POST", "/api/admin/templates/dungeon/instances", null), 201);
            assertThat(first.path("worldId").asString()).isEqualTo("dungeon-1");
            assertThat(second.path("worldId").asString()).isEqualTo("dungeon-2");
            assertThat(second.path("name").asString()).isEqualTo("Dungeon #2");
            JsonNode templates = json(admin(base, "GET", "/api/admin/templates", null), 200);
            assertThat(templates.get(0).path("instances").valueStream().map(JsonNode::asString))
                    .containsExactly("dungeon-1", "dungeon-2");

            WelcomeMessage welcome = GameSession.enter(ctx, ctx.newAccount("party"), "dungeon-2").welcome();
            assertThat(welcome.grid()).as("the template's map, 48 x 48")
                    .isEqualTo(new WelcomeMessage.GridSize(48, 48, 1));
            assertThat(ctx.http().world("dungeon-2").status()).isEqualTo("running");
            assertThat(ctx.http().world("dungeon-1").status()).as("an instance per party").isEqualTo("stopped");

            assertThat(admin(base, "POST", "/api/admin/worlds/dungeon-2/stop", null).statusCode()).isEqualTo(202);
            await("dungeon-2 to stop").atMost(LIFECYCLE).pollInterval(Duration.ofMillis(100))
                    .until(() -> ctx.http().world("dungeon-2").status().equals("stopped"));
            assertThat(error(admin(base, "DELETE", "/api/admin/templates/dungeon", null), 409))
                    .isEqualTo("template dungeon has instances; remove them first");
            json(admin(base, "DELETE", "/api/admin/worlds/dungeon-1", null), 200);
            json(admin(base, "DELETE", "/api/admin/worlds/dungeon-2", null), 200);
            json(admin(base, "DELETE", "/api/admin/templates/dungeon", null), 200);

            await("the audit lines in the log").atMost(LIFECYCLE).untilAsserted(() -> assertThat(
                    Files.readString(director.log()))
                    .contains("world dungeon-1 created by operator at 127.0.0.1 as instance of template dungeon")
                    .contains("template dungeon removed by operator at 127.0.0.1"));
        }
    }

    private static HttpResponse<String> admin(URI base, String method, String path, String body) throws Exception {
        return new AdminRequests(base, ADMIN_TOKEN).send(method, path, body);
    }
}
