package lor.sim.grid;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The Colyseus peer benchmark's map, bit for bit. Every expected value here was computed by running the rule in
 * {@code shared/bench/colyseus/world.js} with node, not by this implementation.
 */
class BenchMapTest {

    private static final Grid GRID = BenchMap.grid();

    @Test
    void isA256By256GridOfOneLayer() {
        assertThat(GRID.size()).isEqualTo(new GridSize(256, 256, 1));
    }

    @Test
    void layeredKeepsTheBenchMapOnLayerZeroOverOpenFloor() {
        Grid layered = BenchMap.grid(3);

        assertThat(layered.size()).isEqualTo(new GridSize(256, 256, 3));
        int plane = 256 * 256;
        for (int i = 0; i < plane; i++) {
            assertThat(layered.isWall(i)).as("cell %d", i).isEqualTo(GRID.isWall(i));
        }
        assertThat(layered.floorCount()).isEqualTo(GRID.floorCount() + 2 * plane);
        assertThat(layered.spawnLayer()).isZero();
    }

    @Test
    void hasExactlyTheBenchmarksWallCount() {
        int walls = 0;
        for (int i = 0; i < GRID.size().cells(); i++) {
            if (GRID.isWall(i)) {
                walls++;
            }
        }

        assertThat(walls).isEqualTo(7468);
        assertThat(GRID.floorCount()).isEqualTo(256 * 256 - 7468);
    }

    @Test
    void placesEveryWallWhereTheBenchmarkDoes() {
        // world.js: the sum of the wall indices, and a polynomial hash of them in index order (mod 2^31 - 1).
        long sum = 0;
        long poly = 0;
        for (int i = 0; i < GRID.size().cells(); i++) {
            if (GRID.isWall(i)) {
                sum += i;
                poly = (poly * 31 + i) % 2147483647L;
            }
        }

        assertThat(sum).isEqualTo(244675280L);
        assertThat(poly).isEqualTo(1132938227L);
    }

    @Test
    void wallsTheWholeBorder() {
        for (int i = 0; i < 256; i++) {
            assertThat(GRID.isWall(GRID.size().index(i, 0, 0))).as("top %d", i).isTrue();
            assertThat(GRID.isWall(GRID.size().index(i, 255, 0))).as("bottom %d", i).isTrue();
            assertThat(GRID.isWall(GRID.size().index(0, i, 0))).as("left %d", i).isTrue();
            assertThat(GRID.isWall(GRID.size().index(255, i, 0))).as("right %d", i).isTrue();
        }
    }

    @ParameterizedTest
    @CsvSource({"1, 29", "2, 33", "128, 28", "254, 30"})
    void countsTheBenchmarksWallsOnARow(int y, int expected) {
        int walls = 0;
        for (int x = 0; x < 256; x++) {
            if (GRID.isWall(GRID.size().index(x, y, 0))) {
                walls++;
            }
        }

        assertThat(walls).isEqualTo(expected);
    }

    @ParameterizedTest
    @CsvSource({"12, 1", "21, 1", "35, 1", "42, 1", "51, 1", "68, 1"})
    void pinsInteriorWalls(int x, int y) {
        assertThat(GRID.isWall(GRID.size().index(x, y, 0))).isTrue();
        assertThat(BenchMap.isWall(x, y)).isTrue();
    }

    @ParameterizedTest
    @CsvSource({"1, 1", "2, 1", "3, 1", "100, 100", "200, 37", "37, 200"})
    void pinsFloorCells(int x, int y) {
        assertThat(GRID.isWall(GRID.size().index(x, y, 0))).isFalse();
        assertThat(BenchMap.isWall(x, y)).isFalse();
    }

    @ParameterizedTest
    @CsvSource({
        "0, 0, 12345, 2435775735",
        "1, 1, 12345, 859079994",
        "10, 20, 12345, 3739361210",
        "128, 128, 12345, 3408464810",
        "255, 255, 12345, 2487262912",
        "0, 20823, 12345, 1411494966",
        "3, 20823, 12345, 3113778803",
        "1, 2, 3, 2911813562"})
    void hashesAsWorldJsDoesReadUnsigned(int x, int y, int seed, long unsigned) {
        assertThat(Integer.toUnsignedLong(BenchMap.hash32(x, y, seed))).isEqualTo(unsigned);
    }

    @ParameterizedTest
    @CsvSource({"0, 46134", "1, 50232", "2, 44327", "3, 32371", "4, 21978", "16, 30523", "1267, 65484"})
    void startsTheSpawnSearchOfTheJthPlayerWhereTheBenchmarkDoes(int j, int start) {
        assertThat(BenchMap.spawnStart(j, 256 * 256)).isEqualTo(start);
    }

    @Test
    void startsTheSpawnSearchWithinSmallerGrids() {
        // hash32(0, 0x5157, 12345) = 1411494966, unsigned.
        assertThat(BenchMap.spawnStart(0, 64)).isEqualTo(1411494966 % 64);
        assertThat(BenchMap.spawnStart(3, 1000)).isEqualTo((int) (3113778803L % 1000));
    }

    @Test
    void putsItsFallbackSpawnPointOnTheFirstFloorCell() {
        assertThat(GRID.spawnX()).isEqualTo(1);
        assertThat(GRID.spawnY()).isEqualTo(1);
        assertThat(GRID.spawnLayer()).isZero();
    }

    @Test
    void buildsTheSameGridEveryTime() {
        assertThat(BenchMap.grid()).isEqualTo(GRID);
    }
}
