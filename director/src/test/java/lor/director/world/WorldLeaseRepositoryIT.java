package lor.director.world;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.PreparedStatement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import lor.director.db.Database;
import lor.director.db.TestDatabase;
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
        long first = a.claim(world);
        long second = a.claim(world);
        assertThat(second).isEqualTo(first + 1);

        assertThatThrownBy(() -> b.claim(world))
                .isInstanceOf(LeaseHeldException.class)
                .hasMessageContaining("director-a");
        assertThat(epoch()).as("a refused claim changes nothing").isEqualTo(second);
    }

    @Test
    void aReleasedOrExpiredLeaseCanBeClaimedByAnotherDirector() throws Exception {
        long epoch = a.claim(world);
        a.release(world, epoch);
        long byB = b.claim(world);
        assertThat(byB).isEqualTo(epoch + 1);

        TestWorlds.expireLease(db, world);
        assertThat(a.claim(world)).isEqualTo(byB + 1);
    }

    @Test
    void releasingAnOlderEpochLeavesTheNewerClaimAlone() throws Exception {
        long old = a.claim(world);
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

        renewing.renewAll();

        assertThatThrownBy(() -> b.claim(world)).isInstanceOf(LeaseHeldException.class);
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
