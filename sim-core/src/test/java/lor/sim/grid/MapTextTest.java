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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

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
        assertThatThrownBy(() -> MapText.parse("....\n..?.\n\n....\n....\n"))
                .isInstanceOf(MapFormatException.class)
                .hasMessage("unknown cell '?' at layer 0 row 1 column 2");
        assertThatThrownBy(() -> MapText.parse("....\n.X..\n"))
                .as("capitals other than S are no portals")
                .isInstanceOf(MapFormatException.class)
                .hasMessage("unknown cell 'X' at layer 0 row 1 column 1");
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

    // ---- portals ------------------------------------------------------------------------------------------------

    /** Stairs down (a, two cells) on layer 0 and a door to the meadow (b) on layer 1, declared in between. */
    private static final String WITH_PORTALS = """
            ; a tower: stairs down to the cellar, a door out to the meadow
            @portal a cellar 6 6 0
            #####
            #aa.#
            #.S.#
            #####

            @portal b meadow 16 15 0
            #####
            #..b#
            #,..#
            #####
            """;

    @Test
    void parsesPortalLettersAsNumberedPortalCellsInDeclarationOrder() {
        Grid grid = MapText.parse(WITH_PORTALS);

        int w = Cells.WALL;
        int f = Cells.FLOOR;
        int a = Cells.portalFloor(1);
        int b = Cells.portalFloor(2);
        assertThat(grid.size()).isEqualTo(new GridSize(5, 4, 2));
        assertThat(grid.copyCells()).containsExactly(
                w, w, w, w, w,
                w, a, a, f, w,
                w, f, f, f, w,
                w, w, w, w, w,

                w, w, w, w, w,
                w, f, f, b, w,
                w, GRASS, f, f, w,
                w, w, w, w, w);
        assertThat(grid.portals()).containsExactly(
                new Portal(1, "cellar", 6, 6, 0), new Portal(2, "meadow", 16, 15, 0));
        assertThat(grid.portalAt(grid.size().index(2, 1, 0))).isEqualTo(new Portal(1, "cellar", 6, 6, 0));
        assertThat(grid.portalAt(grid.size().index(3, 1, 1))).isEqualTo(new Portal(2, "meadow", 16, 15, 0));
        assertThat(grid.isWall(grid.size().index(1, 1, 0))).as("a portal is walkable").isFalse();
        assertThat(List.of(grid.spawnX(), grid.spawnY(), grid.spawnLayer())).containsExactly(2, 2, 0);
    }

    @Test
    void formatsPortalsAsDirectivesFirstThenTheirLetters() {
        assertThat(MapText.format(MapText.parse(WITH_PORTALS))).isEqualTo("""
                @portal a cellar 6 6 0
                @portal b meadow 16 15 0
                #####
                #aa.#
                #.S.#
                #####

                #####
                #..b#
                #,..#
                #####
                """);
    }

    @Test
    void roundTripsAMapWithPortals() {
        Grid grid = MapText.parse(WITH_PORTALS);

        assertThat(MapText.parse(MapText.format(grid))).isEqualTo(grid);
    }

    @Test
    void keepsADeclaredPortalThatNoCellUses() {
        Grid grid = MapText.parse("@portal a cellar 1 1 0\n@portal b meadow 2 2 0\n.b.\n");

        assertThat(grid.portals()).hasSize(2);
        assertThat(grid.portalAt(grid.size().index(1, 0, 0)).targetWorld()).isEqualTo("meadow");
        assertThat(MapText.parse(MapText.format(grid))).isEqualTo(grid);
    }

    @Test
    void readsADirectiveWithExtraWhitespaceAndWindowsLineEnds() {
        Grid grid = MapText.parse("@portal   a\tcellar 1 2 0  \r\n.a\r\n");

        assertThat(grid.portals()).containsExactly(new Portal(1, "cellar", 1, 2, 0));
        assertThat(grid.cell(1)).isEqualTo(Cells.portalFloor(1));
    }

    /** Any grid of the listed kinds plus up to 26 portals, with the spawn point on plain floor or the default. */
    @Property(tries = 300, seed = "20261202")
    void roundTripsAnyGridWithPortals(@ForAll @IntRange(min = 1, max = 9) int width,
                                      @ForAll @IntRange(min = 1, max = 7) int height,
                                      @ForAll @IntRange(min = 1, max = 3) int layers,
                                      @ForAll @IntRange(min = 0, max = 26) int portalCount,
                                      @ForAll long seed,
                                      @ForAll boolean defaultSpawn) {
        GridSize size = new GridSize(width, height, layers);
        SplitMix64 random = new SplitMix64(seed);
        List<Portal> portals = new ArrayList<>();
        for (int n = 1; n <= portalCount; n++) {
            portals.add(new Portal(n, "w" + random.nextInt(1000), random.nextInt(4096), random.nextInt(4096),
                    random.nextInt(4)));
        }
        int[] kinds = {Cells.WALL, Cells.FLOOR, GRASS, WATER, ROAD};
        int[] cells = new int[size.cells()];
        for (int i = 0; i < cells.length; i++) {
            boolean portal = portalCount > 0 && random.nextInt(4) == 0;
            cells[i] = portal ? Cells.portalFloor(1 + random.nextInt(portalCount)) : kinds[random.nextInt(5)];
        }
        Grid grid;
        if (defaultSpawn) {
            grid = Grid.of(size, cells, width / 2, height / 2, 0, portals);
        } else {
            int x = random.nextInt(width);
            int y = random.nextInt(height);
            int layer = random.nextInt(layers);
            cells[size.index(x, y, layer)] = Cells.FLOOR;
            grid = Grid.of(size, cells, x, y, layer, portals);
        }

        assertThat(MapText.parse(MapText.format(grid))).isEqualTo(grid);
    }

    @Test
    void refusesAnUndeclaredPortalLetterNamingWhereItIs() {
        assertThatThrownBy(() -> MapText.parse("@portal a cellar 1 1 0\n.a.\n...\n\n...\n.c.\n"))
                .isInstanceOf(MapFormatException.class)
                .hasMessage("undeclared portal 'c' at layer 1 row 1 column 1");
    }

    @Test
    void refusesALetterDeclaredTwice() {
        assertThatThrownBy(() -> MapText.parse("@portal a cellar 1 1 0\n@portal a meadow 2 2 0\n.a.\n"))
                .isInstanceOf(MapFormatException.class)
                .hasMessage("portal 'a' is declared twice");
    }

    @ParameterizedTest
    @ValueSource(strings = {"@portal a cellar 1 1", "@portal a cellar 1 1 0 9", "@portal", "@gate a cellar 1 1 0",
            "@portal A cellar 1 1 0", "@portal ab cellar 1 1 0", "@portal 1 cellar 1 1 0", "@ portal a cellar 1 1 0"})
    void refusesAMalformedDirectiveQuotingIt(String directive) {
        assertThatThrownBy(() -> MapText.parse(directive + "\n...\n"))
                .isInstanceOf(MapFormatException.class)
                .hasMessage("directive must read '@portal LETTER WORLD X Y LAYER': " + directive);
    }

    @ParameterizedTest
    @ValueSource(strings = {"Cellar", "cel.lar", "abcdefghijklmnopqrstuvwxyz0123456"})
    void refusesABadTargetWorldId(String world) {
        assertThatThrownBy(() -> MapText.parse("@portal a " + world + " 1 1 0\n.a.\n"))
                .isInstanceOf(MapFormatException.class)
                .hasMessageStartingWith("bad portal 'a': ")
                .hasMessageContaining(world);
    }

    @ParameterizedTest
    @ValueSource(strings = {"-1 1 0", "1 -1 0", "1 1 -1", "x 1 0", "1 1 99999999999"})
    void refusesABadTargetCell(String cell) {
        assertThatThrownBy(() -> MapText.parse("@portal a cellar " + cell + "\n.a.\n"))
                .isInstanceOf(MapFormatException.class)
                .hasMessageStartingWith("bad portal 'a': ");
    }

    @Test
    void refusesToFormatMoreThanTwentySixPortals() {
        List<Portal> portals = new ArrayList<>();
        for (int n = 1; n <= 27; n++) {
            portals.add(new Portal(n, "w" + n, 0, 0, 0));
        }
        Grid grid = Grid.of(new GridSize(3, 1, 1), new int[] {0, Cells.portalFloor(27), 0}, 1, 0, 0, portals);

        assertThatThrownBy(() -> MapText.format(grid))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the text form holds at most 26 portals");
    }
}
