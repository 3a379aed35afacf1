package lor.director.world.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import lor.director.DirectorMetrics;
import lor.director.world.CapturingControlChannel;
import lor.director.world.RegistrationRefusedException;
import lor.director.world.WorldStatus;
import lor.director.world.WorldSupervisor;
import lor.director.world.WorldView;
import lor.director.world.admission.JoinTarget;
import lor.director.world.admission.TicketIssuer;
import lor.director.world.lease.LocalLeases;
import lor.director.world.presence.Membership;
import lor.director.world.store.WorldRepository;
import lor.protocol.control.SpareRegisterMessage;
import lor.protocol.control.WorldAssignMessage;
import lor.protocol.control.WorldReadyMessage;
import lor.protocol.control.WorldRegisterMessage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Warm spares, with real processes: the pool starts {@link StandInWorld}s through a real {@link WorldProcessLauncher}
 * ({@link StandInWorlds}), and each one reports the spawn token it was given, which is what the test registers it
 * with, as the real spare's {@code spare_register} would. The last tests go through {@link WorldSupervisor}'s public
 * spare methods and its join path.
 */
class SparePoolTest {

    private static final Duration WAIT = Duration.ofSeconds(30);
    /** A stand-in reports an absent option or variable as the text "null". */
    private static final String ABSENT = "null";

    @TempDir
    Path dir;

    private final DirectorMetrics metrics = new DirectorMetrics();
    private final List<Process> taken = new ArrayList<>();
    private StandInWorlds standIns;
    private SparePool pool;
    private WorldSupervisor supervisor;
    private ScheduledExecutorService scheduler;
    private ExecutorService blocking;

    @AfterEach
    void stopEverything() throws Exception {
        if (supervisor != null) {
            // A stand-in does not speak /control and never exits on world_shutdown: a longer wait only delays its
            // SIGKILL.
            supervisor.shutdownAll(Duration.ofSeconds(1));
        }
        List<Process> processes = new ArrayList<>(taken);
        if (pool != null) {
            processes.addAll(pool.close());
        }
        for (Process process : processes) {
            process.destroyForcibly();
            process.onExit().get(10, TimeUnit.SECONDS);
        }
        if (standIns != null) {
            standIns.close();
        }
        if (scheduler != null) {
            scheduler.shutdownNow();
            blocking.shutdownNow();
        }
    }

    // ---- the pool -----------------------------------------------------------------------------------------------

    @Test
    void takeAnswersNullWhenNoSpareIsWanted() {
        pool = new SparePool(StandInWorlds.missingJar(dir), metrics, 0);

        pool.replenish();

        assertThat(pool.take()).isNull();
        assertThat(pool.ready()).isZero();
        assertThat(metrics.worldSpawns.get()).isZero();
    }

    @Test
    void aStartedSpareThatHasNotRegisteredIsNeitherReadyNorHandedOut() throws Exception {
        standIns = new StandInWorlds(dir);
        pool = new SparePool(standIns.launcher(), metrics, 1);

        pool.replenish();
        standIns.next(WAIT);

        assertThat(pool.ready()).isZero();
        assertThat(pool.take()).isNull();
    }

    @Test
    void replenishStartsTheConfiguredNumberOfSparesAndNoMore() throws Exception {
        standIns = new StandInWorlds(dir);
        pool = new SparePool(standIns.launcher(), metrics, 2);

        pool.replenish();
        pool.replenish();

        assertThat(metrics.worldSpawns.get()).isEqualTo(2);
        StandInWorlds.Spawned a = standIns.next(WAIT);
        StandInWorlds.Spawned b = standIns.next(WAIT);
        assertThat(a.spawnToken()).isNotBlank().isNotEqualTo(b.spawnToken());
        assertThat(a.pid()).isNotEqualTo(b.pid());
        assertThat(List.of(a, b)).allSatisfy(spare -> {
            assertThat(spare.worldId()).as("a spare has no world yet").isEqualTo(ABSENT);
            assertThat(spare.ticketSecret()).as("a spare gets its ticket secret with its world").isEqualTo(ABSENT);
        });
        assertThat(standIns.waiting()).isZero();
    }

    @Test
    void aRegistrationWithAnUnknownSpawnTokenIsRefused() throws Exception {
        standIns = new StandInWorlds(dir);
        pool = new SparePool(standIns.launcher(), metrics, 1);
        pool.replenish();
        StandInWorlds.Spawned spare = standIns.next(WAIT);

        assertThat(pool.registered(new CapturingControlChannel(), "not-" + spare.spawnToken(), spare.pid())).isFalse();
        assertThat(pool.registered(new CapturingControlChannel(), "", spare.pid())).isFalse();

        assertThat(pool.ready()).isZero();
        assertThat(pool.take()).isNull();
    }

