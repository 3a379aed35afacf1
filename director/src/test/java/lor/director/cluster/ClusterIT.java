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
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import lor.director.DirectorMetrics;
import lor.director.account.LoginThrottle;
import lor.director.db.Database;
import lor.director.db.TestDatabase;
import lor.director.world.Admission;
import lor.director.world.CapturingControlChannel;
import lor.director.world.Membership;
import lor.director.world.SnapshotRepository;
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
 * world is admitted by the one that does (no second process), an account entering a world of one director leaves
 * its world on the other, and failed logins count on both.
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
                           StandInWorlds.Spawned process) {
    }

    @BeforeEach
    void startTwoDirectors() throws Exception {
        db = TestDatabase.fresh();
        standIns = new StandInWorlds(dir);
        one = director("director-one");
        two = director("director-two");
        scheduler.scheduleAtFixedRate(() -> running.forEach(r -> r.supervisor().onHeartbeat(r.control(),
                new WorldHeartbeatMessage(r.worldId(), 1))), 0, 300, TimeUnit.MILLISECONDS);
        await("both listening").atMost(WAIT).until(() -> one.cluster().listening() && two.cluster().listening());
    }

    @AfterEach
    void stopEverything() {
        for (Director d : List.of(one, two)) {
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
    void anAccountEnteringAWorldOfOneDirectorIsLetGoByItsWorldOnTheOther() throws Exception {
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
        d.supervisor().onRegister(control, new WorldRegisterMessage(worldId, process.spawnToken(),
                4000 + running.size(), process.pid())).get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
        Running r = new Running(d.supervisor(), control, worldId, process);
        running.add(r);
        await().atMost(WAIT).until(() -> !control.sent(WorldHydrateMessage.class).isEmpty());
        d.supervisor().onReady(control, new WorldReadyMessage(worldId, 0));
        return r;
    }

    private Director director(String id) {
        WorldSupervisor supervisor = new WorldSupervisor(new WorldRepository(db).all(), standIns.launcher(),
                new SnapshotRepository(db, 3), new WorldLeaseRepository(db, id, WorldSupervisor.LEASE_TTL), blocking,
                scheduler, new DirectorMetrics(), new Membership(), new TicketIssuer(Clock.systemUTC(), 30_000),
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
