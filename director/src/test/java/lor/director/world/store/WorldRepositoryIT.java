package lor.director.world.store;

import static lor.director.world.store.TestWorlds.json;
import static org.assertj.core.api.Assertions.assertThat;

import lor.director.db.Database;
import lor.director.db.TestDatabase;
import lor.director.world.store.WorldRepository.WorldRecord;
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
    void renameChangesOnlyTheName() {
        worlds.replace(world, "Named Before", "{\"difficulty\":\"hard\"}");
        new SnapshotRepository(db, 10).store(world, 0, 7, "{}");

        worlds.rename(world, "The Renamed World");

        WorldRecord renamed = TestWorlds.find(db, world);
        assertThat(renamed.name()).isEqualTo("The Renamed World");
        assertThat(renamed.lastSnapshotSeq()).isEqualTo(7);
        assertThat(json(renamed.settingsJson())).isEqualTo(json("{\"difficulty\":\"hard\"}"));
    }

    @Test
    void storingASnapshotChangesOnlyTheLastSnapshotSeq() {
        worlds.replace(world, "Named Before", "{\"difficulty\":\"easy\"}");
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
