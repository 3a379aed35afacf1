package lor.director.world.lease;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.PreparedStatement;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import lor.director.db.Database;
import lor.director.db.TestDatabase;
import lor.director.world.UnknownWorldException;
import lor.director.world.store.TestWorlds;
import lor.director.world.store.WorldRepository;
import lor.protocol.ticket.Secrets;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The database decides who runs a world: claims, epochs, renewal, expiry, release. */
class WorldLeaseRepositoryIT {

    private static Database db;
    private String world;
    private WorldLeaseRepository a;
    private WorldLeaseRepository b;

    @BeforeAll
    static void startDatabase() {
        db = TestDatabase.fresh();
    }

    @AfterAll
    static void closeDatabase() {
        db.close();
    }

    @BeforeEach
    void newWorld() {
        world = TestWorlds.create(db);
        a = new WorldLeaseRepository(db, "director-a", Duration.ofSeconds(30));
        b = new WorldLeaseRepository(db, "director-b", Duration.ofSeconds(30));
    }

    @Test
    void everyClaimStartsAHigherEpochAndALiveLeaseKeepsOtherDirectorsOut() throws Exception {
        long first = a.claim(world).epoch();
        long second = a.claim(world).epoch();
        assertThat(second).isEqualTo(first + 1);

        assertThatThrownBy(() -> b.claim(world))
                .isInstanceOf(LeaseHeldException.class)
                .hasMessageContaining("director-a");
        assertThat(epoch()).as("a refused claim changes nothing").isEqualTo(second);
    }

    @Test
    void aClaimReadsTheWorldAsStoredAndAClaimOfARemovedWorldSaysItIsUnknown() throws Exception {
        new WorldRepository(db).replace(world, "Changed elsewhere", "{\"map\":\"cellar\"}");

        WorldLeases.Claim claim = a.claim(world);

        assertThat(claim.stored().name()).isEqualTo("Changed elsewhere");
        assertThat(TestWorlds.json(claim.stored().settingsJson())).isEqualTo(TestWorlds.json("{\"map\":\"cellar\"}"));
        a.release(world, claim.epoch());
        new WorldRepository(db).remove(world, "director-b");
        assertThatThrownBy(() -> a.claim(world)).isInstanceOf(UnknownWorldException.class);
    }

    @Test
    void aReleasedOrExpiredLeaseCanBeClaimedByAnotherDirector() throws Exception {
        long epoch = a.claim(world).epoch();
        a.release(world, epoch);
        long byB = b.claim(world).epoch();
        assertThat(byB).isEqualTo(epoch + 1);

        TestWorlds.expireLease(db, world);
        assertThat(a.claim(world).epoch()).isEqualTo(byB + 1);
    }

    @Test
    void releasingAnOlderEpochLeavesTheNewerClaimAlone() throws Exception {
        long old = a.claim(world).epoch();
        a.claim(world);

        a.release(world, old);

        assertThatThrownBy(() -> b.claim(world)).isInstanceOf(LeaseHeldException.class);
    }

    @Test
    void renewingKeepsALeaseThatWouldHaveExpired() throws Exception {
        WorldLeaseRepository shortLived = new WorldLeaseRepository(db, "director-c", Duration.ofMillis(1));
        shortLived.claim(world);
        TestWorlds.expireLease(db, world);
        WorldLeaseRepository renewing = new WorldLeaseRepository(db, "director-c", Duration.ofMinutes(5));

        renewing.renewAll(Set.of(world));

        assertThatThrownBy(() -> b.claim(world)).isInstanceOf(LeaseHeldException.class);
    }

    @Test
    void aLeaseOfAWorldTheDirectorNoLongerRunsIsNotRenewedAndExpires() throws Exception {
        WorldLeaseRepository shortLived = new WorldLeaseRepository(db, "director-c", Duration.ofMillis(1));
        String other = TestWorlds.create(db);
        shortLived.claim(world);
        shortLived.claim(other);
        TestWorlds.expireLease(db, world);
        TestWorlds.expireLease(db, other);
        WorldLeaseRepository renewing = new WorldLeaseRepository(db, "director-c", Duration.ofMinutes(5));

        assertThat(renewing.renewAll(Set.of(other))).containsExactly(other);

        assertThat(b.claim(world).epoch()).as("let go: its lease ran out").isPositive();
        assertThatThrownBy(() -> b.claim(other)).isInstanceOf(LeaseHeldException.class);
    }

