package lor.director.db;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

import lor.director.account.AccountRepository;
import lor.director.world.WorldSettings;
import lor.director.world.store.WorldRepository;
import lor.director.world.store.WorldRepository.WorldRecord;
import org.junit.jupiter.api.Test;

class SchemaIT {

    @Test
    void freshDatabaseHoldsStartMeadowTheCellarElementsKilnsAndTheBenchWorldsWithTheirMaps() {
        try (Database db = TestDatabase.fresh()) {
            List<WorldRecord> worlds = new WorldRepository(db).all();

            assertThat(worlds).extracting(WorldRecord::worldId)
                    .containsExactly("bench", "bench-objects", "cellar", "elements", "kilns", "meadow", "start");
            assertThat(settingsOf(worlds, "start")).isEqualTo(new WorldSettings("start", "default", 24, 24, "nearest"));
            assertThat(settingsOf(worlds, "meadow")).isEqualTo(new WorldSettings("meadow", 0, 24));
            assertThat(settingsOf(worlds, "cellar")).as("no NPCs on the stairs' landing")
                    .isEqualTo(new WorldSettings("cellar", 0, 24));
            assertThat(settingsOf(worlds, "elements")).as("its NPCs are the module's elementals")
                    .isEqualTo(new WorldSettings("elements", "elements", 0, 24, "nearest"));
            assertThat(worlds).filteredOn(w -> w.worldId().equals("elements")).singleElement()
                    .extracting(WorldRecord::name).isEqualTo("Elements");
            assertThat(settingsOf(worlds, "kilns")).as("its kiln runs the kilns module's Java rule")
                    .isEqualTo(new WorldSettings("start", "kilns", 0, 24, "nearest"));
            assertThat(worlds).filteredOn(w -> w.worldId().equals("cellar")).singleElement().satisfies(cellar -> {
                assertThat(cellar.name()).isEqualTo("Cellar");
                assertThat(cellar.lastSnapshotSeq()).isZero();
            });
        }
    }

    @Test
    void theCellarMigrationLeavesAnExistingCellarAlone() throws SQLException {
        try (Database db = TestDatabase.fresh()) {
            new WorldRepository(db).rename("cellar", "Wine cellar");
            try (Connection c = db.dataSource().getConnection(); Statement s = c.createStatement()) {
                // As if V3 had not run yet on a database where an operator had made a cellar of their own (and so
                // neither had the later ones: Flyway refuses to apply a migration older than the newest applied).
                s.executeUpdate("DELETE FROM flyway_schema_history WHERE version::integer >= 3");
            }

            Database.migrate(db.dataSource());

            assertThat(new WorldRepository(db).all()).filteredOn(w -> w.worldId().equals("cellar"))
                    .extracting(WorldRecord::name).containsExactly("Wine cellar");
            assertThat(count(db, "SELECT count(*) FROM worlds")).isEqualTo(7);
        }
    }

    @Test
    void benchIsTheGeneratedMapWithoutNpcsAndWithTheHashedSpawnRule() {
        try (Database db = TestDatabase.fresh()) {
            List<WorldRecord> worlds = new WorldRepository(db).all();

            assertThat(settingsOf(worlds, "bench")).isEqualTo(new WorldSettings("bench", 0, 24, "hashed"));
            assertThat(worlds).filteredOn(w -> w.worldId().equals("bench")).singleElement().satisfies(bench -> {
                assertThat(bench.name()).isEqualTo("Bench");
                assertThat(bench.lastSnapshotSeq()).isZero();
            });
            assertThat(settingsOf(worlds, "start").spawn()).as("the other worlds keep the spawn point")
                    .isEqualTo("nearest");
        }
    }

    @Test
    void benchObjectsIsTheBenchMapOverLayersOfSeededPumps() {
        try (Database db = TestDatabase.fresh()) {
            List<WorldRecord> worlds = new WorldRepository(db).all();

            assertThat(settingsOf(worlds, "bench-objects"))
                    .isEqualTo(new WorldSettings("bench-layers", "bench", "pump:100000:1", 0, 24, "hashed"));
            assertThat(settingsOf(worlds, "bench").seedObjects()).as("bench itself stays the peer's world").isNull();
        }
    }

    @Test
    void theBenchMigrationLeavesAnExistingBenchWorldAlone() throws SQLException {
        try (Database db = TestDatabase.fresh()) {
            new WorldRepository(db).rename("bench", "My bench");
            try (Connection c = db.dataSource().getConnection(); Statement s = c.createStatement()) {
                // As if V4 had not run yet on a database where an operator had made a world called bench.
                s.executeUpdate("DELETE FROM flyway_schema_history WHERE version::integer >= 4");
            }

            Database.migrate(db.dataSource());

            assertThat(new WorldRepository(db).all()).filteredOn(w -> w.worldId().equals("bench"))
                    .extracting(WorldRecord::name).containsExactly("My bench");
            assertThat(count(db, "SELECT count(*) FROM worlds")).isEqualTo(7);
        }
    }

    private static WorldSettings settingsOf(List<WorldRecord> worlds, String worldId) {
        WorldRecord world = worlds.stream().filter(w -> w.worldId().equals(worldId)).findFirst().orElseThrow();
        return WorldSettings.parse(worldId, world.settingsJson());
    }

    @Test
    void migratingAgainChangesNothing() throws SQLException {
        try (Database db = TestDatabase.fresh()) {
            new WorldRepository(db).rename("start", "Renamed");

            Database.migrate(db.dataSource());

            assertThat(new WorldRepository(db).all()).extracting(WorldRecord::name).contains("Renamed");
            assertThat(count(db, "SELECT count(*) FROM flyway_schema_history WHERE success")).isEqualTo(14);
        }
    }

    @Test
    void refusesADatabaseMigratedByANewerBuild() throws SQLException {
        try (Database db = TestDatabase.fresh()) {
            try (Connection c = db.dataSource().getConnection(); Statement s = c.createStatement()) {
                s.executeUpdate("INSERT INTO flyway_schema_history (installed_rank, version, description, type, "
                        + "script, checksum, installed_by, execution_time, success) "
                        + "VALUES (99, '99', 'from the future', 'SQL', 'V99__future.sql', 0, 'test', 0, true)");
            }

            assertThatThrownBy(() -> Database.migrate(db.dataSource()))
                    .hasMessageContaining("99");
        }
    }

    @Test
    void failedConstraintNeverPutsTheRowIntoTheMessage() {
        try (Database db = TestDatabase.fresh()) {
            assertThatThrownBy(() -> new AccountRepository(db).create("has space", "pbkdf2-sha256$secret-hash"))
                    .isInstanceOf(DataAccessException.class)
                    .hasMessage("create account failed: SQLState 23514")
                    .rootCause().message().doesNotContain("secret-hash");
        }
    }

    @Test
    void freshDatabasesDoNotShareRows() {
        try (Database first = TestDatabase.fresh(); Database second = TestDatabase.fresh()) {
            new WorldRepository(first).rename("start", "Only in the first");

            assertThat(new WorldRepository(second).all()).extracting(WorldRecord::name).contains("Start")
                    .doesNotContain("Only in the first");
        }
    }

    private static long count(Database db, String sql) throws SQLException {
        try (Connection c = db.dataSource().getConnection(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
