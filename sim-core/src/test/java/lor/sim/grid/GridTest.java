package lor.sim.grid;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;

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

    // ---- portals ------------------------------------------------------------------------------------------------

    private static final Portal TO_CELLAR = new Portal(1, "cellar", 6, 6, 0);
    private static final Portal TO_MEADOW = new Portal(2, "meadow", 16, 15, 0);

    @Test
    void portalAtAnswersThePortalOfAPortalCellAndNullElsewhere() {
        int[] cells = {Cells.portalFloor(1), Cells.FLOOR, Cells.WALL, Cells.portalFloor(2)};

        Grid grid = Grid.of(new GridSize(2, 2, 1), cells, 1, 0, 0, List.of(TO_CELLAR, TO_MEADOW));

        assertThat(grid.portalAt(0)).isEqualTo(TO_CELLAR);
        assertThat(grid.portalAt(1)).isNull();
        assertThat(grid.portalAt(2)).isNull();
        assertThat(grid.portalAt(3)).isEqualTo(TO_MEADOW);
        assertThat(grid.portals()).containsExactly(TO_CELLAR, TO_MEADOW);
        assertThat(grid.isWall(0)).as("a portal cell is walkable").isFalse();
        assertThat(grid.floorCount()).isEqualTo(3);
    }

    @Test
    void gridWithoutPortalsHasNone() {
        Grid grid = Grid.of(new GridSize(2, 1, 1), new int[2], 0, 0, 0);

        assertThat(grid.portals()).isEmpty();
        assertThat(grid.portalAt(0)).isNull();
        assertThat(Grid.open(new GridSize(3, 3, 1)).portals()).isEmpty();
    }

    @Test
    void refusesACellNamingAPortalThatDoesNotExist() {
        int[] cells = {Cells.portalFloor(1), Cells.portalFloor(2)};
        GridSize size = new GridSize(2, 1, 1);

        assertThatThrownBy(() -> Grid.of(size, cells, 0, 0, 0, List.of(TO_CELLAR)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a cell names portal 2 of 1");
        assertThatThrownBy(() -> Grid.of(size, cells, 0, 0, 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a cell names portal 1 of 0");
    }

    @Test
    void refusesPortalsNotNumberedOneByOneInOrder() {
        GridSize size = new GridSize(2, 1, 1);

        assertThatThrownBy(() -> Grid.of(size, new int[2], 0, 0, 0, List.of(TO_MEADOW)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("portal 1 is numbered 2");
        assertThatThrownBy(() -> Grid.of(size, new int[2], 0, 0, 0, List.of(TO_MEADOW, TO_CELLAR)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("portal 1 is numbered 2");
        assertThatThrownBy(() -> Grid.of(size, new int[2], 0, 0, 0, List.of(TO_CELLAR, TO_CELLAR)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("portal 2 is numbered 1");
    }

    @Test
    void keepsItsOwnCopyOfThePortals() {
        List<Portal> portals = new ArrayList<>(List.of(TO_CELLAR));
        Grid grid = Grid.of(new GridSize(1, 1, 1), new int[] {Cells.portalFloor(1)}, 0, 0, 0, portals);

        portals.add(TO_MEADOW);

        assertThat(grid.portals()).containsExactly(TO_CELLAR);
        assertThatThrownBy(() -> grid.portals().add(TO_MEADOW)).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void gridsDifferingOnlyInWhereAPortalLeadsAreNotEqual() {
        GridSize size = new GridSize(1, 1, 1);
        int[] cells = {Cells.portalFloor(1)};

        assertThat(Grid.of(size, cells, 0, 0, 0, List.of(TO_CELLAR)))
                .isEqualTo(Grid.of(size, cells, 0, 0, 0, List.of(new Portal(1, "cellar", 6, 6, 0))))
                .isNotEqualTo(Grid.of(size, cells, 0, 0, 0, List.of(new Portal(1, "cellar", 6, 7, 0))));
    }

    @Test
    void holdsTheLargestPortalNumberInItsCellBits() {
        List<Portal> portals = new ArrayList<>();
        for (int n = 1; n <= Cells.MAX_PORTALS; n++) {
            portals.add(new Portal(n, "w", 0, 0, 0));
        }
        int cell = Cells.portalFloor(Cells.MAX_PORTALS) | Cells.floor(Cells.TERRAIN_ROAD);

        Grid grid = Grid.of(new GridSize(1, 1, 1), new int[] {cell}, 0, 0, 0, portals);

        assertThat(grid.portalAt(0).number()).isEqualTo(255);
        assertThat(Cells.portal(cell)).isEqualTo(255);
        assertThat(Cells.terrain(cell)).as("portal bits leave the terrain alone").isEqualTo(Cells.TERRAIN_ROAD);
        assertThat(Cells.isWall(cell)).isFalse();
        assertThat(cell & ~0xFFF).as("bits 12-31 stay reserved").isZero();
    }
}
