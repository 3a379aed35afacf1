package lor.testclient.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import java.util.stream.Collectors;

import lor.protocol.game.WelcomeMessage;
import lor.testclient.net.DirectorHttp.WorldRow;
import lor.testclient.scenario.GamePlayer;
import lor.testclient.scenario.ScenarioContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Warm spares with the real director and world-server jars: the director keeps a {@code --spare} world process
 * registered and waiting, a join of a stopped world is served by that very process (no JVM start), a new spare takes
 * its place, and a world that comes from a spare is hydrated from its persisted snapshot like a spawned one.
 */
class WarmSpareIT {

    /** No NPCs: nothing but the player can take its saved cell while the world is stopped. */
    private static final String WORLD = "meadow";
    private static final String READY_SPARES = "lor_warm_spares_ready";
    private static final String SPAWNS = "lor_world_spawns_total";
    private static final String ADMIN_TOKEN = "warm-spare-it-admin-token";
    /** A spare's JVM start, warm-up and registration; a graceful world stop. */
    private static final Duration LIFECYCLE = Duration.ofSeconds(30);

    @TempDir
    Path dataDir;

    /** Every world-server process a test saw; none may outlive its director. */
    private final Set<Long> seen = new HashSet<>();

    @AfterEach
    void noWorldProcessOutlivesTheDirector() {
        await("no world process of the director left").atMost(Duration.ofSeconds(10))
                .until(() -> seen.stream().noneMatch(WarmSpareIT::alive));
    }

    @Test
    void aJoinIsServedByTheWarmSpareAndAnotherSpareTakesItsPlace() throws Exception {
        try (DirectorProcess director = DirectorProcess.start(dataDir, "warm-spare", "--idle-shutdown-ms", "600000");
             ScenarioContext ctx = GameSession.context(director)) {
            long spare = awaitOneSpare(director, ctx, Set.of());
            assertThat(ctx.http().world(WORLD).status()).isEqualTo("stopped");
            assertThat(ctx.http().metric(SPAWNS)).as("the spare is the only process so far").isEqualTo(1);

            GameSession session = GameSession.enter(ctx, ctx.newAccount("warm"), WORLD);

            WorldRow running = ctx.http().world(WORLD);
            assertThat(running.status()).isEqualTo("running");
            assertThat(running.pid()).as("the world runs in the warm spare's process").isEqualTo(spare);
            assertThat(session.welcome().entityId()).isPositive();
            assertThat(alive(spare)).isTrue();

            long next = awaitOneSpare(director, ctx, Set.of(spare));
            assertThat(next).isNotEqualTo(spare);
            assertThat(ctx.http().metric(SPAWNS)).as("the first spare and its replacement, no world spawn")
                    .isEqualTo(2);
            assertThat(ctx.http().world(WORLD).pid()).isEqualTo(spare);
            assertThat(worldProcesses(director)).as("the world and the new spare, nothing else")
                    .containsExactlyInAnyOrder(spare, next);
            seen.addAll(worldProcesses(director));
        }
    }

    @Test
    void withoutWarmSparesAJoinSpawnsTheWorldAndNoSpareRuns() throws Exception {
        try (DirectorProcess director = DirectorProcess.start(dataDir, "no-warm-spare", "--idle-shutdown-ms",
                "600000", "--warm-spares", "0");
             ScenarioContext ctx = GameSession.context(director)) {
            assertThat(ctx.http().metric(READY_SPARES)).isZero();
            assertThat(ctx.http().metric(SPAWNS)).isZero();

            GameSession session = GameSession.enter(ctx, ctx.newAccount("cold"), WORLD);

            WorldRow running = ctx.http().world(WORLD);
            assertThat(running.status()).isEqualTo("running");
            assertThat(running.pid()).isNotNull();
            seen.add(running.pid());
            assertThat(session.welcome().entityId()).isPositive();
            assertThat(ctx.http().metric(READY_SPARES)).isZero();
            assertThat(ctx.http().metric(SPAWNS)).isEqualTo(1);
            assertThat(spareProcesses(director)).as("no --spare process").isEmpty();
            assertThat(worldProcesses(director)).containsExactly(running.pid());
            seen.addAll(worldProcesses(director));
        }
    }

