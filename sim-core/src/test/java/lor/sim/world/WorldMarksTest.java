package lor.sim.world;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;

import lor.sim.grid.Direction;
import lor.sim.grid.Grid;
import lor.sim.grid.GridSize;
import org.junit.jupiter.api.Test;

/**
 * {@link World#markPositions()} and what a delta encoder reads against the mark: each entity's position at the mark
 * (none for entities added since), and the entities removed since with the cell they were marked on.
 */
class WorldMarksTest {

    /** Open 16 × 16, spawn point (8, 8). */
    private static final Grid OPEN = Grid.open(new GridSize(16, 16, 1));

    @Test
    void anEntityAddedSinceTheLastMarkIsUnmarked() {
        World world = World.create(OPEN, 1);
        world.markPositions();

        int id = world.spawnPlayer(1);

        assertThat(world.isMarkedAt(world.slotOf(id))).isFalse();
    }

    @Test
    void aMarkRecordsEveryEntitysPosition() {
        World world = Worlds.withPlayersAt(OPEN, 1, new int[] {2, 3, 0}, new int[] {10, 11, 0});

        world.markPositions();

        for (int[] expected : List.of(new int[] {1, 2, 3}, new int[] {2, 10, 11})) {
            int slot = world.slotOf(expected[0]);
            assertThat(world.isMarkedAt(slot)).isTrue();
            assertThat(new int[] {world.markedXAt(slot), world.markedYAt(slot), world.markedLayerAt(slot)})
                    .containsExactly(expected[1], expected[2], 0);
        }
    }

    @Test
    void aMovedEntityKeepsItsMarkedPositionUntilTheNextMark() {
        World world = Worlds.withPlayersAt(OPEN, 1, new int[] {2, 3, 0});
        world.markPositions();

        world.setIntent(1, Direction.E);
        world.step();
        world.setIntent(1, Direction.S);
        world.step();

        int slot = world.slotOf(1);
        assertThat(new int[] {world.xAt(slot), world.yAt(slot)}).containsExactly(3, 4);
        assertThat(new int[] {world.markedXAt(slot), world.markedYAt(slot)}).containsExactly(2, 3);

        world.markPositions();
        assertThat(new int[] {world.markedXAt(slot), world.markedYAt(slot)}).containsExactly(3, 4);
    }

    @Test
    void aRemovedMarkedEntityIsListedWithTheCellItWasMarkedOn() {
        World world = Worlds.withPlayersAt(OPEN, 1, new int[] {2, 3, 0}, new int[] {10, 11, 0});
        world.markPositions();
        world.setIntent(1, Direction.E);
        world.step();

        world.removePlayer(1);

        assertThat(world.removedSinceMark()).isEqualTo(1);
        assertThat(world.removedIdAt(0)).isEqualTo(1);
        assertThat(world.removedCellAt(0)).isEqualTo(OPEN.size().index(2, 3, 0));
    }

    @Test
    void aRemovedEntityThatWasNeverMarkedIsNotListed() {
        World world = World.create(OPEN, 1);
        world.markPositions();
        world.spawnPlayer(1);

        world.removePlayer(1);

        assertThat(world.removedSinceMark()).isZero();
    }

    @Test
    void theNextMarkClearsTheRemovals() {
        World world = Worlds.withPlayersAt(OPEN, 1, new int[] {2, 3, 0});
        world.markPositions();
        world.removePlayer(1);

        world.markPositions();

        assertThat(world.removedSinceMark()).isZero();
    }

    @Test
    void listsManyRemovalsInTheOrderTheyHappened() {
        World world = World.create(OPEN, 1);
        List<Integer> ids = new ArrayList<>();
        for (long account = 1; account <= 40; account++) {
            ids.add(world.spawnPlayer(account));
        }
        List<Integer> cells = new ArrayList<>();
        for (int id : ids) {
            int slot = world.slotOf(id);
            cells.add(OPEN.size().index(world.xAt(slot), world.yAt(slot), 0));
        }
        world.markPositions();

        for (long account = 40; account >= 1; account--) {
            world.removePlayer(account);
        }

        assertThat(world.removedSinceMark()).isEqualTo(40);
        for (int i = 0; i < 40; i++) {
            assertThat(world.removedIdAt(i)).isEqualTo(ids.get(39 - i));
            assertThat(world.removedCellAt(i)).isEqualTo(cells.get(39 - i));
        }
    }

    @Test
    void compactionKeepsEachEntitysMark() {
        World world = Worlds.withPlayersAt(OPEN, 1, new int[] {2, 3, 0}, new int[] {5, 6, 0}, new int[] {10, 11, 0});
        world.markPositions();
        world.removePlayer(1);
        world.setIntent(3, Direction.W);

        world.step();

        assertThat(world.slotCount()).isEqualTo(2);
        int slot2 = world.slotOf(2);
        int slot3 = world.slotOf(3);
        assertThat(slot2).isZero();
        assertThat(slot3).isEqualTo(1);
        assertThat(world.isMarkedAt(slot2)).isTrue();
        assertThat(new int[] {world.markedXAt(slot2), world.markedYAt(slot2)}).containsExactly(5, 6);
        assertThat(world.isMarkedAt(slot3)).isTrue();
        assertThat(new int[] {world.markedXAt(slot3), world.markedYAt(slot3)}).containsExactly(10, 11);
        assertThat(world.xAt(slot3)).isEqualTo(9);
        assertThat(world.removedSinceMark()).isEqualTo(1);
    }

    @Test
    void anEntityAddedIntoASlotFreedByCompactionIsUnmarked() {
        World world = Worlds.withPlayersAt(OPEN, 1, new int[] {2, 3, 0}, new int[] {5, 6, 0});
        world.markPositions();
        world.removePlayer(1);
        world.step();

        int id = world.spawnPlayer(9);

        assertThat(world.slotOf(id)).isEqualTo(1);
        assertThat(world.isMarkedAt(world.slotOf(id))).isFalse();
        assertThat(world.isMarkedAt(world.slotOf(2))).isTrue();
    }

    @Test
    void growingTheTableKeepsTheMarks() {
        World world = World.create(OPEN, 1);
        List<int[]> marked = new ArrayList<>();
        for (long account = 1; account <= 16; account++) {
            int id = world.spawnPlayer(account);
            int slot = world.slotOf(id);
            marked.add(new int[] {id, world.xAt(slot), world.yAt(slot)});
        }
        world.markPositions();

        for (long account = 17; account <= 60; account++) {
            world.spawnPlayer(account);
        }

        for (int[] m : marked) {
            int slot = world.slotOf(m[0]);
            assertThat(world.isMarkedAt(slot)).isTrue();
            assertThat(new int[] {world.markedXAt(slot), world.markedYAt(slot)}).containsExactly(m[1], m[2]);
        }
        assertThat(world.isMarkedAt(world.slotOf(world.entityOf(60)))).isFalse();
    }
}
