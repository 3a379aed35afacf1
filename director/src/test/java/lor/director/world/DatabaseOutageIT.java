package lor.director.world;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
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

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import lor.director.DirectorMetrics;
import lor.director.account.AccountException;
import lor.director.account.AccountRepository;
import lor.director.account.AccountService;
import lor.director.account.PasswordHasher;
import lor.director.account.SessionRepository;
import lor.director.db.DataAccessException;
import lor.director.db.Database;
import lor.director.world.admission.JoinTarget;
import lor.director.world.admission.TicketIssuer;
import lor.director.world.lease.WorldLeaseRepository;
import lor.director.world.presence.Membership;
import lor.director.world.process.StandInWorlds;
import lor.director.world.store.SnapshotRepository;
import lor.director.world.store.WorldRepository;
import lor.protocol.JsonPayload;
import lor.protocol.control.WorldHydrateMessage;
import lor.protocol.control.WorldReadyMessage;
import lor.protocol.control.WorldRegisterMessage;
import lor.protocol.control.WorldSnapshotMessage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * PostgreSQL going away under a running world, as issue 6 describes it: stopped for a while (nothing crashes,
 * logins fail fast, the world's snapshot is acknowledged once the database is back), and killed with SIGKILL right
 * after acknowledgements (every acknowledged seq is there after recovery). The database is this test's own
 * durable embedded PostgreSQL on a fixed port, so that it can be stopped, killed and started again under the pool.
 */
class DatabaseOutageIT {

    private static final Duration WAIT = Duration.ofSeconds(30);
    /** SIGKILLs of PostgreSQL in the short version; {@code -Dlor.outage.kills=100} runs the long one. */
    private static final int KILLS = Integer.getInteger("lor.outage.kills", 5);

    @TempDir
    Path dir;

    private final ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor();
    private final ExecutorService blocking = Executors.newFixedThreadPool(4);
    private final ExecutorService caller = Executors.newSingleThreadExecutor();
    private int port;
    private EmbeddedPostgres postgres;
    private Database db;
    private StandInWorlds standIns;
    private WorldSupervisor supervisor;
    private CapturingControlChannel control;
    private long seq;

    @BeforeEach
    void startWorldOnItsOwnDatabase() throws Exception {
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        postgres = startPostgres();
        db = Database.connect("jdbc:postgresql://127.0.0.1:" + port + "/postgres", "postgres", null, 4);
        standIns = new StandInWorlds(dir);
        supervisor = new WorldSupervisor(new WorldRepository(db).all(), standIns.launcher(),
                new SnapshotRepository(db, 1_000), new WorldLeaseRepository(db, "outage-test",
                WorldSupervisor.LEASE_TTL), blocking, scheduler, new DirectorMetrics(), new Membership(),
                new TicketIssuer(Clock.systemUTC(), 30_000), "127.0.0.1", 60_000, 0, 30_000, 0);
        CompletableFuture<JoinTarget> join = supervisor.join("cellar");
        StandInWorlds.Spawned process = standIns.next(WAIT);
        control = new CapturingControlChannel();
        supervisor.onRegister(control, new WorldRegisterMessage("cellar", process.spawnToken(), 4001,
                process.pid()));
        await().atMost(WAIT).until(() -> !control.sent(WorldHydrateMessage.class).isEmpty());
        supervisor.onReady(control, new WorldReadyMessage("cellar", 0));
        join.get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
    }

    @AfterEach
    void stopEverything() throws IOException {
        // A stand-in does not speak /control and never exits on world_shutdown: a longer wait only delays its SIGKILL.
        supervisor.shutdownAll(Duration.ofSeconds(1));
        standIns.close();
        caller.shutdownNow();
        scheduler.shutdownNow();
        blocking.shutdownNow();
        db.close();
        if (postgres != null) {
            postgres.close();
        }
    }

    @Test
    void aStoppedDatabaseFailsLoginsFastAndTheWorldsSnapshotIsAcknowledgedOnceItIsBack() throws Exception {
        AccountService accounts = new AccountService(new AccountRepository(db), new SessionRepository(db),
                new PasswordHasher(), Duration.ofHours(1), Clock.systemUTC());
        accounts.register("outage_player", "correct horse battery");
        postgres.close();
        postgres = null;

        assertThat(db.ping()).as("readiness sees the outage").isFalse();
        CompletableFuture<Void> snapshot = snapshot();
        // Within the pool's 2 s connection timeout, with room for a loaded machine: an answer, not a hang.
        CompletableFuture<AccountService.Session> login = CompletableFuture.supplyAsync(() -> {
            try {
                return accounts.login("outage_player", "correct horse battery");
            } catch (AccountException e) {
                throw new IllegalStateException(e);
            }
        }, caller);
        assertThatThrownBy(() -> login.get(5, TimeUnit.SECONDS)).isInstanceOf(ExecutionException.class)
                .hasCauseInstanceOf(DataAccessException.class)
                .satisfies(e -> assertThat(((DataAccessException) e.getCause()).databaseUnavailable())
                        .as("answered 'unavailable', not 'internal_error'").isTrue());
        assertThat(snapshot).as("no ack while the database is away").isNotDone();
        assertThat(ProcessHandle.of(standInPid())).as("the world plays on").isPresent();

        postgres = startPostgres();

        snapshot.get(10, TimeUnit.SECONDS);
        assertThat(new SnapshotRepository(db, 1_000).latest("cellar").orElseThrow().seq()).isEqualTo(seq);
        assertThat(accounts.login("outage_player", "correct horse battery").accountId()).isPositive();
    }

    @Test
    void everyAcknowledgedSnapshotSurvivesPostgresKilledRightAfterTheAck() throws Exception {
        List<Long> acked = new ArrayList<>();
        for (int kill = 0; kill < KILLS; kill++) {
            snapshot().get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
            acked.add(seq);
            killPostgres();
            postgres = startPostgres();
        }
        SnapshotRepository snapshots = new SnapshotRepository(db, 1_000);
        await().atMost(WAIT).ignoreExceptions().until(() -> snapshots.seqs("cellar").containsAll(acked));
        assertThat(snapshots.latest("cellar").orElseThrow().seq()).isEqualTo(seq);
    }

    private CompletableFuture<Void> snapshot() {
        seq++;
        return supervisor.onSnapshot(control, "cellar", new WorldSnapshotMessage("cellar", seq,
                JsonPayload.of(JsonNodeFactory.instance.objectNode().put("tick", seq * 600)), false));
    }

    private long standInPid() {
        return supervisor.views().stream().filter(v -> v.worldId().equals("cellar")).findFirst().orElseThrow().pid();
    }

    private EmbeddedPostgres startPostgres() throws IOException {
        return EmbeddedPostgres.builder()
                .setDataDirectory(dir.resolve("postgres"))
                .setCleanDataDirectory(false)
                .setPort(port)
                .setRegisterShutdownHook(false)
                .setPGStartupWait(Duration.ofSeconds(60))
                .setServerConfig("fsync", "on")
                .setServerConfig("synchronous_commit", "on")
                .setServerConfig("full_page_writes", "on")
                .start();
    }

    /** SIGKILL to the postmaster, then waits for its backends to notice and exit, as after a crash. */
    private void killPostgres() throws Exception {
        long pid = Long.parseLong(Files.readAllLines(dir.resolve("postgres").resolve("postmaster.pid"),
                StandardCharsets.UTF_8).get(0).trim());
        ProcessHandle postmaster = ProcessHandle.of(pid).orElseThrow();
        List<ProcessHandle> backends = postmaster.descendants().toList();
        postmaster.destroyForcibly();
        postmaster.onExit().get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
        for (ProcessHandle backend : backends) {
            backend.onExit().get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
        }
        // Releases the library's lock on the data directory; its stop command finds nothing left to stop.
        try {
            postgres.close();
        } catch (IOException e) {
            // Expected: the server is already gone.
        }
        postgres = null;
    }
}
