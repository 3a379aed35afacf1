package lor.sim.world;

import static lor.sim.world.Worlds.position;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;

import lor.sim.grid.BenchMap;
import lor.sim.grid.Cells;
import lor.sim.grid.Grid;
import lor.sim.grid.GridSize;
import org.junit.jupiter.api.Test;

/**
 * {@link World.SpawnRule#HASHED}: the j-th player without a saved position starts its search at
 * {@link BenchMap#spawnStart}(j) and takes the first free cell at or after it in index order, wrapping. Expected cells
 * on the bench map come from {@code shared/bench/colyseus/world.js}'s {@code spawnCell}, run with node.
 */
class WorldHashedSpawnTest {

    /** world.js spawnCell for j = 0..39, each placed before the next is searched. */
    private static final int[] BENCH_CELLS = {46134, 50232, 44327, 32371, 21978, 45840, 30628, 30624, 55334, 13127,
        39375, 24471, 58981, 49088, 29422, 25441, 30524, 16475, 11531, 58292, 28208, 49727, 62409, 714, 53565, 23344,
        62380, 45122, 23874, 23246, 32085, 45842, 11483, 5736, 23699, 34094, 48531, 33854, 11450, 58268};

    @Test
    void placesTheFirstFortyPlayersWhereTheBenchmarkDoes() {
        World world = World.create(BenchMap.grid(), 1);
        world.spawnRule(World.SpawnRule.HASHED);
        List<Integer> cells = new ArrayList<>();

        for (long account = 1; account <= BENCH_CELLS.length; account++) {
            int[] at = position(world, world.spawnPlayer(account));
            cells.add(at[1] * 256 + at[0]);
        }

        assertThat(cells).containsExactly(boxed(BENCH_CELLS));
        assertThat(Worlds.brokenInvariant(world)).isNull();
    }

    @Test
    void keepsToTheFirstLayerOfALayeredMap() {
        World world = World.create(BenchMap.grid(3), 1);
        world.spawnRule(World.SpawnRule.HASHED);

        for (long account = 1; account <= BENCH_CELLS.length; account++) {
            int[] at = position(world, world.spawnPlayer(account));
            assertThat(at).as("player %d", account)
                    .containsExactly(BENCH_CELLS[(int) account - 1] % 256, BENCH_CELLS[(int) account - 1] / 256, 0);
        }
    }

    @Test
    void aStartOnAWallTakesTheNextCell() {
        World world = World.create(BenchMap.grid(), 1);
        world.spawnRule(World.SpawnRule.HASHED);
        for (long account = 1; account <= 16; account++) {
            world.spawnPlayer(account);
        }

        // j = 16 starts at 30523, a wall (x 59, y 119).
        int[] at = position(world, world.spawnPlayer(17));

        assertThat(BenchMap.grid().isWall(30523)).isTrue();
        assertThat(at).containsExactly(30524 % 256, 30524 / 256, 0);
    }

    @Test
    void aStartOnAnOccupiedCellTakesTheNextFreeOne() {
        // Open 8 × 8: spawnStart(0, 64) = 54. Players with saved positions stand on 54 and 55.
        World world = Worlds.withPlayersAt(Grid.open(new GridSize(8, 8, 1)), 1,
                new int[] {54 % 8, 54 / 8, 0}, new int[] {55 % 8, 55 / 8, 0});
        world.spawnRule(World.SpawnRule.HASHED);

        int[] at = position(world, world.spawnPlayer(100));

        assertThat(at).containsExactly(56 % 8, 56 / 8, 0);
    }

    @Test
    void wrapsPastTheLastCellToTheFirst() {
        // spawnStart(0, 64) = 54: wall off 54..63, so the search wraps to cell 0.
        int[] cells = new int[64];
        for (int i = 54; i < 64; i++) {
            cells[i] = Cells.WALL;
        }
        World world = World.create(Grid.of(new GridSize(8, 8, 1), cells, 1, 1, 0), 1);
        world.spawnRule(World.SpawnRule.HASHED);

        assertThat(position(world, world.spawnPlayer(1))).containsExactly(0, 0, 0);
    }

    @Test
    void hashesOverTheFirstLayerOnly() {
        // 4 × 4 × 2: the start is hashed over layer 0's 16 cells, spawnStart(0, 16) = 6: y 1, x 2 on layer 0.
        World world = World.create(Grid.open(new GridSize(4, 4, 2)), 1);
        world.spawnRule(World.SpawnRule.HASHED);

        assertThat(BenchMap.spawnStart(0, 16)).isEqualTo(6);
        assertThat(position(world, world.spawnPlayer(1))).containsExactly(2, 1, 0);
    }

    @Test
    void aSavedPositionStillWinsAndDoesNotUseUpAJoinIndex() {
        World world = World.restore(BenchMap.grid(), new WorldSnapshot(0, 1,
                List.of(new PlayerRecord(7, 100, 100, 0))), 1);
        world.spawnRule(World.SpawnRule.HASHED);

        int saved = world.spawnPlayer(7);
        int fresh = world.spawnPlayer(8);

        assertThat(position(world, saved)).containsExactly(100, 100, 0);
        assertThat(position(world, fresh)).containsExactly(BENCH_CELLS[0] % 256, BENCH_CELLS[0] / 256, 0);
    }

    @Test
    void aPlayerWhoLeftAndCameBackReturnsToWhereItLeft() {
        World world = World.create(BenchMap.grid(), 1);
        world.spawnRule(World.SpawnRule.HASHED);
        int first = world.spawnPlayer(1);
        int[] where = position(world, first);
        world.removePlayer(1);

        int again = world.spawnPlayer(1);
        int second = world.spawnPlayer(2);

        assertThat(position(world, again)).containsExactly(where);
        assertThat(position(world, second)).containsExactly(BENCH_CELLS[1] % 256, BENCH_CELLS[1] / 256, 0);
    }

    @Test
    void theSpawnPointRuleIsTheDefault() {
        World world = World.create(BenchMap.grid(), 1);

        assertThat(position(world, world.spawnPlayer(1))).containsExactly(1, 1, 0);
    }

    @Test
    void answersZeroWhenNoCellIsFree() {
        int[] cells = new int[16];
        java.util.Arrays.fill(cells, Cells.WALL);
        cells[5] = Cells.FLOOR;
        World world = World.create(Grid.of(new GridSize(4, 4, 1), cells, 1, 1, 0), 1);
        world.spawnRule(World.SpawnRule.HASHED);

        int first = world.spawnPlayer(1);
        int second = world.spawnPlayer(2);

        assertThat(position(world, first)).containsExactly(1, 1, 0);
        assertThat(second).isZero();
    }

    private static Integer[] boxed(int[] values) {
        Integer[] out = new Integer[values.length];
        for (int i = 0; i < values.length; i++) {
            out[i] = values[i];
        }
        return out;
    }
}
