package lor.testclient.e2e;

import static lor.testclient.e2e.AdminRequests.json;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.function.Predicate;

import lor.protocol.Message;
import lor.protocol.game.ActMessage;
import lor.protocol.game.RejectedMessage;
import lor.protocol.game.StateMessage;
import lor.protocol.game.WelcomeMessage;
import lor.testclient.browser.GardenInThePage;
import lor.testclient.net.WsClient;
import lor.testclient.scenario.ScenarioContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * The module template as its README tells an author to use it: built with Maven outside the reactor against Lor's
 * artifacts (its own tests, written against the module test kit, run in that build), its jar put in a real director's
 * {@code --modules-dir} and its pack in {@code --content-dir}, a world made with the admin API to play that pack, and a
 * player of the test client planting in it through a real world process; then, with the template's build of the page's
 * script beside the jar (served by the director in place of its own), a player of the page ({@link GardenInThePage}).
 */
class ModuleTemplateIT {

    private static final String ADMIN_TOKEN = "module-template-it-admin-token";
    /** The template's pack makes a sprout flower after 20 ticks (1 s); states come every 100 ms. */
    private static final Duration GROWN = Duration.ofSeconds(10);

    @TempDir
    Path dataDir;
    @TempDir
    Path deployed;

    @Test
    void theTemplatesModuleBuiltByMavenIsPlayedByARealWorld() throws Exception {
        ModuleTemplateBuild build = new ModuleTemplateBuild(Path.of("target", "module-template-it"));
        Path jar = build.packageJar();
        Path modulesDir = Files.createDirectories(deployed.resolve("modules"));
        Path contentDir = Files.createDirectories(deployed.resolve("content"));
        Files.copy(jar, modulesDir.resolve("garden-module.jar"));
        Path pageScript = Files.copy(build.pageScript(), modulesDir.resolve("sim.js"));
        Files.copy(build.template().resolve("content/garden.json"), contentDir.resolve("garden.json"));

        try (DirectorProcess director = DirectorProcess.start(dataDir, "module-template", "--admin-token",
                ADMIN_TOKEN, "--modules-dir", modulesDir.toString(), "--content-dir", contentDir.toString(),
                "--idle-shutdown-ms", "600000");
             ScenarioContext ctx = GameSession.context(director)) {
            json(new AdminRequests(director.baseUrl(), ADMIN_TOKEN).send("POST", "/api/admin/worlds",
                    "{\"worldId\":\"garden\",\"name\":\"Garden\",\"settings\":{\"map\":\"meadow\","
                            + "\"content\":\"garden\",\"npcs\":0}}"), 201);

            GameSession player = GameSession.enter(ctx, ctx.newAccount("gardener"), "garden");
            WelcomeMessage welcome = player.welcome();
            JsonNode module = welcome.modules().get(0);
            assertThat(module.path("name").asString()).isEqualTo("garden");
            assertThat(module.path("actions").get(0).path("name").asString()).isEqualTo("plant");
            int me = welcome.entityId();
            int x = welcome.you().x() + 1;
            int y = welcome.you().y();
            WsClient game = player.game();

            game.send(new ActMessage("plant", 1, Map.of("dir", "E", "flower", "rose"), null));
            awaitState(game, "a sprout east of the player, a seed spent", s -> cell(s, x, y) == 1
                    && seeds(s, me) == 2);
            awaitState(game, "the sprout grown into a rose", s -> cell(s, x, y) == 3);
            game.send(new ActMessage("plant", 2, Map.of("dir", "E", "flower", "tulip"), null));
            assertThat(awaitRejection(game, 2).reason()).isEqualTo("planted");
            game.send(new ActMessage("plant", 3, Map.of("dir", "E", "flower", "daisy"), null));
            assertThat(awaitRejection(game, 3).reason()).isEqualTo("bad_field");
            assertThat(ctx.http().world("garden").status()).isEqualTo("running");

            GardenInThePage.play(director.baseUrl(), pageScript, Files.createDirectories(Path.of("target",
                    "e2e-logs")));
        }
    }

    private static int cell(StateMessage state, int x, int y) {
        if (state.fields() != null) {
            for (StateMessage.FieldCell c : state.fields()) {
                if (c.module().equals("garden") && c.x() == x && c.y() == y && c.layer() == 0) {
                    return c.value();
                }
            }
        }
        return 0;
    }

    private static int seeds(StateMessage state, int entity) {
        for (StateMessage.EntityState e : state.entities()) {
            if (e.id() == entity && e.attrs() != null) {
                return e.attrs().getOrDefault("seeds", -1);
            }
        }
        return -1;
    }

    /** Reads states until one meets the condition, failing at the deadline with the last one read. */
    private static StateMessage awaitState(WsClient game, String what, Predicate<StateMessage> condition)
            throws Exception {
        long deadline = System.nanoTime() + GROWN.toNanos();
        StateMessage last = null;
        while (System.nanoTime() < deadline) {
            Message message = game.poll(Duration.ofNanos(Math.max(1, deadline - System.nanoTime())));
            if (message instanceof StateMessage state) {
                last = state;
                if (condition.test(state)) {
                    return state;
                }
            }
        }
        throw new AssertionError("no state with " + what + " within " + GROWN + "; last: " + last);
    }

    private static RejectedMessage awaitRejection(WsClient game, long seq) throws Exception {
        long deadline = System.nanoTime() + GROWN.toNanos();
        while (System.nanoTime() < deadline) {
            Message message = game.poll(Duration.ofNanos(Math.max(1, deadline - System.nanoTime())));
            if (message instanceof RejectedMessage rejected && rejected.seq() == seq) {
                return rejected;
            }
        }
        throw new AssertionError("no rejection of seq " + seq + " within " + GROWN);
    }
}
