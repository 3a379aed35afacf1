package lor.director.world.store;

import static lor.director.world.store.TestWorlds.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;

import lor.director.db.DataAccessException;
import lor.director.db.Database;
import lor.director.db.TestDatabase;
import lor.director.world.lease.WorldLeaseRepository;
import lor.director.world.store.SnapshotRepository.Outcome;
import lor.director.world.store.SnapshotRepository.StoredSnapshot;
import org.flywaydb.core.Flyway;
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
        assertThat(snapshots.store(world, 0, 5, "{\"state\":\"A\",\"tick\":100}")).isEqualTo(Outcome.WRITTEN);
        assertThat(snapshots.store(world, 0, 5, "{\"state\":\"B\",\"tick\":999}"))
                .isEqualTo(Outcome.ALREADY_STORED);

        StoredSnapshot latest = snapshots.latest(world).orElseThrow();
        assertThat(latest.seq()).isEqualTo(5);
        assertThat(json(latest.stateJson())).isEqualTo(json("{\"state\":\"A\",\"tick\":100}"));
        assertThat(snapshots.seqs(world)).containsExactly(5L);
        assertThat(TestWorlds.find(db, world).lastSnapshotSeq()).isEqualTo(5);
    }

    @Test
    void aSeqNotAboveTheStoredOneIsRefusedAndChangesNothing() {
        store(1, "{\"n\":1}");
        store(3, "{\"n\":3}");

        assertThat(snapshots.store(world, 0, 2, "{\"n\":2}")).isEqualTo(Outcome.SEQ_NOT_ABOVE);

        StoredSnapshot latest = snapshots.latest(world).orElseThrow();
        assertThat(latest.worldId()).isEqualTo(world);
        assertThat(latest.seq()).isEqualTo(3);
        assertThat(json(latest.stateJson())).isEqualTo(json("{\"n\":3}"));
        assertThat(snapshots.seqs(world)).containsExactly(3L, 1L);
    }

    @Test
    void onlyTheCurrentEpochWritesAndAnOldEpochsStoredSeqIsStillAcknowledged() throws Exception {
        WorldLeaseRepository leases = new WorldLeaseRepository(db, "director-a", Duration.ofSeconds(30));
        long first = leases.claim(world).epoch();
        assertThat(snapshots.store(world, first, 1, "{\"by\":\"first\"}")).isEqualTo(Outcome.WRITTEN);
        long second = leases.claim(world).epoch();
        assertThat(second).isGreaterThan(first);

        assertThat(snapshots.store(world, first, 2, "{\"by\":\"first\"}")).isEqualTo(Outcome.STALE_EPOCH);
        assertThat(snapshots.store(world, first, 1, "{\"by\":\"first\"}"))
                .as("a resend of what is stored is acked again, whoever sends it")
                .isEqualTo(Outcome.ALREADY_STORED);
        assertThat(snapshots.store(world, second, 2, "{\"by\":\"second\"}")).isEqualTo(Outcome.WRITTEN);

        assertThat(json(snapshots.latest(world).orElseThrow().stateJson())).isEqualTo(json("{\"by\":\"second\"}"));
        assertThat(TestWorlds.find(db, world).lastSnapshotSeq()).isEqualTo(2);
    }

    @Test
    void latestOfAWorldWithoutSnapshotsIsEmpty() {
        assertThat(snapshots.latest(world)).isEmpty();
        assertThat(snapshots.seqs(world)).isEmpty();
    }

    @Test
    void lastSnapshotSeqAdvancesToTheMaxAndNeverGoesDown() {
        store(4, "{}");
        assertThat(TestWorlds.find(db, world).lastSnapshotSeq()).isEqualTo(4);

        store(9, "{}");
        assertThat(TestWorlds.find(db, world).lastSnapshotSeq()).isEqualTo(9);

        snapshots.store(world, 0, 6, "{}");
        assertThat(TestWorlds.find(db, world).lastSnapshotSeq()).isEqualTo(9);
    }

    @Test
    void keepsOnlyTheNewestSnapshots() {
        for (long seq = 1; seq <= 6; seq++) {
            store(seq, "{\"seq\":" + seq + "}");
        }

        assertThat(snapshots.seqs(world)).containsExactly(6L, 5L, 4L);
        assertThat(snapshots.latest(world).orElseThrow().seq()).isEqualTo(6);
    }

    @Test
    void aLateOlderSnapshotNeverDisplacesTheNewestOnes() {
        for (long seq = 10; seq <= 12; seq++) {
            store(seq, "{}");
        }

        assertThat(snapshots.store(world, 0, 2, "{\"late\":true}")).isEqualTo(Outcome.SEQ_NOT_ABOVE);

        assertThat(snapshots.seqs(world)).containsExactly(12L, 11L, 10L);
        assertThat(TestWorlds.find(db, world).lastSnapshotSeq()).isEqualTo(12);
    }

    @Test
    void pruningOneWorldLeavesOtherWorldsAlone() {
        String other = TestWorlds.create(db);
        snapshots.store(other, 0, 1, "{}");
        snapshots.store(other, 0, 2, "{}");

        for (long seq = 1; seq <= 5; seq++) {
            store(seq, "{}");
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

        store(1, big);

        StoredSnapshot stored = snapshots.latest(world).orElseThrow();
        assertThat(json(stored.stateJson())).isEqualTo(json(big));
    }

    @Test
    void aStateIsStoredAndReadBackAsTheExactTextItWasGiven() {
        String sent = "{ \"tick\" : 1.50,\n  \"players\":[ {\"id\":7} ], \"a\":\"\\u00e9\" }";

        store(1, sent);

        assertThat(snapshots.latest(world).orElseThrow().stateJson()).isEqualTo(sent);
    }

    @Test
    void aRowWrittenAsJsonbBySchemaVersion11IsReadBackAfterTheMigrationAndTheNextStoreGoesOnFromIt()
            throws Exception {
        TestDatabase.Coordinates coordinates = TestDatabase.createDatabase();
        Flyway.configure().dataSource(coordinates.url(), coordinates.user(), coordinates.password())
                .locations("classpath:db/migrations").target("11").load().migrate();
        try (Connection c = DriverManager.getConnection(coordinates.url(), coordinates.user(),
                coordinates.password()); Statement s = c.createStatement()) {
            // As SnapshotRepository wrote a snapshot until then.
            s.executeUpdate("INSERT INTO world_snapshots (world_id, seq, epoch, state, size_bytes) "
                    + "VALUES ('start', 4, 0, '{\"tick\": 600, \"players\": []}'::jsonb, 30)");
            s.executeUpdate("UPDATE worlds SET last_snapshot_seq = 4 WHERE world_id = 'start'");
        }
        try (Database migrated = Database.connect(coordinates.url(), coordinates.user(), coordinates.password(),
                2)) {
            SnapshotRepository repository = new SnapshotRepository(migrated, KEPT);

            StoredSnapshot old = repository.latest("start").orElseThrow();
            assertThat(old.seq()).isEqualTo(4);
            assertThat(json(old.stateJson())).isEqualTo(json("{\"tick\":600,\"players\":[]}"));

            assertThat(repository.store("start", 0, 5, "{\"tick\":1200}")).isEqualTo(Outcome.WRITTEN);
            assertThat(repository.latest("start").orElseThrow().stateJson()).isEqualTo("{\"tick\":1200}");
            assertThat(repository.seqs("start")).containsExactly(5L, 4L);
        }
    }

    @Test
    void storingForAnUnknownWorldFailsNamingTheOperation() {
        assertThatThrownBy(() -> snapshots.store("no-such-world", 0, 1, "{}"))
                .isInstanceOf(DataAccessException.class)
                .hasMessageStartingWith("store snapshot failed");
    }

    private void store(long seq, String state) {
        assertThat(snapshots.store(world, 0, seq, state)).isEqualTo(Outcome.WRITTEN);
    }
}
