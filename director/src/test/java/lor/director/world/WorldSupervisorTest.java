package lor.director.world;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import lor.director.DirectorMetrics;
import lor.director.world.admission.JoinTarget;
import lor.director.world.admission.TicketIssuer;
import lor.director.world.lease.LocalLeases;
import lor.director.world.presence.Membership;
import lor.director.world.process.StandInWorlds;
import lor.director.world.process.WorldProcessLauncher;
import lor.director.world.store.WorldRepository;
import lor.protocol.Message;
import lor.protocol.control.PlayerJoinedMessage;
import lor.protocol.control.PlayerLeftMessage;
import lor.protocol.control.PlayerRosterMessage;
import lor.protocol.control.PortalRefusedMessage;
import lor.protocol.control.PortalTransferMessage;
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The supervisor's stage-3 rules that need no registered world: refusals of portal transfers, reports from a
 * connection that is not a world's current one, and {@code stop}. Where a process must run, it is a stand-in
 * ({@link StandInWorlds}) that never registers.
 */
class WorldSupervisorTest {

    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final String SETTINGS = "{\"map\":\"start\",\"npcs\":0,\"viewRadius\":24}";
    private static final List<WorldRepository.WorldRecord> RECORDS = List.of(
            new WorldRepository.WorldRecord("start", "Start", 0, SETTINGS),
            new WorldRepository.WorldRecord("cellar", "Cellar", 0, "{\"map\":\"cellar\"}"));

    @TempDir
    Path dir;

    private final ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor();
    private final ExecutorService blocking = Executors.newFixedThreadPool(2);
    private final Membership membership = new Membership();
    private StandInWorlds standIns;
    private WorldSupervisor supervisor;

    @AfterEach
    void stopEverything() {
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
    void refusesATransferAskedForByAnotherWorldThanTheRegisteredOne() throws Exception {
        supervisor = supervisor(StandInWorlds.missingJar(dir));

        Message answer = supervisor.onPortalTransfer("meadow", transfer("cellar", 6, 6, 0), 1_000).get();

        assertThat(answer).isEqualTo(new PortalRefusedMessage("start", 5, 42, "portal from another world"));
    }

    @Test
    void refusesATransferToAWorldTheDirectorDoesNotKnow() throws Exception {
        supervisor = supervisor(StandInWorlds.missingJar(dir));

        Message answer = supervisor.onPortalTransfer("start", transfer("atlantis", 6, 6, 0), 1_000).get();

        assertThat(answer).isEqualTo(new PortalRefusedMessage("start", 5, 42, "this portal leads nowhere"));
    }

    @Test
    void refusesATransferToANegativeCell() throws Exception {
        supervisor = supervisor(StandInWorlds.missingJar(dir));

        Message answer = supervisor.onPortalTransfer("start", transfer("cellar", 6, -1, 0), 1_000).get();

        assertThat(answer).isEqualTo(new PortalRefusedMessage("start", 5, 42, "this portal leads nowhere"));
        assertThat(supervisor.views()).allSatisfy(v -> assertThat(v.status()).isEqualTo(WorldStatus.STOPPED));
    }

    @Test
    void refusesATransferWhoseTargetProcessCannotStartSayingWhy() throws Exception {
        supervisor = supervisor(StandInWorlds.missingJar(dir));

        Message answer = supervisor.onPortalTransfer("start", transfer("cellar", 6, 6, 0), 10_000)
                .get(WAIT.toMillis(), TimeUnit.MILLISECONDS);

        assertThat(answer).isEqualTo(new PortalRefusedMessage("start", 5, 42,
                "cellar is unavailable: the world's process could not start"));
        assertThat(view("cellar").status()).isEqualTo(WorldStatus.STOPPED);
    }

    @Test
    void refusesATransferWhoseTargetDoesNotStartWithinTheTimeout() throws Exception {
        standIns = new StandInWorlds(dir);
        supervisor = supervisor(standIns.launcher());

        // The stand-in never registers: the answer comes when the transfer's own timeout runs out.
        Message answer = supervisor.onPortalTransfer("start", transfer("cellar", 6, 6, 0), 300)
                .get(WAIT.toMillis(), TimeUnit.MILLISECONDS);

        assertThat(answer).isEqualTo(new PortalRefusedMessage("start", 5, 42,
                "cellar is unavailable: the other world did not start in time"));
        assertThat(view("cellar").status()).as("still starting, for the next join").isEqualTo(WorldStatus.STARTING);
    }

    @Test
    void ignoresPlayerReportsFromAConnectionThatIsNotTheWorldsCurrentOne() {
        supervisor = supervisor(StandInWorlds.missingJar(dir));
        CapturingControlChannel stranger = new CapturingControlChannel();

        supervisor.onPlayerJoined(stranger, new PlayerJoinedMessage("start", 42));
        supervisor.onPlayerRoster(stranger, new PlayerRosterMessage("start", List.of(1L, 2L)));
        supervisor.onPlayerJoined(stranger, new PlayerJoinedMessage("atlantis", 43));
        membership.join(7, "start");
        supervisor.onPlayerLeft(stranger, new PlayerLeftMessage("start", 7));

        assertThat(membership.worldOf(42)).isNull();
        assertThat(membership.worldOf(7)).as("a stale world cannot take a player out").isEqualTo("start");
        assertThat(view("start").players()).isEqualTo(1);
        assertThat(stranger.sent()).isEmpty();
    }

    @Test
    void viewsCountPlayersFromTheMembership() {
        supervisor = supervisor(StandInWorlds.missingJar(dir));

        membership.join(1, "cellar");
        membership.join(2, "cellar");
        membership.join(3, "start");

        assertThat(supervisor.views()).extracting(WorldView::worldId, WorldView::players)
                .containsExactly(Tuple.tuple("cellar", 2),
                        Tuple.tuple("start", 1));
    }

    @Test
    void stopAnswersFalseForAnUnknownOrStoppedWorld() {
        supervisor = supervisor(StandInWorlds.missingJar(dir));

        assertThat(supervisor.stop("atlantis", "test")).isFalse();
        assertThat(supervisor.stop("start", "test")).isFalse();
        assertThat(view("start").status()).isEqualTo(WorldStatus.STOPPED);
    }

    @Test
    void stopOfAStartingWorldStopsItsProcessAndAnswersTrue() throws Exception {
        standIns = new StandInWorlds(dir);
        supervisor = supervisor(standIns.launcher());
        CompletableFuture<JoinTarget> join = supervisor.join("cellar");
        standIns.next(WAIT);

        assertThat(supervisor.stop("cellar", "test")).isTrue();

        assertThat(view("cellar").status()).isEqualTo(WorldStatus.STOPPING);
        assertThat(join).isCompletedExceptionally();
        assertThat(supervisor.stop("cellar", "again")).as("already stopping").isFalse();
        await().atMost(WAIT).until(() -> view("cellar").status() == WorldStatus.STOPPED);
    }

    private WorldView view(String worldId) {
        return supervisor.views().stream().filter(v -> v.worldId().equals(worldId)).findFirst().orElseThrow();
    }

    private static PortalTransferMessage transfer(String target, int x, int y, int layer) {
        return new PortalTransferMessage("start", 5, 42, target, x, y, layer);
    }

    private WorldSupervisor supervisor(WorldProcessLauncher launcher) {
        return new WorldSupervisor(RECORDS, launcher, null, new LocalLeases(), blocking, scheduler,
                new DirectorMetrics(), membership, new TicketIssuer(Clock.systemUTC(), 30_000), "127.0.0.1", 60_000, 0,
                30_000, 0);
    }
}