    @Test
    void ofManyDirectorsClaimingAtOnceExactlyOneWins() throws Exception {
        int directors = 20;
        ExecutorService pool = Executors.newFixedThreadPool(directors);
        try {
            CountDownLatch go = new CountDownLatch(1);
            List<Future<Boolean>> claims = new ArrayList<>();
            for (int i = 0; i < directors; i++) {
                WorldLeaseRepository leases = new WorldLeaseRepository(db, "director-" + i, Duration.ofSeconds(30));
                claims.add(pool.submit(() -> {
                    go.await();
                    try {
                        leases.claim(world);
                        return true;
                    } catch (LeaseHeldException e) {
                        return false;
                    }
                }));
            }
            go.countDown();
            int won = 0;
            for (Future<Boolean> claim : claims) {
                won += claim.get() ? 1 : 0;
            }
            assertThat(won).isEqualTo(1);
            assertThat(epoch()).isEqualTo(1);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aRestartedDirectorFindsTheSpawnOfAGoneDirectorAndTakesItsLeaseOverUnderTheSameEpoch() throws Exception {
        String goneOwner = "gone-" + world;
        WorldLeaseRepository gone = new WorldLeaseRepository(db, goneOwner, Duration.ofSeconds(30));
        long epoch = gone.claim(world).epoch();
        Instant started = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        byte[] tokenHash = Secrets.sha256("spawn-token");
        gone.recordSpawn(world, epoch, 4242, started, 4001, tokenHash, "ws://127.0.0.1:4001/game", null);
        WorldLeaseRepository restarted = new WorldLeaseRepository(db, "restarted-" + world, Duration.ofSeconds(30),
                goneOwner::equals);

        List<SpawnRecord> left = restarted.leftBehind().stream().filter(r -> r.worldId().equals(world)).toList();

        assertThat(left).singleElement().satisfies(r -> {
            assertThat(r.epoch()).isEqualTo(epoch);
            assertThat(r.pid()).isEqualTo(4242);
            assertThat(r.processStartedAt()).isEqualTo(started);
            assertThat(r.gamePort()).isEqualTo(4001);
            assertThat(r.spawnTokenSha256()).isEqualTo(tokenHash);
            assertThat(r.director()).isEqualTo(goneOwner);
        });
        assertThat(restarted.takeOver(world, epoch, goneOwner, null)).isTrue();
        assertThat(epoch()).as("the world's process goes on under its epoch").isEqualTo(epoch);
        assertThatThrownBy(() -> b.claim(world)).isInstanceOf(LeaseHeldException.class)
                .hasMessageContaining("restarted-");
        assertThat(restarted.takeOver(world, epoch, goneOwner, null)).as("taken over once").isFalse();
    }

    @Test
    void leasesOfAGoneDirectorWithoutACurrentRecordAreFreedAtOnce() throws Exception {
        String goneOwner = "gone-" + world;
        String other = TestWorlds.create(db);
        WorldLeaseRepository gone = new WorldLeaseRepository(db, goneOwner, Duration.ofSeconds(30));
        gone.claim(world);
        long old = gone.claim(other).epoch();
        gone.recordSpawn(other, old, 4242, null, 4001, Secrets.sha256("old"), "ws://127.0.0.1:4001/game", null);
        gone.claim(other);
        WorldLeaseRepository restarted = new WorldLeaseRepository(db, "restarted-" + world, Duration.ofSeconds(30),
                goneOwner::equals);

        assertThat(restarted.leftBehind()).noneMatch(r -> r.worldId().equals(world) || r.worldId().equals(other));

        assertThat(b.claim(world).epoch()).as("no lease to wait out").isPositive();
        assertThat(b.claim(other).epoch()).isPositive();
    }

    @Test
    void aLiveDirectorsWorldsAreNotLeftBehind() throws Exception {
        long epoch = a.claim(world).epoch();
        a.recordSpawn(world, epoch, 4242, null, 4001, Secrets.sha256("token"), "ws://127.0.0.1:4001/game", null);
        WorldLeaseRepository restarted = new WorldLeaseRepository(db, "restarted-" + world, Duration.ofSeconds(30),
                owner -> false);

        assertThat(restarted.leftBehind()).noneMatch(r -> r.worldId().equals(world));
        assertThatThrownBy(() -> b.claim(world)).isInstanceOf(LeaseHeldException.class);
    }

    @Test
    void renewingAnswersWhichWorldsAreStillHeldSoATakenOverOneIsNoticed() throws Exception {
        long epoch = a.claim(world).epoch();
        a.recordSpawn(world, epoch, 4242, null, 4001, Secrets.sha256("token"), "ws://127.0.0.1:4001/game", null);
        assertThat(a.renewAll(Set.of(world))).contains(world);

        assertThat(b.adopt(world, Secrets.sha256("token"), null).record()).isNotNull();

        assertThat(a.renewAll(Set.of(world))).doesNotContain(world);
        assertThat(b.renewAll(Set.of(world))).contains(world);
    }

    @Test
    void aWorldIsAdoptedByAnotherDirectorWithItsSpawnTokenUnderTheSameEpochWhileTheLeaseIsLive() throws Exception {
        long epoch = a.claim(world).epoch();
        a.recordSpawn(world, epoch, 4242, null, 4001, Secrets.sha256("token"), "ws://10.0.0.7:4001/game", null);

        assertThat(b.adopt(world, Secrets.sha256("wrong"), null)).as("a wrong token adopts nothing")
                .isEqualTo(WorldLeases.Adoption.STALE);
        SpawnRecord adopted = b.adopt(world, Secrets.sha256("token"), null).record();

        assertThat(adopted.epoch()).isEqualTo(epoch);
        assertThat(adopted.director()).as("who ran it before").isEqualTo("director-a");
        assertThat(adopted.gameUrl()).isEqualTo("ws://10.0.0.7:4001/game");
        assertThat(epoch()).as("the process goes on storing under its epoch").isEqualTo(epoch);
        assertThatThrownBy(() -> a.claim(world)).isInstanceOf(LeaseHeldException.class)
                .hasMessageContaining("director-b");
    }

    @Test
    void aReleasedWorldOrAnOlderSpawnCannotBeAdopted() throws Exception {
        long old = a.claim(world).epoch();
        a.recordSpawn(world, old, 4242, null, 4001, Secrets.sha256("old"), "ws://127.0.0.1:4001/game", null);
        long starting = a.claim(world).epoch();

        assertThat(b.adopt(world, Secrets.sha256("old"), null)).as("while the newer spawn is not recorded: try again")
                .isEqualTo(WorldLeases.Adoption.UNRECORDED);
        a.recordSpawn(world, starting, 4244, null, 4003, Secrets.sha256("starting"), "ws://127.0.0.1:4003/game", null);
        assertThat(b.adopt(world, Secrets.sha256("old"), null)).as("once it runs, the older spawn is stale")
                .isEqualTo(WorldLeases.Adoption.STALE);

        long epoch = a.claim(world).epoch();
        a.recordSpawn(world, epoch, 4243, null, 4002, Secrets.sha256("new"), "ws://127.0.0.1:4002/game", null);
        a.release(world, epoch);
        assertThat(b.adopt(world, Secrets.sha256("new"), null)).as("released: its process has ended")
                .isEqualTo(WorldLeases.Adoption.STALE);
    }

    @Test
    void aNewClaimStartsTheWorldWithNobodyInIt() throws Exception {
        long account = TestWorlds.createAccount(db);
        a.claim(world);
        db.inTransaction("test: put a member", c -> {
            try (PreparedStatement s = c.prepareStatement("INSERT INTO memberships (account_id, world_id) "
                    + "VALUES (?, ?)")) {
                s.setLong(1, account);
                s.setString(2, world);
                return s.executeUpdate();
            }
        });

        a.claim(world);

        long members = db.inTransaction("test: count members", c -> {
            try (PreparedStatement s = c.prepareStatement("SELECT count(*) FROM memberships WHERE world_id = ?")) {
                s.setString(1, world);
                try (var rs = s.executeQuery()) {
                    rs.next();
                    return rs.getLong(1);
                }
            }
        });
        assertThat(members).isZero();
    }

    @Test
    void releasingAWorldForgetsItsSpawnRecord() throws Exception {
        long epoch = a.claim(world).epoch();
        a.recordSpawn(world, epoch, 4242, null, 4001, Secrets.sha256("token"), "ws://127.0.0.1:4001/game", null);

        a.release(world, epoch);

        assertThat(spawnRecords()).isZero();
    }

    @Test
    void aSpawnRecordNamesTheKeyItsTicketSecretCameFromAndAnAdoptionTheAdoptersKey() throws Exception {
        long epoch = a.claim(world).epoch();
        a.recordSpawn(world, epoch, 4242, null, 4001, Secrets.sha256("token"), "ws://127.0.0.1:4001/game", "key-a");
        assertThat(ticketKeyId()).isEqualTo("key-a");

        b.adopt(world, Secrets.sha256("token"), "key-b");

        assertThat(ticketKeyId()).as("the adopter's choice of secret from now on").isEqualTo("key-b");
        b.adopt(world, Secrets.sha256("token"), null);
        assertThat(ticketKeyId()).as("a random secret: only its director signs").isNull();
    }

    private String ticketKeyId() {
        return db.inTransaction("test: read ticket key id", c -> {
            try (PreparedStatement s = c.prepareStatement("SELECT ticket_key_id FROM world_spawns "
                    + "WHERE world_id = ?")) {
                s.setString(1, world);
                try (var rs = s.executeQuery()) {
                    rs.next();
                    return rs.getString(1);
                }
            }
        });
    }

    private long spawnRecords() {
        return db.inTransaction("test: count spawn records", c -> {
            try (PreparedStatement s = c.prepareStatement("SELECT count(*) FROM world_spawns WHERE world_id = ?")) {
                s.setString(1, world);
                try (var rs = s.executeQuery()) {
                    rs.next();
                    return rs.getLong(1);
                }
            }
        });
    }

    private long epoch() {
        return db.inTransaction("test: read epoch", c -> {
            try (PreparedStatement s = c.prepareStatement("SELECT epoch FROM worlds WHERE world_id = ?")) {
                s.setString(1, world);
                try (var rs = s.executeQuery()) {
                    rs.next();
                    return rs.getLong(1);
                }
            }
        });
    }
}
