package lor.sim.grid;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import lor.sim.util.SplitMix64;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class GridTest {

    /** isWall reads a packed copy of the wall bits; it must agree with the cells at every index, at any size. */
    @Property(tries = 300)
    void isWallAgreesWithTheCellAtEveryIndex(@ForAll @IntRange(min = 1, max = 70) int width,
                                             @ForAll @IntRange(min = 1, max = 70) int height,
                                             @ForAll @IntRange(min = 1, max = 4) int layers,
                                             @ForAll long seed) {
        GridSize size = new GridSize(width, height, layers);
        SplitMix64 random = new SplitMix64(seed);
        int[] cells = new int[size.cells()];
        for (int i = 0; i < cells.length; i++) {
            cells[i] = random.nextInt(16);
        }

        Grid grid = Grid.of(size, cells, 0, 0, 0);

        for (int i = 0; i < cells.length; i++) {
            assertThat(grid.isWall(i)).as("index %d", i).isEqualTo(Cells.isWall(cells[i]));
            assertThat(grid.cell(i)).isEqualTo(cells[i]);
        }
    }

    @Test
    void keepsItsOwnCopyOfTheCells() {
        int[] cells = {0, 0, 0, 0};
        Grid grid = Grid.of(new GridSize(2, 2, 1), cells, 0, 0, 0);

        cells[1] = Cells.WALL;
        grid.copyCells()[2] = Cells.WALL;

        assertThat(grid.isWall(1)).isFalse();
        assertThat(grid.isWall(2)).isFalse();
        assertThat(grid.floorCount()).isEqualTo(4);
    }

    @Test
    void openGridIsAllFloorWithTheSpawnAtTheCentreOfLayerZero() {
        Grid grid = Grid.open(new GridSize(7, 4, 2));

        assertThat(grid.floorCount()).isEqualTo(7 * 4 * 2);
        assertThat(grid.copyCells()).containsOnly(Cells.FLOOR);
        assertThat(grid.spawnX()).isEqualTo(3);
        assertThat(grid.spawnY()).isEqualTo(2);
        assertThat(grid.spawnLayer()).isZero();
    }

    @Test
    void equalGridsHaveTheSameCellsAndSpawnPoint() {
        GridSize size = new GridSize(3, 3, 1);
        int[] cells = {0, 1, 0, 0, 0, 0, 2, 0, 0};

        assertThat(Grid.of(size, cells, 1, 1, 0)).isEqualTo(Grid.of(size, cells, 1, 1, 0))
                .hasSameHashCodeAs(Grid.of(size, cells, 1, 1, 0));
        assertThat(Grid.of(size, cells, 1, 1, 0)).isNotEqualTo(Grid.of(size, cells, 2, 1, 0));
        assertThat(Grid.of(size, cells, 1, 1, 0)).isNotEqualTo(Grid.of(size, new int[9], 1, 1, 0));
    }

    @Test
    void refusesCellsOfTheWrongCountOrASpawnPointOffTheGrid() {
        GridSize size = new GridSize(3, 3, 1);

        assertThatThrownBy(() -> Grid.of(size, new int[8], 0, 0, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Grid.of(size, new int[9], 3, 0, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Grid.of(size, new int[9], 0, 0, 1)).isInstanceOf(IllegalArgumentException.class);
    }
}
