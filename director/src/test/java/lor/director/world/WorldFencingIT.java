package lor.director.world;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import lor.director.DirectorMetrics;
import lor.director.db.Database;
import lor.director.db.TestDatabase;
import lor.protocol.control.WorldHydrateMessage;
import lor.protocol.control.WorldReadyMessage;
import lor.protocol.control.WorldRegisterMessage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two directors on one database, racing for one cold world: the database's lease lets exactly one of them start a
 * process, whatever either director has in memory.
 */
class WorldFencingIT {

    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final int JOINS = 50;

    @TempDir
    Path dir;

    private final ScheduledExecutorService scheduler = Executors.newScheduledThreadPool(2);
    private final ExecutorService blocking = Executors.newFixedThreadPool(8);
    private final ExecutorService joiners = Executors.newFixedThreadPool(JOINS);
    private Database db;
    private StandInWorlds standIns;
    private WorldSupervisor first;
    private WorldSupervisor second;

    @BeforeEach
    void startTwoDirectors() throws Exception {
        db = TestDatabase.fresh();
        standIns = new StandInWorlds(dir);
        first = supervisor("director-one");
        second = supervisor("director-two");
    }

    @AfterEach
    void stopEverything() {
        // A stand-in does not speak /control and never exits on world_shutdown: a longer wait only delays its SIGKILL.
        first.shutdownAll(Duration.ofSeconds(1));
        second.shutdownAll(Duration.ofSeconds(1));
        standIns.close();
        joiners.shutdownNow();
        scheduler.shutdownNow();
        blocking.shutdownNow();
        db.close();
    }

    @Test
    void fiftyConcurrentJoinsThroughTwoDirectorsStartExactlyOneProcess() throws Exception {
        CountDownLatch go = new CountDownLatch(1);
        List<CompletableFuture<CompletableFuture<JoinTarget>>> asked = new ArrayList<>();
        for (int i = 0; i < JOINS; i++) {
            WorldSupervisor through = i % 2 == 0 ? first : second;
            asked.add(CompletableFuture.supplyAsync(() -> {
                try {
                    go.await();
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
                return through.join("cellar");
            }, joiners));
        }
        go.countDown();
        List<CompletableFuture<JoinTarget>> joins = new ArrayList<>();
        for (CompletableFuture<CompletableFuture<JoinTarget>> a : asked) {
            joins.add(a.get(WAIT.toMillis(), TimeUnit.MILLISECONDS));
        }

        StandInWorlds.Spawned process = standIns.next(WAIT);
        await().during(Duration.ofSeconds(2)).atMost(Duration.ofSeconds(5)).until(() -> standIns.waiting() == 0);
        await().atMost(WAIT).until(() -> status(first) == WorldStatus.STOPPED || status(second) == WorldStatus.STOPPED);
        WorldSupervisor winner = status(first) == WorldStatus.STARTING ? first : second;
        WorldSupervisor loser = winner == first ? second : first;
        assertThat(status(winner)).isEqualTo(WorldStatus.STARTING);
        assertThat(status(loser)).isEqualTo(WorldStatus.STOPPED);

        CapturingControlChannel control = new CapturingControlChannel();
        winner.onRegister(control, new WorldRegisterMessage("cellar", process.spawnToken(), 4001, process.pid()));
        await().atMost(WAIT).until(() -> !control.sent(WorldHydrateMessage.class).isEmpty());
        winner.onReady(control, new WorldReadyMessage("cellar", 0));

        int served = 0;
        int refused = 0;
        for (int i = 0; i < JOINS; i++) {
            CompletableFuture<JoinTarget> join = joins.get(i);
            try {
                assertThat(join.get(WAIT.toMillis(), TimeUnit.MILLISECONDS).gameUrl())
                        .isEqualTo("ws://127.0.0.1:4001/game");
                served++;
            } catch (ExecutionException e) {
                assertThat(e.getCause()).isInstanceOf(WorldUnavailableException.class)
                        .hasMessageContaining("is run by another director");
                refused++;
            }
        }
        assertThat(served).isEqualTo(JOINS / 2);
        assertThat(refused).isEqualTo(JOINS / 2);
        assertThat(ProcessHandle.of(process.pid()).map(ProcessHandle::isAlive)).contains(true);
    }

    private WorldSupervisor supervisor(String owner) {
        return new WorldSupervisor(new WorldRepository(db).all(), standIns.launcher(), new SnapshotRepository(db, 3),
                new WorldLeaseRepository(db, owner, WorldSupervisor.LEASE_TTL), blocking, scheduler,
                new DirectorMetrics(), new Membership(), new TicketIssuer(Clock.systemUTC(), 30_000), "127.0.0.1",
                60_000, 0, 30_000, 0);
    }

    private static WorldStatus status(WorldSupervisor supervisor) {
        return supervisor.views().stream().filter(v -> v.worldId().equals("cellar")).findFirst().orElseThrow()
                .status();
    }
}
