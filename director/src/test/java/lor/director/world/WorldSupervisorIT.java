package lor.director.world;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

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
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

import lor.director.DirectorMetrics;
import lor.director.db.Database;
import lor.director.db.TestDatabase;
import lor.director.world.admission.JoinTarget;
import lor.director.world.admission.TicketIssuer;
import lor.director.world.lease.WorldLeaseRepository;
import lor.director.world.presence.Membership;
import lor.director.world.process.StandInWorlds;
import lor.director.world.store.SnapshotRepository;
import lor.director.world.store.TestWorlds;
import lor.director.world.store.WorldRepository;
import lor.protocol.JsonPayload;
import lor.protocol.Message;
import lor.protocol.control.PlayerJoinedMessage;
import lor.protocol.control.PlayerKickMessage;
import lor.protocol.control.PlayerLeftMessage;
import lor.protocol.control.PlayerRosterMessage;
import lor.protocol.control.PortalGrantedMessage;
import lor.protocol.control.PortalTransferMessage;
import lor.protocol.control.WorldExitCodes;
import lor.protocol.control.WorldHeartbeatMessage;
import lor.protocol.control.WorldHydrateMessage;
import lor.protocol.control.WorldReadyMessage;
import lor.protocol.control.WorldRegisterMessage;
import lor.protocol.control.WorldSnapshotMessage;
import lor.protocol.ticket.Ticket;
import lor.protocol.ticket.TicketException;
import lor.protocol.ticket.TicketSigner;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The supervisor's stage-3 work with worlds that really run: stand-in processes ({@link StandInWorlds}) started by
 * the real launcher, registered and hydrated (from the real PostgreSQL) by the test on their behalf.
 */
class WorldSupervisorIT {

    private static final Duration WAIT = Duration.ofSeconds(30);

    private static Database db;

    @TempDir
    Path dir;

    private final ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor();
    private final ExecutorService blocking = Executors.newFixedThreadPool(4);
    private final DirectorMetrics metrics = new DirectorMetrics();
    private final List<Long> pids = new ArrayList<>();
    private StandInWorlds standIns;
    private WorldSupervisor supervisor;

    /** A world the test registered: its stand-in process and the director's end of its control connection. */
    private record Running(StandInWorlds.Spawned process, CapturingControlChannel control, JoinTarget target) {
    }

    @BeforeAll
    static void startDatabase() {
        db = TestDatabase.fresh();
    }

    @AfterAll
    static void closeDatabase() {
        db.close();
    }

    @BeforeEach
    void startSupervisor() throws Exception {
        standIns = new StandInWorlds(dir);
        supervisor = new WorldSupervisor(new WorldRepository(db).all(), standIns.launcher(),
                new SnapshotRepository(db, 3),
                new WorldLeaseRepository(db, "director-under-test", WorldSupervisor.LEASE_TTL), blocking, scheduler,
                metrics, new Membership(),
                new TicketIssuer(Clock.systemUTC(), 30_000), "127.0.0.1", 60_000, 0, 30_000, 0);
    }