    @Test
    void aRegisteredSpareIsReadyAndHandedOutOnce() throws Exception {
        standIns = new StandInWorlds(dir);
        pool = new SparePool(standIns.launcher(), metrics, 1);
        pool.replenish();
        StandInWorlds.Spawned started = standIns.next(WAIT);
        CapturingControlChannel channel = new CapturingControlChannel();

        assertThat(pool.registered(channel, started.spawnToken(), started.pid())).isTrue();
        assertThat(pool.ready()).isEqualTo(1);

        SparePool.Spare spare = taken(pool.take());
        assertThat(spare).isNotNull();
        assertThat(spare.spawnToken()).isEqualTo(started.spawnToken());
        assertThat(spare.process().pid()).isEqualTo(started.pid());
        assertThat(spare.control()).isSameAs(channel);
        assertThat(pool.take()).as("handed out once").isNull();
        assertThat(pool.ready()).isZero();
    }

    @Test
    void replenishAfterATakeStartsAReplacement() throws Exception {
        standIns = new StandInWorlds(dir);
        pool = new SparePool(standIns.launcher(), metrics, 1);
        pool.replenish();
        StandInWorlds.Spawned first = standIns.next(WAIT);
        pool.registered(new CapturingControlChannel(), first.spawnToken(), first.pid());
        taken(pool.take());

        pool.replenish();

        StandInWorlds.Spawned second = standIns.next(WAIT);
        assertThat(second.pid()).isNotEqualTo(first.pid());
        assertThat(second.spawnToken()).isNotEqualTo(first.spawnToken());
        assertThat(metrics.worldSpawns.get()).isEqualTo(2);
        assertThat(pool.ready()).as("the replacement has not registered yet").isZero();
        assertThat(pool.registered(new CapturingControlChannel(), first.spawnToken(), first.pid()))
                .as("a taken spare's token no longer registers a spare").isFalse();
    }

    @Test
    void aDisconnectedSpareIsNoLongerReady() throws Exception {
        standIns = new StandInWorlds(dir);
        pool = new SparePool(standIns.launcher(), metrics, 1);
        pool.replenish();
        StandInWorlds.Spawned started = standIns.next(WAIT);
        CapturingControlChannel channel = new CapturingControlChannel();
        pool.registered(channel, started.spawnToken(), started.pid());

        pool.disconnected(new CapturingControlChannel());
        assertThat(pool.ready()).as("another connection closing changes nothing").isEqualTo(1);

        pool.disconnected(channel);

        assertThat(pool.ready()).isZero();
        assertThat(pool.take()).isNull();
    }

    @Test
    void takeSkipsASpareWhoseControlConnectionIsClosed() throws Exception {
        standIns = new StandInWorlds(dir);
        pool = new SparePool(standIns.launcher(), metrics, 1);
        pool.replenish();
        StandInWorlds.Spawned started = standIns.next(WAIT);
        CapturingControlChannel channel = new CapturingControlChannel();
        pool.registered(channel, started.spawnToken(), started.pid());

        channel.close();

        assertThat(pool.take()).isNull();
    }

    @Test
    void aSpareThatDiesIsNoLongerReadyAndIsReplaced() throws Exception {
        standIns = new StandInWorlds(dir);
        pool = new SparePool(standIns.launcher(), metrics, 1);
        pool.replenish();
        StandInWorlds.Spawned first = standIns.next(WAIT);
        pool.registered(new CapturingControlChannel(), first.spawnToken(), first.pid());
        assertThat(pool.ready()).isEqualTo(1);

        ProcessHandle.of(first.pid()).orElseThrow().destroyForcibly();

        await("the dead spare to be no longer ready").atMost(WAIT).until(() -> pool.ready() == 0);
        StandInWorlds.Spawned replacement = standIns.next(WAIT);
        assertThat(replacement.pid()).isNotEqualTo(first.pid());
        assertThat(replacement.spawnToken()).isNotEqualTo(first.spawnToken());
        assertThat(metrics.worldSpawns.get()).isEqualTo(2);
        assertThat(pool.take()).isNull();
    }

