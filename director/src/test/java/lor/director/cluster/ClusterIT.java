package lor.director.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import lor.director.DirectorMetrics;
import lor.director.account.LoginThrottle;
import lor.director.db.Database;
import lor.director.db.TestDatabase;
import lor.director.world.Admission;
import lor.director.world.CapturingControlChannel;
import lor.director.world.Membership;
import lor.director.world.SnapshotRepository;
import lor.director.world.SpawnSecrets;
import lor.director.world.StandInWorlds;
import lor.director.world.TicketIssuer;
import lor.director.world.WorldLeaseRepository;
import lor.director.world.WorldRepository;
import lor.director.world.WorldSupervisor;
import lor.protocol.control.PlayerJoinedMessage;
import lor.protocol.control.PlayerKickMessage;
import lor.protocol.control.WorldDirectorsMessage;
import lor.protocol.control.WorldHeartbeatMessage;
import lor.protocol.control.WorldHydrateMessage;
import lor.protocol.control.WorldReadyMessage;
import lor.protocol.control.WorldRegisterMessage;
import lor.protocol.ticket.Ticket;
import lor.protocol.ticket.TicketSigner;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two directors on one database, each with its {@link Cluster}: a join through the director that does not run the
 * world is signed there when both derive ticket secrets from the database's key, and admitted by the one that does
 * otherwise (no second process either way), an account entering a world of one director leaves its world on the
 * other, and failed logins count on both.
 */
class ClusterIT {

    private static final Duration WAIT = Duration.ofSeconds(30);

    @TempDir
    Path dir;

    private final ScheduledExecutorService scheduler = Executors.newScheduledThreadPool(2);
    private final ExecutorService blocking = Executors.newFixedThreadPool(8);
    private final List<Running> running = new CopyOnWriteArrayList<>();
    private Database db;
    private StandInWorlds standIns;
    private Director one;
    private Director two;

    /** One director of the two, as {@code Director} wires it, on stand-in world processes. */
    private record Director(WorldSupervisor supervisor, LoginThrottle throttle, Cluster cluster) {
    }

    /** A stand-in world registered with a director, beating as a world does. */
    private record Running(WorldSupervisor supervisor, CapturingControlChannel control, String worldId,
                           StandInWorlds.Spawned process, int port) {
    }

    @BeforeEach
    void startDatabase() throws Exception {
        db = TestDatabase.fresh();
        standIns = new StandInWorlds(dir);
    }

    /** @param sharedKey whether the directors derive their spawns' ticket secrets from the database's key */
    private void startTwoDirectors(boolean sharedKey) {
        one = director("director-one", sharedKey ? TicketKey.load(db) : SpawnSecrets.RANDOM);
        two = director("director-two", sharedKey ? TicketKey.load(db) : SpawnSecrets.RANDOM);
        scheduler.scheduleAtFixedRate(() -> running.forEach(r -> r.supervisor().onHeartbeat(r.control(),
                new WorldHeartbeatMessage(r.worldId(), 1))), 0, 300, TimeUnit.MILLISECONDS);
        await("both listening").atMost(WAIT).until(() -> one.cluster().listening() && two.cluster().listening());
    }

    @AfterEach
    void stopEverything() {
        for (Director d : one == null ? List.<Director>of() : List.of(one, two)) {
            // The stand-ins do not answer a stop: they are killed at once.
            d.supervisor().shutdownAll(Duration.ofSeconds(1));
            d.cluster().close();
        }
        standIns.close();
        scheduler.shutdownNow();
        blocking.shutdownNow();
        db.close();
    }

    @Test
    void aJoinThroughTheOtherDirectorIsAdmittedByTheWorldsOwnerWithoutASecondProcess() throws Exception {
        startTwoDirectors(false);
        CompletableFuture<Admission> first = one.cluster().admissions().admit("cellar", 7, "alice", null);
        Running cellar = run(one, "cellar");
        Admission throughOwner = first.get(WAIT.toMillis(), TimeUnit.MILLISECONDS);

        Admission throughOther = two.cluster().admissions().admit("cellar", 8, "bob", null)
                .get(WAIT.toMillis(), TimeUnit.MILLISECONDS);

        assertThat(throughOther.gameUrl()).isEqualTo(throughOwner.gameUrl());
        TicketSigner world = TicketSigner.fromEncodedSecret(cellar.process().ticketSecret());
        Ticket ticket = world.verify(throughOther.ticket(), "cellar", System.currentTimeMillis());
        assertThat(ticket.accountId()).isEqualTo(8);
        assertThat(ticket.name()).isEqualTo("bob");
        assertThat(two.supervisor().runsHere("cellar")).as("no second process").isFalse();
        assertThat(standIns.waiting()).isZero();
    }

