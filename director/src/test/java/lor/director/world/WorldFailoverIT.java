package lor.director.world;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import lor.director.DirectorMetrics;
import lor.director.db.Database;
import lor.director.db.TestDatabase;
import lor.director.world.admission.TicketIssuer;
import lor.director.world.lease.CuttableLeases;
import lor.director.world.lease.WorldLeaseRepository;
import lor.director.world.lease.WorldLeases;
import lor.director.world.presence.Membership;
import lor.director.world.process.StandInWorlds;
import lor.director.world.store.SnapshotRepository;
import lor.director.world.store.WorldRepository;
import lor.protocol.ErrorCode;
import lor.protocol.ErrorMessage;
import lor.protocol.control.WorldHeartbeatMessage;
import lor.protocol.control.WorldHydrateMessage;
import lor.protocol.control.WorldReadyMessage;
import lor.protocol.control.WorldRegisterMessage;
import lor.protocol.control.WorldResumedMessage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two directors on one database, one world process: when its director lets it go (fenced off from the database,
 * or beaten to the lease by the other's adoption), the other adopts it under the same epoch, and the process runs
 * on throughout. A fenced director refuses joins and registrations, and serves again once the database answers.
 */
class WorldFailoverIT {

    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final String WORLD = "cellar";

    @TempDir
    Path dir;

    private final ScheduledExecutorService scheduler = Executors.newScheduledThreadPool(2);
    private final ExecutorService blocking = Executors.newFixedThreadPool(8);
    private Database db;
    private StandInWorlds standIns;
    private CuttableLeases firstLeases;
    private WorldSupervisor first;
    private WorldSupervisor second;
    /** Where the running world's heartbeats go: the director it is registered with, as the world would do. */
    private final AtomicReference<Registered> beating = new AtomicReference<>();
    private ScheduledFuture<?> heartbeats;

    private record Registered(WorldSupervisor director, CapturingControlChannel control) {
    }

    @BeforeEach
    void startTwoDirectors() throws Exception {
        db = TestDatabase.fresh();
        standIns = new StandInWorlds(dir);
        firstLeases = new CuttableLeases(new WorldLeaseRepository(db, "director-one", WorldSupervisor.LEASE_TTL));
        first = supervisor(firstLeases);
        second = supervisor(new WorldLeaseRepository(db, "director-two", WorldSupervisor.LEASE_TTL));
        first.start();
        second.start();
        heartbeats = scheduler.scheduleAtFixedRate(() -> {
            Registered r = beating.get();
            if (r != null) {
                r.director().onHeartbeat(r.control(), new WorldHeartbeatMessage(WORLD, 1));
            }
        }, 0, 300, TimeUnit.MILLISECONDS);
    }

    @AfterEach
    void stopEverything() {
        heartbeats.cancel(false);
        firstLeases.heal();
        first.shutdownAll(Duration.ofSeconds(1));
        second.shutdownAll(Duration.ofSeconds(1));
        standIns.close();
        scheduler.shutdownNow();
        blocking.shutdownNow();
        db.close();
    }

    @Test
    void aWorldAdoptedByAnotherDirectorRunsOnThereUnderItsEpochAndItsFormerDirectorLetsItGo() throws Exception {
        StandInWorlds.Spawned process = runOnFirst();
        long epoch = epoch();

        CapturingControlChannel secondControl = new CapturingControlChannel();
        second.onRegister(secondControl, register(process)).get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
        beating.set(new Registered(second, secondControl));

        assertThat(secondControl.sent(WorldResumedMessage.class)).as("told its new ticket secret").hasSize(1);
        assertThat(status(second)).isEqualTo(WorldStatus.RUNNING);
        assertThat(second.join(WORLD).get(WAIT.toMillis(), TimeUnit.MILLISECONDS).gameUrl())
                .as("players go where the process is").isEqualTo("ws://127.0.0.1:4001/game");
        assertThat(epoch()).as("the same epoch: its snapshots are still accepted").isEqualTo(epoch);
        await("the former director notices at its next renewal").atMost(WAIT)
                .until(() -> status(first) == WorldStatus.STOPPED);
        assertThat(ProcessHandle.of(process.pid()).map(ProcessHandle::isAlive)).as("never stopped").contains(true);
    }

    @Test
    void aDirectorCutOffFromTheDatabaseFencesItselfBeforeItsLeaseCanExpireAndItsWorldIsAdoptedElsewhere()
            throws Exception {
        StandInWorlds.Spawned process = runOnFirst();
        CapturingControlChannel firstControl = beating.get().control();

        firstLeases.cut();
        await("fenced off").atMost(WAIT).until(first::fenced);

        assertThat(leaseLeftMillis()).as("fenced with the lease still live for long").isGreaterThan(15_000);
        assertThat(firstControl.sent(ErrorMessage.class)).as("the world is told to find another director")
                .singleElement().satisfies(e -> assertThat(e.code()).isEqualTo(ErrorCode.UNAVAILABLE.wireName()));
        assertThat(status(first)).isEqualTo(WorldStatus.STOPPED);
        assertThatThrownBy(() -> first.join(WORLD).get(WAIT.toMillis(), TimeUnit.MILLISECONDS))
                .isInstanceOf(ExecutionException.class).hasCauseInstanceOf(WorldUnavailableException.class);
        assertThatThrownBy(() -> first.onRegister(new CapturingControlChannel(), register(process)).get())
                .as("a fenced director does not take the world back")
                .cause().isInstanceOfSatisfying(RegistrationRefusedException.class,
                        e -> assertThat(e.retryable()).isTrue());

        CapturingControlChannel secondControl = new CapturingControlChannel();
        second.onRegister(secondControl, register(process)).get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
        beating.set(new Registered(second, secondControl));
        assertThat(status(second)).isEqualTo(WorldStatus.RUNNING);

        firstLeases.heal();
        await("serving again once the database answers").atMost(WAIT).until(() -> !first.fenced());
        assertThatThrownBy(() -> first.join(WORLD).get(WAIT.toMillis(), TimeUnit.MILLISECONDS))
                .as("the world is the other director's now").cause()
                .isInstanceOf(RunElsewhereException.class);
        assertThat(ProcessHandle.of(process.pid()).map(ProcessHandle::isAlive)).contains(true);
    }

    /** Joins the world through the first director and plays the spawned process's part until it runs. */
    private StandInWorlds.Spawned runOnFirst() throws Exception {
        var joined = first.join(WORLD);
        StandInWorlds.Spawned process = standIns.next(WAIT);
        CapturingControlChannel control = new CapturingControlChannel();
        first.onRegister(control, register(process)).get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
        beating.set(new Registered(first, control));
        await().atMost(WAIT).until(() -> !control.sent(WorldHydrateMessage.class).isEmpty());
        first.onReady(control, new WorldReadyMessage(WORLD, 0));
        joined.get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
        await("its spawn recorded for another director to adopt").atMost(WAIT).until(() -> spawnRecords() == 1);
        return process;
    }

    private static WorldRegisterMessage register(StandInWorlds.Spawned process) {
        return new WorldRegisterMessage(WORLD, process.spawnToken(), 4001, process.pid());
    }

    private WorldSupervisor supervisor(WorldLeases leases) {
        return new WorldSupervisor(new WorldRepository(db).all(), standIns.launcher(), new SnapshotRepository(db, 3),
                leases, blocking, scheduler, new DirectorMetrics(), new Membership(),
                new TicketIssuer(Clock.systemUTC(), 30_000), "127.0.0.1", 60_000, 0, 30_000, 0);
    }

    private static WorldStatus status(WorldSupervisor supervisor) {
        return supervisor.views().stream().filter(v -> v.worldId().equals(WORLD)).findFirst().orElseThrow()
                .status();
    }

    private long epoch() {
        return query("SELECT epoch FROM worlds WHERE world_id = '" + WORLD + "'");
    }

    private long spawnRecords() {
        return query("SELECT count(*) FROM world_spawns WHERE world_id = '" + WORLD + "'");
    }

    private long leaseLeftMillis() {
        return query("SELECT (extract(epoch FROM lease_expires_at - now()) * 1000)::bigint FROM worlds "
                + "WHERE world_id = '" + WORLD + "'");
    }

    private long query(String sql) {
        return db.inTransaction("test: query", c -> {
            try (PreparedStatement s = c.prepareStatement(sql); ResultSet rs = s.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        });
    }
}