    @Test
    void aTakenSpareThatExitsIsNotReplacedByThePool() throws Exception {
        standIns = new StandInWorlds(dir);
        pool = new SparePool(standIns.launcher(), metrics, 1);
        pool.replenish();
        StandInWorlds.Spawned first = standIns.next(WAIT);
        pool.registered(new CapturingControlChannel(), first.spawnToken(), first.pid());
        SparePool.Spare spare = taken(pool.take());
        pool.replenish();
        StandInWorlds.Spawned second = standIns.next(WAIT);

        spare.process().destroyForcibly();
        spare.process().onExit().get(10, TimeUnit.SECONDS);

        // Its exit is the world's business now: the pool keeps the one spare it has.
        await("the spawn count to stay at 2").during(Duration.ofSeconds(1)).atMost(WAIT)
                .until(() -> metrics.worldSpawns.get() == 2);
        List<Process> left = pool.close();
        assertThat(left).extracting(Process::pid).containsExactly(second.pid());
    }

    @Test
    void sparesThatKeepExitingRightAfterTheirStartAreStartedThreeTimesAtMost() throws Exception {
        standIns = new StandInWorlds(dir);
        // The stand-in exits with an error at once when it cannot report to its control URL: nothing listens on 1.
        WorldProcessLauncher failing = new WorldProcessLauncher(standIns.launcher().worldJar(),
                () -> "http://127.0.0.1:1/spawned", "127.0.0.1", 30_000, 1 << 20);
        pool = new SparePool(failing, metrics, 1);

        pool.replenish();

        await("three quick failures, then no more starts").during(Duration.ofSeconds(2)).atMost(WAIT)
                .until(() -> metrics.worldSpawns.get() == 3);
        pool.replenish();
        assertThat(metrics.worldSpawns.get()).as("replenish starts nothing once spares keep failing").isEqualTo(3);
        assertThat(pool.ready()).isZero();
        assertThat(standIns.waiting()).isZero();
    }

    @Test
    void aSpareThatCannotBeStartedLeavesThePoolEmpty() {
        pool = new SparePool(StandInWorlds.missingJar(dir), metrics, 2);

        pool.replenish();

        assertThat(metrics.worldSpawns.get()).isZero();
        assertThat(pool.ready()).isZero();
        assertThat(pool.take()).isNull();
    }

    @Test
    void closeStopsEverySpareReturnsTheirProcessesAndStartsNoMore() throws Exception {
        standIns = new StandInWorlds(dir);
        pool = new SparePool(standIns.launcher(), metrics, 2);
        pool.replenish();
        StandInWorlds.Spawned a = standIns.next(WAIT);
        StandInWorlds.Spawned b = standIns.next(WAIT);
        pool.registered(new CapturingControlChannel(), a.spawnToken(), a.pid());

        List<Process> processes = pool.close();

        assertThat(processes).extracting(Process::pid).containsExactlyInAnyOrder(a.pid(), b.pid());
        CompletableFuture.allOf(processes.stream().map(Process::onExit).toArray(CompletableFuture[]::new))
                .get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
        assertThat(processes).noneMatch(Process::isAlive);
        pool.replenish();
        assertThat(metrics.worldSpawns.get()).isEqualTo(2);
        assertThat(pool.ready()).isZero();
        assertThat(pool.take()).isNull();
        assertThat(pool.close()).isEmpty();
    }

    // ---- through the supervisor ---------------------------------------------------------------------------------

    @Test
    void theSupervisorRefusesASpareWithAnUnknownTokenAndCountsARegisteredOne() throws Exception {
        standIns = new StandInWorlds(dir);
        supervisor = supervisor(standIns.launcher(), 1);
        supervisor.start();
        StandInWorlds.Spawned spare = standIns.next(WAIT);

        assertThatThrownBy(() -> supervisor.onSpareRegister(new CapturingControlChannel(),
                new SpareRegisterMessage("forged", spare.pid()))).isInstanceOf(RegistrationRefusedException.class);
        assertThat(supervisor.readySpares()).isZero();

        CapturingControlChannel channel = new CapturingControlChannel();
        supervisor.onSpareRegister(channel, new SpareRegisterMessage(spare.spawnToken(), spare.pid()));
        assertThat(supervisor.readySpares()).isEqualTo(1);

        supervisor.onSpareClosed(channel);
        assertThat(supervisor.readySpares()).isZero();
    }

