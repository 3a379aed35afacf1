package lor.director.world;

import static lor.director.world.TestWorlds.json;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;

import lor.director.db.Database;
import lor.director.db.TestDatabase;
import lor.director.world.WorldRepository.WorldRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class WorldRepositoryIT {

    private static Database db;
    private WorldRepository worlds;
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
        worlds = new WorldRepository(db);
        world = TestWorlds.create(db);
    }

    @Test
    void mergeSettingsAddsKeysWithoutErasingOthers() {
        worlds.mergeSettings(world, Map.of("a", 1));
        worlds.mergeSettings(world, Map.of("b", 2));

        assertThat(json(TestWorlds.find(db, world).settingsJson())).isEqualTo(json("{\"a\":1,\"b\":2}"));
    }

    @Test
    void mergeSettingsReplacesOnlyTheKeysItNames() {
        worlds.mergeSettings(world, Map.of("a", 1, "b", 2));

        worlds.mergeSettings(world, Map.of("a", 3));

        assertThat(json(TestWorlds.find(db, world).settingsJson())).isEqualTo(json("{\"a\":3,\"b\":2}"));
    }

    @Test
    void mergeSettingsTouchesOnlyItsWorld() {
        String other = TestWorlds.create(db);
        worlds.mergeSettings(other, Map.of("pvp", true));

        worlds.mergeSettings(world, Map.of("pvp", false, "motd", "hello"));

        assertThat(json(TestWorlds.find(db, other).settingsJson())).isEqualTo(json("{\"pvp\":true}"));
    }

    @Test
    void renameChangesOnlyTheName() {
        worlds.mergeSettings(world, Map.of("difficulty", "hard"));
        new SnapshotRepository(db, 10).store(world, 0, 7, "{}");

        worlds.rename(world, "The Renamed World");

        WorldRecord renamed = TestWorlds.find(db, world);
        assertThat(renamed.name()).isEqualTo("The Renamed World");
        assertThat(renamed.lastSnapshotSeq()).isEqualTo(7);
        assertThat(json(renamed.settingsJson())).isEqualTo(json("{\"difficulty\":\"hard\"}"));
    }

    @Test
    void storingASnapshotChangesOnlyTheLastSnapshotSeq() {
        worlds.mergeSettings(world, Map.of("difficulty", "easy"));
        worlds.rename(world, "Named Before");
        WorldRecord before = TestWorlds.find(db, world);

        new SnapshotRepository(db, 10).store(world, 0, 3, "{\"tick\":60}");

        WorldRecord after = TestWorlds.find(db, world);
        assertThat(after.lastSnapshotSeq()).isEqualTo(3);
        assertThat(after.name()).isEqualTo(before.name());
        assertThat(json(after.settingsJson())).isEqualTo(json(before.settingsJson()));
    }

    @Test
    void allListsEveryWorldInIdOrder() {
        String second = TestWorlds.create(db);

        assertThat(worlds.all()).extracting(WorldRecord::worldId)
                .contains("start", world, second)
                .isSorted();
    }
}