    @Test
    void aJoinThroughTheOtherDirectorIsSignedThereWhenBothHoldTheDatabasesTicketKey() throws Exception {
        startTwoDirectors(true);
        CompletableFuture<Admission> first = one.cluster().admissions().admit("cellar", 7, "alice", null);
        Running cellar = run(one, "cellar");
        Admission throughOwner = first.get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
        await("the spawn recorded").atMost(WAIT).until(() -> spawnKeyId("cellar") != null);
        // The owner hears nothing from the other directors any more: a join it had to answer would be asked again
        // until the join's deadline (20 s), and then refused.
        one.cluster().close();

        Admission throughOther = two.cluster().admissions().admit("cellar", 8, "bob", null)
                .get(WAIT.toMillis() / 3, TimeUnit.MILLISECONDS);

        assertThat(throughOther.gameUrl()).isEqualTo(throughOwner.gameUrl());
        Ticket ticket = TicketSigner.fromEncodedSecret(cellar.process().ticketSecret())
                .verify(throughOther.ticket(), "cellar", System.currentTimeMillis());
        assertThat(ticket.accountId()).isEqualTo(8);
        assertThat(ticket.name()).isEqualTo("bob");
        assertThat(two.supervisor().runsHere("cellar")).as("no second process").isFalse();
    }

    @Test
    void aStoppingWorldsJoinsGoBackToItsOwnerWhichAdmitsThemToItsNextProcess() throws Exception {
        startTwoDirectors(true);
        CompletableFuture<Admission> first = one.cluster().admissions().admit("cellar", 7, null, null);
        Running cellar = run(one, "cellar");
        first.get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
        await("the spawn recorded").atMost(WAIT).until(() -> spawnKeyId("cellar") != null);
        assertThat(two.cluster().admissions().admit("cellar", 8, null, null)).succeedsWithin(WAIT);

        assertThat(one.supervisor().stop("cellar", "test")).isTrue();
        // Until the other director hears the spawn ends it signs tickets for it at once; then its joins wait at the
        // owner for the next process, for as long as that takes.
        CompletableFuture<Admission> held = await("the other director told the spawn ends").atMost(WAIT)
                .until(() -> two.cluster().admissions().admit("cellar", 8, null, null),
                        ClusterIT::stillWaitingAfterASecond);
        ProcessHandle.of(cellar.process().pid()).ifPresent(ProcessHandle::destroyForcibly);
        Running again = run(one, "cellar");

        Admission admitted = held.get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
        assertThat(admitted.gameUrl()).endsWith(":" + again.port() + "/game");
        assertThat(TicketSigner.fromEncodedSecret(again.process().ticketSecret())
                .verify(admitted.ticket(), "cellar", System.currentTimeMillis()).accountId()).isEqualTo(8);
    }

    @Test
    void anAccountEnteringAWorldOfOneDirectorIsLetGoByItsWorldOnTheOther() throws Exception {
        startTwoDirectors(false);
        long account = createAccount("wanderer");
        CompletableFuture<Admission> toCellar = one.cluster().admissions().admit("cellar", account, null, null);
        Running cellar = run(one, "cellar");
        toCellar.get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
        CompletableFuture<Admission> toMeadow = two.cluster().admissions().admit("meadow", account, null, null);
        Running meadow = run(two, "meadow");
        toMeadow.get(WAIT.toMillis(), TimeUnit.MILLISECONDS);

        one.supervisor().onPlayerJoined(cellar.control(), new PlayerJoinedMessage("cellar", account));
        await().atMost(WAIT).until(() -> "cellar".equals(membership(account)));
        two.supervisor().onPlayerJoined(meadow.control(), new PlayerJoinedMessage("meadow", account));

        await("kicked out of the cellar, run by the other director").atMost(WAIT)
                .until(() -> !cellar.control().sent(PlayerKickMessage.class).isEmpty());
        assertThat(cellar.control().sent(PlayerKickMessage.class)).singleElement()
                .satisfies(k -> assertThat(k.accountId()).isEqualTo(account));
        assertThat(membership(account)).isEqualTo("meadow");
        assertThat(meadow.control().sent(PlayerKickMessage.class)).isEmpty();
    }