    @Test
    void aJoinTakesTheReadySpareAssignsItTheWorldAndStartsAnother() throws Exception {
        standIns = new StandInWorlds(dir);
        supervisor = supervisor(standIns.launcher(), 1);
        supervisor.start();
        StandInWorlds.Spawned spare = standIns.next(WAIT);
        CapturingControlChannel channel = new CapturingControlChannel();
        supervisor.onSpareRegister(channel, new SpareRegisterMessage(spare.spawnToken(), spare.pid()));

        CompletableFuture<JoinTarget> join = supervisor.join("cellar");

        assertThat(join).as("ready once the world registers and hydrates").isNotDone();
        // Assigned once the world is claimed in the database, off the joining thread.
        await().atMost(WAIT).until(() -> !channel.sent().isEmpty());
        assertThat(channel.sent()).hasSize(1);
        WorldAssignMessage assign = channel.sent(WorldAssignMessage.class).get(0);
        assertThat(assign.worldId()).isEqualTo("cellar");
        assertThat(assign.spec().map()).isEqualTo("cellar");
        assertThat(assign.spec().npcs()).isEqualTo(3);
        assertThat(assign.spec().viewRadius()).isEqualTo(20);
        assertThat(assign.spec().spawn()).isEqualTo("hashed");
        assertThat(assign.spec().snapshotIntervalMs()).isEqualTo(30_000);
        assertThat(assign.ticketSecret()).isNotBlank();
        WorldView cellar = view("cellar");
        assertThat(cellar.status()).isEqualTo(WorldStatus.STARTING);
        assertThat(cellar.pid()).as("the spare is the world's process").isEqualTo(spare.pid());
        assertThat(supervisor.readySpares()).isZero();
        assertThat(supervisor.join("cellar")).as("a second join waits for the same process").isSameAs(join);
        assertThat(channel.sent()).hasSize(1);
        assertThat(metrics.worldSpawns.get()).as("no replacement competes with the hydration").isEqualTo(1);

        // The spare registers as the world on its own connection and is ready: then a replacement starts.
        supervisor.onRegister(channel, new WorldRegisterMessage("cellar", spare.spawnToken(), 4242, spare.pid()));
        supervisor.onReady(channel, new WorldReadyMessage("cellar", 0));
        assertThat(join.get(WAIT.toMillis(), TimeUnit.MILLISECONDS).gameUrl()).endsWith(":4242/game");
        StandInWorlds.Spawned replacement = standIns.next(WAIT);
        assertThat(replacement.worldId()).as("the replacement is a spare, not a world").isEqualTo(ABSENT);
        assertThat(replacement.pid()).isNotEqualTo(spare.pid());
        assertThat(metrics.worldSpawns.get()).as("the first spare and its replacement").isEqualTo(2);
    }

    @Test
    void aJoinWithoutAReadySpareSpawnsAWorldProcess() throws Exception {
        standIns = new StandInWorlds(dir);
        supervisor = supervisor(standIns.launcher(), 1);
        supervisor.start();
        StandInWorlds.Spawned spare = standIns.next(WAIT);
        CapturingControlChannel channel = new CapturingControlChannel();
        supervisor.onSpareRegister(channel, new SpareRegisterMessage(spare.spawnToken(), spare.pid()));
        supervisor.onSpareClosed(channel);

        supervisor.join("cellar");

        StandInWorlds.Spawned world = standIns.next(WAIT);
        assertThat(world.worldId()).isEqualTo("cellar");
        assertThat(world.ticketSecret()).isNotEqualTo(ABSENT);
        assertThat(view("cellar").pid()).isEqualTo(world.pid()).isNotEqualTo(spare.pid());
        assertThat(channel.sent()).as("nothing is assigned to a disconnected spare").isEmpty();
    }

    // ---- helpers ------------------------------------------------------------------------------------------------

    private SparePool.Spare taken(SparePool.Spare spare) {
        if (spare != null) {
            taken.add(spare.process());
        }
        return spare;
    }

    private WorldView view(String worldId) {
        return supervisor.views().stream().filter(v -> v.worldId().equals(worldId)).findFirst().orElseThrow();
    }

    private WorldSupervisor supervisor(WorldProcessLauncher launcher, int warmSpares) {
        scheduler = Executors.newSingleThreadScheduledExecutor();
        blocking = Executors.newFixedThreadPool(2);
        List<WorldRepository.WorldRecord> records = List.of(
                new WorldRepository.WorldRecord("start", "Start", 0, "{\"map\":\"start\"}"),
                new WorldRepository.WorldRecord("cellar", "Cellar", 0,
                        "{\"map\":\"cellar\",\"npcs\":3,\"viewRadius\":20,\"spawn\":\"hashed\"}"));
        return new WorldSupervisor(records, launcher, null, new LocalLeases(), blocking, scheduler, metrics,
                new Membership(), new TicketIssuer(Clock.systemUTC(), 30_000), "127.0.0.1", 60_000, 0, 30_000,
                warmSpares);
    }
}
