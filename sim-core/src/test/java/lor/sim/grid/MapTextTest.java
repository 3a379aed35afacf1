package lor.sim.grid;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import lor.sim.util.SplitMix64;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class MapTextTest {

    private static final int GRASS = Cells.floor(Cells.TERRAIN_GRASS);
    private static final int WATER = Cells.floor(Cells.TERRAIN_WATER);
    private static final int ROAD = Cells.floor(Cells.TERRAIN_ROAD);

    /** Every kind of cell, two layers, comments, and a spawn point on layer 1. */
    private static final String EXAMPLE = """
            ; a cellar under a courtyard
            #####
            #.,~#
            #=..#
            #####

            ; the cellar
            #####
            #..S#
            ##..#
            #####
            """;

    @Test
    void parsesTheDocumentedExampleCellByCell() {
        Grid grid = MapText.parse(EXAMPLE);

        assertThat(grid.size()).isEqualTo(new GridSize(5, 4, 2));
        int w = Cells.WALL;
        int f = Cells.FLOOR;
        assertThat(grid.copyCells()).containsExactly(
                w, w, w, w, w,
                w, f, GRASS, WATER, w,
                w, ROAD, f, f, w,
                w, w, w, w, w,

                w, w, w, w, w,
                w, f, f, f, w,
                w, w, f, f, w,
                w, w, w, w, w);
        assertThat(grid.spawnX()).isEqualTo(3);
        assertThat(grid.spawnY()).isEqualTo(1);
        assertThat(grid.spawnLayer()).isEqualTo(1);
    }

    @Test
    void formatsTheExampleAsItsRowsWithoutComments() {
        assertThat(MapText.format(MapText.parse(EXAMPLE))).isEqualTo("""
                #####
                #.,~#
                #=..#
                #####

                #####
                #..S#
                ##..#
                #####
                """);
    }

    @Test
    void spawnsAtTheCentreOfLayerZeroWithoutAnS() {
        Grid grid = MapText.parse("....\n....\n....\n");

        assertThat(grid.spawnX()).isEqualTo(2);
        assertThat(grid.spawnY()).isEqualTo(1);
        assertThat(grid.spawnLayer()).isZero();
    }

    @Test
    void readsWindowsLineEndsAndSeveralBlankLinesBetweenLayers() {
        Grid unix = MapText.parse("#.\n.S\n\n..\n#.\n");
        Grid windows = MapText.parse("#.\r\n.S\r\n\r\n  \r\n\r\n..\r\n#.\r\n");

        assertThat(windows).isEqualTo(unix);
        assertThat(windows.layers()).isEqualTo(2);
    }

    @Test
    void roundTripsTheExample() {
        Grid grid = MapText.parse(EXAMPLE);

        assertThat(MapText.parse(MapText.format(grid))).isEqualTo(grid);
    }

    @Test
    void roundTripsAMapWithoutSpawnWhoseCentreIsAWall() {
        Grid grid = MapText.parse(".#.\n.#.\n");

        assertThat(grid.isWall(grid.size().index(grid.spawnX(), grid.spawnY(), 0))).isTrue();
        assertThat(MapText.parse(MapText.format(grid))).isEqualTo(grid);
    }

    @Test
    void roundTripsAMapWithoutSpawnWhoseCentreIsGrass() {
        Grid grid = MapText.parse("~,~\n");

        assertThat(MapText.parse(MapText.format(grid))).isEqualTo(grid);
    }

    @Test
    void roundTripsGeneratedGrids() {
        Grid[] grids = {
            MapGenerator.scatter(new GridSize(64, 48, 3), 0.3, 11),
            MapGenerator.maze(41, 30, 12),
            MapGenerator.rooms(new GridSize(80, 60, 2), 12, 13),
            Grid.open(new GridSize(7, 1, 1)),
        };
        for (Grid grid : grids) {
            assertThat(MapText.parse(MapText.format(grid))).isEqualTo(grid);
        }
    }

    /** Any grid of the five kinds, with the spawn point on plain floor or left at the default centre. */
    @Property(tries = 300)
    void roundTripsAnyGridOfTheListedKinds(@ForAll @IntRange(min = 1, max = 9) int width,
                                           @ForAll @IntRange(min = 1, max = 7) int height,
                                           @ForAll @IntRange(min = 1, max = 4) int layers,
                                           @ForAll long seed,
                                           @ForAll boolean defaultSpawn) {
        GridSize size = new GridSize(width, height, layers);
        SplitMix64 random = new SplitMix64(seed);
        int[] kinds = {Cells.WALL, Cells.FLOOR, GRASS, WATER, ROAD};
        int[] cells = new int[size.cells()];
        for (int i = 0; i < cells.length; i++) {
            cells[i] = kinds[random.nextInt(kinds.length)];
        }
        Grid grid;
        if (defaultSpawn) {
            grid = Grid.of(size, cells, width / 2, height / 2, 0);
        } else {
            int x = random.nextInt(width);
            int y = random.nextInt(height);
            int layer = random.nextInt(layers);
            cells[size.index(x, y, layer)] = Cells.FLOOR;
            grid = Grid.of(size, cells, x, y, layer);
        }

        assertThat(MapText.parse(MapText.format(grid))).isEqualTo(grid);
    }

    @Test
    void refusesARaggedRowNamingLayerAndRow() {
        assertThatThrownBy(() -> MapText.parse("....\n....\n\n....\n..\n"))
                .isInstanceOf(MapFormatException.class)
                .hasMessage("layer 1 row 1 is 2 wide, expected 4");
        assertThatThrownBy(() -> MapText.parse("...\n...\n....\n"))
                .isInstanceOf(MapFormatException.class)
                .hasMessage("layer 0 row 2 is 4 wide, expected 3");
    }

    @Test
    void refusesAnUnknownCharacterNamingLayerRowAndColumn() {
        assertThatThrownBy(() -> MapText.parse("....\n..x.\n\n....\n....\n"))
                .isInstanceOf(MapFormatException.class)
                .hasMessage("unknown cell 'x' at layer 0 row 1 column 2");
        assertThatThrownBy(() -> MapText.parse("..\n..\n\n..\n.\t\n"))
                .isInstanceOf(MapFormatException.class)
                .hasMessageContaining("layer 1 row 1 column 1");
    }

    @Test
    void refusesASecondSpawnPointNamingWhereItIs() {
        assertThatThrownBy(() -> MapText.parse("S...\n....\n\n....\n..S.\n"))
                .isInstanceOf(MapFormatException.class)
                .hasMessage("second spawn point at layer 1 row 1 column 2");
    }

    @Test
    void refusesLayersOfDifferentHeightsNamingTheLayer() {
        assertThatThrownBy(() -> MapText.parse("...\n...\n...\n\n...\n...\n"))
                .isInstanceOf(MapFormatException.class)
                .hasMessage("layer 1 has 2 rows, layer 0 has 3");
    }

    @Test
    void refusesAMapWithoutRows() {
        assertThatThrownBy(() -> MapText.parse("; only a comment\n\n   \n"))
                .isInstanceOf(MapFormatException.class)
                .hasMessage("map has no rows");
    }

    @Test
    void refusesMoreLayersThanAGridHoldsAsAFormatError() {
        String fiveLayers = ".\n\n.\n\n.\n\n.\n\n.\n";

        assertThatThrownBy(() -> MapText.parse(fiveLayers))
                .isInstanceOf(MapFormatException.class)
                .hasMessageContaining("5 layers");
    }

    @Test
    void refusesARowWiderThanAGridHoldsAsAFormatError() {
        String wide = ".".repeat(GridSize.MAX_SIDE + 1) + "\n";

        assertThatThrownBy(() -> MapText.parse(wide))
                .isInstanceOf(MapFormatException.class)
                .hasMessageContaining("4097");
    }
}