    @Test
    void aWorldTakenFromASpareIsHydratedFromItsPersistedSnapshot() throws Exception {
        try (DirectorProcess director = DirectorProcess.start(dataDir, "warm-spare-hydrate",
                "--idle-shutdown-ms", "600000", "--snapshot-interval-ms", "3600000", "--admin-token", ADMIN_TOKEN);
             ScenarioContext ctx = GameSession.context(director)) {
            long firstSpare = awaitOneSpare(director, ctx, Set.of());
            ScenarioContext.Account account = ctx.newAccount("hydrate");
            GamePlayer before = GamePlayer.enter(ctx, account, WORLD);
            assertThat(ctx.http().world(WORLD).pid()).isEqualTo(firstSpare);
            int[] saved = before.stepAside();
            long secondSpare = awaitOneSpare(director, ctx, Set.of(firstSpare));

            HttpResponse<String> stop = adminStop(director.baseUrl(), WORLD);
            assertThat(stop.statusCode()).as(stop.body()).isEqualTo(202);
            await("the world to stop").atMost(LIFECYCLE).pollInterval(Duration.ofMillis(100))
                    .until(() -> ctx.http().world(WORLD).status().equals("stopped"));
            WorldRow stopped = ctx.http().world(WORLD);
            assertThat(stopped.pid()).isNull();
            assertThat(stopped.lastSnapshotSeq()).as("the final snapshot was persisted").isPositive();
            await("the first world process to exit").atMost(LIFECYCLE).until(() -> !alive(firstSpare));

            GamePlayer after = GamePlayer.enter(ctx, account, WORLD);

            WorldRow running = ctx.http().world(WORLD);
            assertThat(running.pid()).as("the second world also comes from a spare").isEqualTo(secondSpare);
            assertThat(running.hydratedSeq()).isEqualTo(stopped.lastSnapshotSeq());
            assertThat(after.welcome().you()).as("back at the saved cell")
                    .isEqualTo(new WelcomeMessage.Position(saved[0], saved[1], saved[2]));
            assertThat(after.welcome().tick()).as("the clock continues from the snapshot")
                    .isGreaterThan(before.welcome().tick());
            seen.addAll(worldProcesses(director));
        }
    }

    // ---- helpers ------------------------------------------------------------------------------------------------

    /**
     * Waits until the director reports one ready spare and exactly one {@code --spare} process other than
     * {@code assigned} (spares that became worlds keep their command line) runs under it; returns its pid.
     */
    private long awaitOneSpare(DirectorProcess director, ScenarioContext ctx, Set<Long> assigned) {
        long[] pid = new long[1];
        await("one warm spare ready").atMost(LIFECYCLE).pollInterval(Duration.ofMillis(100)).until(() -> {
            Set<Long> spares = spareProcesses(director);
            seen.addAll(spares);
            spares.removeAll(assigned);
            if (spares.size() != 1 || ctx.http().metric(READY_SPARES) != 1) {
                return false;
            }
            pid[0] = spares.iterator().next();
            return true;
        });
        return pid[0];
    }

    /** Live world-server processes under the director started with {@code --spare}. */
    private static Set<Long> spareProcesses(DirectorProcess director) {
        return ProcessHandle.of(director.pid()).stream().flatMap(ProcessHandle::descendants)
                .filter(ProcessHandle::isAlive)
                .filter(p -> p.info().arguments().map(args -> Arrays.asList(args).contains("--spare")).orElse(false))
                .map(ProcessHandle::pid)
                .collect(Collectors.toCollection(HashSet::new));
    }

    /** Live world-server processes under the director, spares or not. */
    private static Set<Long> worldProcesses(DirectorProcess director) {
        return ProcessHandle.of(director.pid()).stream().flatMap(ProcessHandle::descendants)
                .filter(ProcessHandle::isAlive)
                .filter(p -> p.info().arguments()
                        .map(args -> Arrays.stream(args).anyMatch(a -> a.endsWith("world-server.jar")))
                        .orElse(false))
                .map(ProcessHandle::pid)
                .collect(Collectors.toSet());
    }

    private static boolean alive(long pid) {
        return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }

    private static HttpResponse<String> adminStop(URI base, String worldId) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(base.resolve("/api/admin/worlds/" + worldId + "/stop"))
                .header("Authorization", "Bearer " + ADMIN_TOKEN)
                .timeout(Duration.ofSeconds(10))
                .POST(HttpRequest.BodyPublishers.noBody())
                .build();
        return HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString());
    }
}
