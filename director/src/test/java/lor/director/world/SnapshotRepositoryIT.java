package lor.director.world;

import static lor.director.world.TestWorlds.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;

import lor.director.db.DataAccessException;
import lor.director.db.Database;
import lor.director.db.TestDatabase;
import lor.director.world.SnapshotRepository.StoredSnapshot;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class SnapshotRepositoryIT {

    private static final int KEPT = 3;

    private static Database db;
    private SnapshotRepository snapshots;
    private String world;

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
        snapshots = new SnapshotRepository(db, KEPT);
        world = TestWorlds.create(db);
    }

    @Test
    void storesASnapshotOnceAndKeepsTheFirstStateOfASeq() {
        assertThat(snapshots.store(world, 5, "{\"state\":\"A\",\"tick\":100}")).isTrue();
        assertThat(snapshots.store(world, 5, "{\"state\":\"B\",\"tick\":999}")).isFalse();

        StoredSnapshot latest = snapshots.latest(world).orElseThrow();
        assertThat(latest.seq()).isEqualTo(5);
        assertThat(json(latest.stateJson())).isEqualTo(json("{\"state\":\"A\",\"tick\":100}"));
        assertThat(snapshots.seqs(world)).containsExactly(5L);
        assertThat(TestWorlds.find(db, world).lastSnapshotSeq()).isEqualTo(5);
    }

    @Test
    void latestIsTheHighestSeqWhateverTheArrivalOrder() {
        snapshots.store(world, 1, "{\"n\":1}");
        snapshots.store(world, 3, "{\"n\":3}");
        snapshots.store(world, 2, "{\"n\":2}");

        StoredSnapshot latest = snapshots.latest(world).orElseThrow();
        assertThat(latest.worldId()).isEqualTo(world);
        assertThat(latest.seq()).isEqualTo(3);
        assertThat(json(latest.stateJson())).isEqualTo(json("{\"n\":3}"));
    }

    @Test
    void latestOfAWorldWithoutSnapshotsIsEmpty() {
        assertThat(snapshots.latest(world)).isEmpty();
        assertThat(snapshots.seqs(world)).isEmpty();
    }

    @Test
    void lastSnapshotSeqAdvancesToTheMaxAndNeverGoesDown() {
        snapshots.store(world, 4, "{}");
        assertThat(TestWorlds.find(db, world).lastSnapshotSeq()).isEqualTo(4);

        snapshots.store(world, 9, "{}");
        assertThat(TestWorlds.find(db, world).lastSnapshotSeq()).isEqualTo(9);

        snapshots.store(world, 6, "{}");
        assertThat(TestWorlds.find(db, world).lastSnapshotSeq()).isEqualTo(9);
    }

    @Test
    void keepsOnlyTheNewestSnapshots() {
        for (long seq = 1; seq <= 6; seq++) {
            assertThat(snapshots.store(world, seq, "{\"seq\":" + seq + "}")).isTrue();
        }

        assertThat(snapshots.seqs(world)).containsExactly(6L, 5L, 4L);
        assertThat(snapshots.latest(world).orElseThrow().seq()).isEqualTo(6);
    }

    @Test
    void aLateOlderSnapshotNeverDisplacesTheNewestOnes() {
        for (long seq = 10; seq <= 12; seq++) {
            snapshots.store(world, seq, "{}");
        }

        snapshots.store(world, 2, "{\"late\":true}");

        assertThat(snapshots.seqs(world)).containsExactly(12L, 11L, 10L);
        assertThat(TestWorlds.find(db, world).lastSnapshotSeq()).isEqualTo(12);
    }

    @Test
    void pruningOneWorldLeavesOtherWorldsAlone() {
        String other = TestWorlds.create(db);
        snapshots.store(other, 1, "{}");
        snapshots.store(other, 2, "{}");

        for (long seq = 1; seq <= 5; seq++) {
            snapshots.store(world, seq, "{}");
        }

        assertThat(snapshots.seqs(other)).containsExactly(2L, 1L);
    }

    @Test
    void aFiveMegabyteStateRoundTripsIntact() {
        StringBuilder state = new StringBuilder("{\"tick\":123456,\"entities\":[");
        for (int i = 0; state.length() < 5_000_000; i++) {
            if (i > 0) {
                state.append(',');
            }
            state.append("{\"id\":").append(i)
                    .append(",\"x\":").append(i % 997).append(",\"y\":").append(i % 1009).append(",\"layer\":")
                    .append(i % 3).append(",\"name\":\"entity-").append(i).append("-\\u00e9\\\"q\\\"\"}");
        }
        state.append("]}");
        String big = state.toString();
        assertThat(big.getBytes(StandardCharsets.UTF_8).length).isGreaterThanOrEqualTo(5_000_000);

        assertThat(snapshots.store(world, 1, big)).isTrue();

        StoredSnapshot stored = snapshots.latest(world).orElseThrow();
        assertThat(json(stored.stateJson())).isEqualTo(json(big));
    }

    @Test
    void storingForAnUnknownWorldFailsNamingTheOperation() {
        assertThatThrownBy(() -> snapshots.store("no-such-world", 1, "{}"))
                .isInstanceOf(DataAccessException.class)
                .hasMessageStartingWith("store snapshot failed");
    }
}