    @Test
    void aRunningWorldIsToldEveryDirectorSharingTheDatabaseToGoToIfItsOwnDies() throws Exception {
        startTwoDirectors(false);
        CompletableFuture<Admission> joined = one.cluster().admissions().admit("cellar", 7, null, null);
        Running cellar = run(one, "cellar");
        joined.get(WAIT.toMillis(), TimeUnit.MILLISECONDS);

        one.cluster().announce("ws://127.0.0.1:1001/control", scheduler);
        two.cluster().announce("ws://127.0.0.1:1002/control", scheduler);

        await("the world learns of the second director").atMost(WAIT)
                .until(() -> !cellar.control().sent(WorldDirectorsMessage.class).isEmpty());
        assertThat(cellar.control().sent(WorldDirectorsMessage.class).get(0).controlUrls())
                .containsExactly("ws://127.0.0.1:1001/control", "ws://127.0.0.1:1002/control");
    }

    @Test
    void failedLoginsThroughOneDirectorBackTheAccountOffOnTheOther() {
        startTwoDirectors(false);
        for (int i = 0; i < LoginThrottle.ACCOUNT_FREE_FAILURES; i++) {
            LoginThrottle.Decision decision = one.throttle().begin("victim", "10.0.0." + i);
            assertThat(decision.allowed()).isTrue();
            decision.attempt().failed();
        }

        await("backed off on the other director too").atMost(WAIT)
                .until(() -> !probe(two.throttle(), "Victim", "10.9.9.9"));
        assertThat(probe(two.throttle(), "someone-else", "10.9.9.9")).isTrue();
    }

    /** Whether a login would be let through now; one that is ends without a verdict. */
    private static boolean probe(LoginThrottle throttle, String username, String address) {
        LoginThrottle.Decision decision = throttle.begin(username, address);
        if (decision.allowed()) {
            decision.attempt().released();
        }
        return decision.allowed();
    }

    /** Plays the part of the world process {@code d} just spawned for {@code worldId}, until it runs. */
    private Running run(Director d, String worldId) throws Exception {
        StandInWorlds.Spawned process = standIns.next(WAIT);
        assertThat(process.worldId()).isEqualTo(worldId);
        CapturingControlChannel control = new CapturingControlChannel();
        int port = 4000 + running.size();
        d.supervisor().onRegister(control, new WorldRegisterMessage(worldId, process.spawnToken(), port,
                process.pid())).get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
        Running r = new Running(d.supervisor(), control, worldId, process, port);
        running.add(r);
        await().atMost(WAIT).until(() -> !control.sent(WorldHydrateMessage.class).isEmpty());
        d.supervisor().onReady(control, new WorldReadyMessage(worldId, 0));
        return r;
    }

    private Director director(String id, SpawnSecrets secrets) {
        WorldSupervisor supervisor = new WorldSupervisor(new WorldRepository(db).all(), standIns.launcher(),
                new SnapshotRepository(db, 3), new WorldLeaseRepository(db, id, WorldSupervisor.LEASE_TTL), blocking,
                scheduler, new DirectorMetrics(), new Membership(),
                new TicketIssuer(Clock.systemUTC(), 30_000, secrets),
                "127.0.0.1", 60_000, 0, 30_000, 0);
        supervisor.start();
        LoginThrottle throttle = new LoginThrottle(60_000, () -> System.nanoTime() / 1_000_000);
        return new Director(supervisor, throttle, Cluster.join(db, id, supervisor, throttle, blocking, 20_000));
    }

    private long createAccount(String username) {
        return db.inTransaction("test: create account", c -> {
            try (PreparedStatement s = c.prepareStatement("INSERT INTO accounts (username, password_hash) "
                    + "VALUES (?, 'none') RETURNING id")) {
                s.setString(1, username);
                try (ResultSet rs = s.executeQuery()) {
                    rs.next();
                    return rs.getLong(1);
                }
            }
        });
    }

    private static boolean stillWaitingAfterASecond(CompletableFuture<Admission> admission) {
        try {
            admission.get(1, TimeUnit.SECONDS);
            return false;
        } catch (TimeoutException e) {
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } catch (ExecutionException e) {
            return false;
        }
    }

    private String spawnKeyId(String worldId) {
        return db.inTransaction("test: spawn key", c -> {
            try (PreparedStatement s = c.prepareStatement("SELECT ticket_key_id FROM world_spawns "
                    + "WHERE world_id = ?")) {
                s.setString(1, worldId);
                try (ResultSet rs = s.executeQuery()) {
                    return rs.next() ? rs.getString(1) : null;
                }
            }
        });
    }

    private String membership(long account) {
        return db.inTransaction("test: membership", c -> {
            try (PreparedStatement s = c.prepareStatement("SELECT world_id FROM memberships WHERE account_id = ?")) {
                s.setLong(1, account);
                try (ResultSet rs = s.executeQuery()) {
                    return rs.next() ? rs.getString(1) : null;
                }
            }
        });
    }
}
