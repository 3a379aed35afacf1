package lor.director.world;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import lor.director.DirectorMetrics;
import lor.director.account.LoginThrottle;
import lor.director.cluster.Cluster;
import lor.director.db.Database;
import lor.director.db.TestDatabase;
import lor.director.world.admission.Admission;
import lor.director.world.admission.TicketIssuer;
import lor.director.world.lease.WorldLeaseRepository;
import lor.director.world.presence.Membership;
import lor.director.world.process.StandInWorlds;
import lor.director.world.store.SnapshotRepository;
import lor.director.world.store.WorldRepository;
import lor.protocol.control.WorldHydrateMessage;
import lor.protocol.control.WorldReadyMessage;
import lor.protocol.control.WorldRegisterMessage;
import lor.protocol.ticket.TicketSigner;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Three directors on one database, each with its {@link Cluster}, and 30 joins spread over them racing for one cold
 * world: the database's lease lets exactly one of them start a process, whatever each director has in memory, and
 * every join is admitted to that process, those that waited on a losing director's start included.
 */
class WorldFencingIT {

    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final String WORLD = "cellar";
    private static final int DIRECTORS = 3;
    private static final int JOINS = 30;
    private static final int GAME_PORT = 4001;

    @TempDir
    Path dir;

    private final ScheduledExecutorService scheduler = Executors.newScheduledThreadPool(2);
    private final ExecutorService blocking = Executors.newFixedThreadPool(16);
    private final List<Director> directors = new ArrayList<>();
    private Database db;
    private StandInWorlds standIns;

    /** One director as {@code Director} wires it, on stand-in world processes. */
    private record Director(WorldSupervisor supervisor, DirectorMetrics metrics, Cluster cluster) {
    }

    @BeforeEach
    void startThreeDirectors() throws Exception {
        // Three directors' blocking work on one pool here, where each would have its own.
        db = TestDatabase.fresh(16);
        standIns = new StandInWorlds(dir);
        for (int n = 1; n <= DIRECTORS; n++) {
            directors.add(director("director-" + n));
        }
        await("every director listening").atMost(WAIT)
                .until(() -> directors.stream().allMatch(d -> d.cluster().listening()));
    }

    @AfterEach
    void stopEverything() {
        for (Director d : directors) {
            // A stand-in does not speak /control and never exits on world_shutdown: a longer wait only delays its
            // SIGKILL.
            d.supervisor().shutdownAll(Duration.ofSeconds(1));
            d.cluster().close();
        }
        standIns.close();
        scheduler.shutdownNow();
        blocking.shutdownNow();
        db.close();
    }

    @Test
    void thirtyJoinsRacingThroughThreeDirectorsStartOneProcessAndAreAllAdmittedToIt() throws Exception {
        List<CompletableFuture<Admission>> joins = new ArrayList<>();
        // The race, made certain rather than likely: while the row is held, every director's claim waits on it.
        try (RowLock held = RowLock.on(db, WORLD)) {
            for (int i = 0; i < DIRECTORS; i++) {
                joins.add(admit(i));
            }
            await("every director's claim waiting on the row").atMost(WAIT).until(() -> claimsWaiting() == DIRECTORS);
            for (int i = DIRECTORS; i < JOINS; i++) {
                joins.add(admit(i));
            }
            assertThat(directors).as("each director starting the world, with joins waiting on its start")
                    .allSatisfy(d -> assertThat(d.supervisor().runsHere(WORLD)).isTrue());
        }

        StandInWorlds.Spawned process = standIns.next(WAIT);
        await("the losing starts given up").atMost(WAIT)
                .until(() -> directors.stream().filter(d -> d.supervisor().runsHere(WORLD)).count() == 1);
        Director winner = directors.stream().filter(d -> d.supervisor().runsHere(WORLD)).findFirst().orElseThrow();
        CapturingControlChannel control = new CapturingControlChannel();
        winner.supervisor().onRegister(control, new WorldRegisterMessage(WORLD, process.spawnToken(), GAME_PORT,
                process.pid()));
        await().atMost(WAIT).until(() -> !control.sent(WorldHydrateMessage.class).isEmpty());
        winner.supervisor().onReady(control, new WorldReadyMessage(WORLD, 0));

        List<String> refused = new ArrayList<>();
        TicketSigner world = TicketSigner.fromEncodedSecret(process.ticketSecret());
        for (int i = 0; i < JOINS; i++) {
            try {
                Admission admission = joins.get(i).get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
                assertThat(admission.gameUrl()).isEqualTo("ws://127.0.0.1:" + GAME_PORT + "/game");
                assertThat(world.verify(admission.ticket(), WORLD, System.currentTimeMillis()).accountId())
                        .isEqualTo(account(i));
            } catch (ExecutionException e) {
                refused.add("join " + i + " through director-" + (i % DIRECTORS + 1) + ": " + e.getCause());
            }
        }
        assertThat(refused).as("joins refused").isEmpty();
        assertThat(directors.stream().mapToLong(d -> d.metrics().worldSpawns.get()).sum())
                .as("world processes started by the three").isEqualTo(1);
        assertThat(standIns.waiting()).isZero();
        assertThat(ProcessHandle.of(process.pid()).map(ProcessHandle::isAlive)).contains(true);
    }

    /** Join {@code i}, through director {@code i} modulo three. */
    private CompletableFuture<Admission> admit(int i) {
        return directors.get(i % DIRECTORS).cluster().admissions().admit(WORLD, account(i), null, null);
    }

    private static long account(int i) {
        return 100 + i;
    }

    /** Claims of the world waiting for its row's lock. */
    private long claimsWaiting() {
        return db.inTransaction("test: claims waiting", c -> {
            try (PreparedStatement s = c.prepareStatement("SELECT count(*) FROM pg_stat_activity "
                    + "WHERE datname = current_database() AND wait_event_type = 'Lock' "
                    + "AND query LIKE 'UPDATE worlds SET epoch%'");
                 ResultSet rs = s.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        });
    }

    private Director director(String id) {
        DirectorMetrics metrics = new DirectorMetrics();
        WorldSupervisor supervisor = new WorldSupervisor(new WorldRepository(db).all(), standIns.launcher(),
                new SnapshotRepository(db, 3), new WorldLeaseRepository(db, id, WorldSupervisor.LEASE_TTL), blocking,
                scheduler, metrics, new Membership(), new TicketIssuer(Clock.systemUTC(), 30_000), "127.0.0.1",
                60_000, 0, 30_000, 0);
        LoginThrottle throttle = new LoginThrottle(60_000, () -> System.nanoTime() / 1_000_000);
        return new Director(supervisor, metrics, Cluster.join(db, id, supervisor, throttle, blocking, 20_000));
    }

    /** A world's row locked by a transaction of the test's own, as a slow operator's or a busy database's would be. */
    private static final class RowLock implements AutoCloseable {

        private final Connection connection;

        private RowLock(Connection connection) {
            this.connection = connection;
        }

        static RowLock on(Database db, String worldId) throws SQLException {
            Connection c = db.openDedicated("test-row-lock", 60);
            try {
                c.setAutoCommit(false);
                try (PreparedStatement s = c.prepareStatement("SELECT 1 FROM worlds WHERE world_id = ? FOR UPDATE")) {
                    s.setString(1, worldId);
                    s.executeQuery().close();
                }
                return new RowLock(c);
            } catch (SQLException e) {
                c.close();
                throw e;
            }
        }

        @Override
        public void close() throws SQLException {
            try {
                connection.rollback();
            } finally {
                connection.close();
            }
        }
    }
}