    @AfterEach
    void stopEverything() {
        pids.forEach(pid -> ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly));
        supervisor.shutdownAll(Duration.ofSeconds(10));
        standIns.close();
        scheduler.shutdownNow();
        blocking.shutdownNow();
    }

    @Test
    void portalToAStoppedWorldStartsItAndGrantsATicketPlacingThePlayerAtTheTarget() throws Exception {
        CompletableFuture<Message> answer = supervisor.onPortalTransfer("start",
                new PortalTransferMessage("start", 5, 42, "cellar", 6, 6, 0), WAIT.toMillis());
        StandInWorlds.Spawned cellar = spawned("cellar");
        assertThat(view("cellar").status()).isEqualTo(WorldStatus.STARTING);
        assertThat(answer).isNotDone();

        CapturingControlChannel control = register(cellar, 4001);

        PortalGrantedMessage granted = (PortalGrantedMessage) answer.get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
        assertThat(List.of(granted.worldId(), granted.transferId(), granted.accountId(), granted.targetWorldId(),
                granted.gameUrl())).containsExactly("start", 5L, 42L, "cellar", "ws://127.0.0.1:4001/game");
        Ticket ticket = verify(granted.ticket(), cellar);
        assertThat(ticket.accountId()).isEqualTo(42);
        assertThat(ticket.arrival()).isEqualTo(new Ticket.Arrival(6, 6, 0));
        assertThat(control.sent(WorldHydrateMessage.class)).containsExactly(new WorldHydrateMessage("cellar", 0, null));
    }

    @Test
    void portalToARunningWorldReusesItsProcess() throws Exception {
        Running cellar = running("cellar", 4001);

        Message answer = supervisor.onPortalTransfer("start",
                new PortalTransferMessage("start", 6, 43, "cellar", 10, 4, 0), WAIT.toMillis())
                .get(WAIT.toMillis(), TimeUnit.MILLISECONDS);

        PortalGrantedMessage granted = (PortalGrantedMessage) answer;
        assertThat(verify(granted.ticket(), cellar.process()).arrival()).isEqualTo(new Ticket.Arrival(10, 4, 0));
        assertThat(metrics.worldSpawns.get()).as("no second process").isEqualTo(1);
        assertThat(standIns.waiting()).isZero();
    }

    @Test
    void aPortalTicketCarriesTheNameTheTransferGave() throws Exception {
        Running cellar = running("cellar", 4001);

        PortalGrantedMessage named = (PortalGrantedMessage) supervisor.onPortalTransfer("start",
                new PortalTransferMessage("start", 7, 44, "cellar", 10, 4, 0, "alice"), WAIT.toMillis())
                .get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
        PortalGrantedMessage unnamed = (PortalGrantedMessage) supervisor.onPortalTransfer("start",
                new PortalTransferMessage("start", 8, 45, "cellar", 10, 4, 0), WAIT.toMillis())
                .get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
        PortalGrantedMessage misnamed = (PortalGrantedMessage) supervisor.onPortalTransfer("start",
                new PortalTransferMessage("start", 9, 46, "cellar", 10, 4, 0, "not a name"), WAIT.toMillis())
                .get(WAIT.toMillis(), TimeUnit.MILLISECONDS);

        assertThat(verify(named.ticket(), cellar.process()).name()).isEqualTo("alice");
        assertThat(verify(unnamed.ticket(), cellar.process()).name()).as("a world that sent none").isNull();
        assertThat(verify(misnamed.ticket(), cellar.process()).name()).as("granted, without the label").isNull();
    }

    @Test
    void membershipFollowsTheWorldsAndAnAccountIsKickedOutOfItsPreviousWorld() throws Exception {
        Running start = running("start", 4000);
        Running cellar = running("cellar", 4001);

        supervisor.onPlayerJoined(start.control(), new PlayerJoinedMessage("start", 42));
        assertThat(players("start")).isEqualTo(1);

        supervisor.onPlayerJoined(cellar.control(), new PlayerJoinedMessage("cellar", 42));
        assertThat(start.control().sent(PlayerKickMessage.class))
                .containsExactly(new PlayerKickMessage("start", 42, "entered another world"));
        assertThat(List.of(players("start"), players("cellar"))).containsExactly(0, 1);

        // start's leave comes late: the account is already in the cellar and stays there.
        supervisor.onPlayerLeft(start.control(), new PlayerLeftMessage("start", 42));
        assertThat(players("cellar")).isEqualTo(1);

        supervisor.onPlayerRoster(start.control(), new PlayerRosterMessage("start", List.of(42L, 7L)));
        assertThat(cellar.control().sent(PlayerKickMessage.class))
                .containsExactly(new PlayerKickMessage("cellar", 42, "entered another world"));
        assertThat(List.of(players("start"), players("cellar"))).containsExactly(2, 0);

        // A report on the wrong world's connection changes nothing.
        supervisor.onPlayerLeft(cellar.control(), new PlayerLeftMessage("start", 7));
        assertThat(players("start")).isEqualTo(2);
    }

    @Test
    void aWorldWhoseProcessExitsLosesItsPlayersAndItsControlConnection() throws Exception {
        Running cellar = running("cellar", 4001);
        supervisor.onPlayerRoster(cellar.control(), new PlayerRosterMessage("cellar", List.of(1L, 2L, 3L)));
        assertThat(players("cellar")).isEqualTo(3);

        ProcessHandle.of(cellar.process().pid()).orElseThrow().destroyForcibly();

        await().atMost(WAIT).until(() -> view("cellar").status() == WorldStatus.STOPPED);
        assertThat(players("cellar")).isZero();
        assertThat(cellar.control().isOpen()).isFalse();
    }

    @Test
    void joinAfterTheProcessDiedGetsTheNextProcessNotTheDeadOne() throws Exception {
        Running first = running("cellar", 4001);
        ProcessHandle dying = ProcessHandle.of(first.process().pid()).orElseThrow();
        dying.destroyForcibly();
        dying.onExit().get(WAIT.toMillis(), TimeUnit.MILLISECONDS);

        // Whether or not the supervisor has handled the exit yet, the join waits for a new process.
        CompletableFuture<JoinTarget> join = supervisor.join("cellar");
        assertThat(join).isNotDone();
        StandInWorlds.Spawned second = spawned("cellar");
        register(second, 4002);

        JoinTarget target = join.get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
        assertThat(target.gameUrl()).isEqualTo("ws://127.0.0.1:4002/game");
        String token = target.signer().sign(new Ticket(42, "cellar", System.currentTimeMillis() + 10_000, "n"));
        assertThat(verify(token, second).accountId()).isEqualTo(42);
        assertThat(second.ticketSecret()).isNotEqualTo(first.process().ticketSecret());
    }

    @Test
    void aRunningWorldThatStopsBeatingIsKilledAndReplacedOnlyOnceItHasExited() throws Exception {
        supervisor.start();
        Running cellar = running("cellar", 4001);
        ProcessHandle silent = ProcessHandle.of(cellar.process().pid()).orElseThrow();

        // The stand-in never beats: three missed beats later the director kills it.
        silent.onExit().get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
        // Counted right after the kill, which the exit may beat.
        await().atMost(WAIT).until(() -> metrics.worldsUnhealthy.get() >= 1);
        assertThat(metrics.worldsUnhealthy.get()).isEqualTo(1);
        await().atMost(WAIT).until(() -> view("cellar").status() == WorldStatus.STOPPED);
        assertThat(standIns.waiting()).as("no replacement before a join asks for one").isZero();

        CompletableFuture<JoinTarget> join = supervisor.join("cellar");
        StandInWorlds.Spawned second = spawned("cellar");
        assertThat(second.pid()).isNotEqualTo(cellar.process().pid());
        register(second, 4002);
        assertThat(join.get(WAIT.toMillis(), TimeUnit.MILLISECONDS).gameUrl()).isEqualTo("ws://127.0.0.1:4002/game");
    }

    @Test
    void aWorldThatKeepsBeatingIsLeftRunning() throws Exception {
        supervisor.start();
        Running cellar = running("cellar", 4001);
        ProcessHandle process = ProcessHandle.of(cellar.process().pid()).orElseThrow();
        ScheduledFuture<?> beats = scheduler.scheduleAtFixedRate(() -> supervisor.onHeartbeat(cellar.control(),
                new WorldHeartbeatMessage("cellar", 1)), 0, 500, TimeUnit.MILLISECONDS);
        try {
            await().during(Duration.ofSeconds(5)).atMost(Duration.ofSeconds(8))
                    .until(() -> process.isAlive() && view("cellar").status() == WorldStatus.RUNNING);
        } finally {
            beats.cancel(false);
        }
        assertThat(metrics.worldsUnhealthy.get()).isZero();
    }

    @Test
    void aWorldThatCrashesFourTimesWithinAMinuteFailsAndJoinsGetTheReasonUntilAnOperatorClearsIt()
            throws Exception {
        for (int crash = 1; crash <= CrashLoop.MAX_EXITS; crash++) {
            Running meadow = running("meadow", 4100 + crash);
            ProcessHandle.of(meadow.process().pid()).orElseThrow().destroyForcibly();
            WorldStatus expected = crash < CrashLoop.MAX_EXITS ? WorldStatus.STOPPED : WorldStatus.FAILED;
            await().atMost(WAIT).until(() -> view("meadow").status() == expected);
        }
        assertThat(view("meadow").failure()).isEqualTo("it exited abnormally 4 times within 60 s (last exit code 137)");
        assertThat(metrics.worldFailures.get()).isEqualTo(1);
        assertThat(metrics.render(supervisor.views())).contains("lor_worlds_failed 1");

        CompletableFuture<JoinTarget> refused = supervisor.join("meadow");
        assertThat(refused).isCompletedExceptionally();
        assertThatThrownBy(refused::join).hasCauseInstanceOf(WorldUnavailableException.class)
                .hasMessageContaining("the world has failed: it exited abnormally 4 times");
        assertThat(standIns.waiting()).as("a failed world is not started").isZero();

        assertThat(supervisor.clearFailure("meadow")).isTrue();
        assertThat(view("meadow").status()).isEqualTo(WorldStatus.STOPPED);
        assertThat(view("meadow").failure()).isNull();
        assertThat(supervisor.clearFailure("meadow")).as("only a failed world is cleared").isFalse();
        assertThat(running("meadow", 4200).target().gameUrl()).isEqualTo("ws://127.0.0.1:4200/game");
    }

    @Test
    void aWorldWhoseProcessCannotReadItsSnapshotFailsAtOnceAndTheRowIsKept() throws Exception {
        standIns.exitAtOnceWith(WorldExitCodes.UNREADABLE_SNAPSHOT);
        CompletableFuture<JoinTarget> join = supervisor.join("meadow");
        spawned("meadow");

        await().atMost(WAIT).until(() -> view("meadow").status() == WorldStatus.FAILED);
        assertThat(view("meadow").failure()).startsWith("its snapshot seq ").endsWith("cannot be loaded (the row is "
                + "kept for inspection)");
        assertThatThrownBy(() -> join.get(WAIT.toMillis(), TimeUnit.MILLISECONDS))
                .hasCauseInstanceOf(WorldUnavailableException.class);
        assertThat(supervisor.join("meadow")).isCompletedExceptionally();
    }

    @Test
    void aWorldWhoseContentPackCannotLoadFailsAtOnceWithTheReasonItPrinted() throws Exception {
        String reason = "its content pack cannot be loaded: packs/default.json: objects[0] \"furnace\".recipes[0]: "
                + "recipe \"smelt\" is not defined";
        standIns.exitAtOnceWith(WorldExitCodes.BAD_CONTENT, WorldExitCodes.FAILURE_LINE + reason);
        CompletableFuture<JoinTarget> join = supervisor.join("meadow");
        spawned("meadow");

        await().atMost(WAIT).until(() -> view("meadow").status() == WorldStatus.FAILED);
        assertThat(view("meadow").failure()).isEqualTo(reason);
        assertThatThrownBy(() -> join.get(WAIT.toMillis(), TimeUnit.MILLISECONDS))
                .hasCauseInstanceOf(WorldUnavailableException.class);
        assertThat(view("start").status()).as("other worlds are untouched").isNotEqualTo(WorldStatus.FAILED);
        standIns.exitAtOnceWith(null);
        assertThat(supervisor.clearFailure("meadow")).isTrue();
    }

    @Test
    void aWorldHydratesFromASnapshotRowWrittenAsJsonbBeforeStatesWereStoredAsText() throws Exception {
        String world = "cellar";
        long seq = TestWorlds.find(db, world).lastSnapshotSeq() + 1;
        TestWorlds.storeRaw(db, world, seq, "{\"format\": 3, \"tick\": 42}");
        try {
            CompletableFuture<JoinTarget> join = supervisor.join(world);
            CapturingControlChannel control = register(spawned(world), 4001);

            assertThat(control.sent(WorldHydrateMessage.class)).containsExactly(new WorldHydrateMessage(world, seq,
                    JsonPayload.ofText("{\"format\":3,\"tick\":42}")));
            assertThat(join.get(WAIT.toMillis(), TimeUnit.MILLISECONDS).gameUrl())
                    .isEqualTo("ws://127.0.0.1:4001/game");
        } finally {
            TestWorlds.deleteSnapshot(db, world, seq);
        }
    }

    @Test
    void aSnapshotRowThatIsNoWorldStateFailsTheWorldWithoutAnyHydrationAndIsKept() throws Exception {
        String world = "cellar";
        long seq = TestWorlds.find(db, world).lastSnapshotSeq() + 1;
        TestWorlds.storeRaw(db, world, seq, "[\"not\", \"a\", \"world\"]");
        CompletableFuture<JoinTarget> join = supervisor.join(world);
        StandInWorlds.Spawned process = spawned(world);
        CapturingControlChannel control = new CapturingControlChannel();
        supervisor.onRegister(control, new WorldRegisterMessage(world, process.spawnToken(), 4001, process.pid()));

        await().atMost(WAIT).until(() -> view(world).status() == WorldStatus.FAILED);
        assertThat(view(world).failure()).isEqualTo("its snapshot seq " + seq + " cannot be loaded: its state is "
                + "not a JSON object (the row is kept for inspection)");
        assertThat(control.sent(WorldHydrateMessage.class)).isEmpty();
        assertThat(ProcessHandle.of(process.pid())).isEmpty();
        assertThat(join).isCompletedExceptionally();
        assertThat(new SnapshotRepository(db, 3).latest(world).orElseThrow().seq()).isEqualTo(seq);
        TestWorlds.deleteSnapshot(db, world, seq);
        supervisor.clearFailure(world);
    }

    @Test
    void aSnapshotFromAFencedOffProcessIsRefusedAndTheProcessKilled() throws Exception {
        Running cellar = running("cellar", 4001);
        long seq = TestWorlds.find(db, "cellar").lastSnapshotSeq() + 1;
        // Another director takes the world over (as if this one's lease had expired): a new epoch begins.
        TestWorlds.expireLease(db, "cellar");
        WorldLeaseRepository other = new WorldLeaseRepository(db, "other-director", WorldSupervisor.LEASE_TTL);
        other.claim("cellar");

        CompletableFuture<Void> stored = supervisor.onSnapshot(cellar.control(), "cellar",
                new WorldSnapshotMessage("cellar", seq, JsonPayload.ofText("{\"tick\":1}"), false));

        assertThatThrownBy(() -> stored.get(WAIT.toMillis(), TimeUnit.MILLISECONDS))
                .hasMessageContaining("STALE_EPOCH");
        ProcessHandle.of(cellar.process().pid()).ifPresent(h -> h.onExit().join());
        await().atMost(WAIT).until(() -> view("cellar").status() == WorldStatus.STOPPED);
        assertThat(metrics.snapshotRefusals.get()).isEqualTo(1);
        assertThat(TestWorlds.find(db, "cellar").lastSnapshotSeq()).isEqualTo(seq - 1);
        other.releaseAll();
    }

    @Test
    void aWorldStartsAsItIsStoredWhenItsSpawnClaimsItNotAsThisDirectorLastReadIt() throws Exception {
        String world = TestWorlds.create(db);
        supervisor.add(TestWorlds.find(db, world));
        // Changed through another director: only the database has the change.
        new WorldRepository(db).replace(world, "Renamed elsewhere", "{\"map\":\"cellar\",\"viewRadius\":12}");

        CompletableFuture<JoinTarget> join = supervisor.join(world);
        StandInWorlds.Spawned process = spawned(world);

        assertThat(arguments(process)).contains("--map cellar").contains("--view-radius 12");
        assertThat(view(world).name()).isEqualTo("Renamed elsewhere");
        register(process, 4001);
        assertThat(join.get(WAIT.toMillis(), TimeUnit.MILLISECONDS).gameUrl()).isEqualTo("ws://127.0.0.1:4001/game");
    }

    @Test
    void aWorldRemovedThroughAnotherDirectorIsUnknownAtItsNextJoinAndForgottenHere() {
        String world = TestWorlds.create(db);
        supervisor.add(TestWorlds.find(db, world));
        assertThat(new WorldRepository(db).remove(world, "another-director"))
                .isEqualTo(WorldRepository.Removal.REMOVED);

        assertThat(supervisor.join(world)).failsWithin(WAIT).withThrowableOfType(ExecutionException.class)
                .withCauseInstanceOf(UnknownWorldException.class);
        assertThat(supervisor.exists(world)).as("forgotten").isFalse();
        assertThat(supervisor.views()).noneMatch(v -> v.worldId().equals(world));
        assertThat(metrics.worldSpawns.get()).as("no process").isZero();
    }

    // ---- helpers ------------------------------------------------------------------------------------------------

    private Running running(String worldId, int gamePort) throws Exception {
        CompletableFuture<JoinTarget> join = supervisor.join(worldId);
        StandInWorlds.Spawned process = spawned(worldId);
        CapturingControlChannel control = register(process, gamePort);
        return new Running(process, control, join.get(WAIT.toMillis(), TimeUnit.MILLISECONDS));
    }

    private StandInWorlds.Spawned spawned(String worldId) throws InterruptedException {
        StandInWorlds.Spawned process = standIns.next(WAIT);
        pids.add(process.pid());
        assertThat(process.worldId()).isEqualTo(worldId);
        return process;
    }

    /** Registers the stand-in as its world server would, and reports it hydrated. */
    private CapturingControlChannel register(StandInWorlds.Spawned process, int gamePort) throws Exception {
        CapturingControlChannel control = new CapturingControlChannel();
        supervisor.onRegister(control, new WorldRegisterMessage(process.worldId(), process.spawnToken(), gamePort,
                process.pid()));
        await().atMost(WAIT).until(() -> !control.sent(WorldHydrateMessage.class).isEmpty());
        WorldHydrateMessage hydrate = control.sent(WorldHydrateMessage.class).get(0);
        supervisor.onReady(control, new WorldReadyMessage(process.worldId(), hydrate.seq()));
        return control;
    }

    /** The stand-in's command line, as the launcher gave it, in one string. */
    private static String arguments(StandInWorlds.Spawned process) {
        return String.join(" ", ProcessHandle.of(process.pid()).orElseThrow().info().arguments().orElseThrow());
    }

    private static Ticket verify(String token, StandInWorlds.Spawned process) throws TicketException {
        return TicketSigner.fromEncodedSecret(process.ticketSecret()).verify(token, process.worldId(),
                System.currentTimeMillis());
    }

    private WorldView view(String worldId) {
        return supervisor.views().stream().filter(v -> v.worldId().equals(worldId)).findFirst().orElseThrow();
    }

    private int players(String worldId) {
        return view(worldId).players();
    }
}
