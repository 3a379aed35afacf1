package lor.sim.grid;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class GridSizeTest {

    @ParameterizedTest
    @CsvSource({"0,1,1", "1,0,1", "1,1,0", "4097,1,1", "1,4097,1", "1,1,5", "-1,1,1"})
    void refusesEmptyOrOversizedGrid(int width, int height, int layers) {
        assertThatThrownBy(() -> new GridSize(width, height, layers)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void acceptsTheLargestGrid() {
        assertThatCode(() -> new GridSize(GridSize.MAX_SIDE, GridSize.MAX_SIDE, GridSize.MAX_LAYERS))
                .doesNotThrowAnyException();
        assertThat(new GridSize(4096, 4096, 4).cells()).isEqualTo(4096 * 4096 * 4);
    }

    @Test
    void indexesLayerThenRowThenColumn() {
        GridSize grid = new GridSize(5, 3, 2);

        assertThat(grid.index(0, 0, 0)).isZero();
        assertThat(grid.index(4, 0, 0)).isEqualTo(4);
        assertThat(grid.index(0, 1, 0)).isEqualTo(5);
        assertThat(grid.index(2, 1, 1)).isEqualTo((1 * 3 + 1) * 5 + 2);
        assertThat(grid.index(4, 2, 1)).isEqualTo(grid.cells() - 1);
    }

    @Test
    void givesEveryCellItsOwnIndex() {
        GridSize grid = new GridSize(4, 3, 2);
        Set<Integer> indexes = new HashSet<>();
        for (int layer = 0; layer < grid.layers(); layer++) {
            for (int y = 0; y < grid.height(); y++) {
                for (int x = 0; x < grid.width(); x++) {
                    indexes.add(grid.index(x, y, layer));
                }
            }
        }

        assertThat(indexes).hasSize(grid.cells()).allMatch(i -> i >= 0 && i < grid.cells());
    }

    @Test
    void mapsEveryCoordinateOfEverySmallSizeOneToOneOntoTheCellRange() {
        for (int width = 1; width <= 5; width++) {
            for (int height = 1; height <= 4; height++) {
                for (int layers = 1; layers <= 3; layers++) {
                    GridSize size = new GridSize(width, height, layers);
                    int[] owner = new int[size.cells()];
                    Arrays.fill(owner, -1);
                    for (int layer = 0; layer < layers; layer++) {
                        for (int y = 0; y < height; y++) {
                            for (int x = 0; x < width; x++) {
                                int index = size.index(x, y, layer);
                                assertThat(index).as("%s (%d,%d,%d)", size, x, y, layer)
                                        .isBetween(0, size.cells() - 1);
                                assertThat(owner[index]).as("%s index %d taken twice", size, index).isEqualTo(-1);
                                owner[index] = (layer * height + y) * width + x;
                                // The inverse: index → (x, y, layer).
                                assertThat(index % width).isEqualTo(x);
                                assertThat(index / width % height).isEqualTo(y);
                                assertThat(index / (width * height)).isEqualTo(layer);
                            }
                        }
                    }
                    assertThat(owner).as("%s covers every index", size).doesNotContain(-1);
                }
            }
        }
    }

    @Test
    void containsExactlyTheCoordinatesInsideEverySmallSize() {
        for (int width = 1; width <= 5; width++) {
            for (int height = 1; height <= 4; height++) {
                for (int layers = 1; layers <= 3; layers++) {
                    GridSize size = new GridSize(width, height, layers);
                    int inside = 0;
                    for (int layer = -2; layer <= layers + 1; layer++) {
                        for (int y = -2; y <= height + 1; y++) {
                            for (int x = -2; x <= width + 1; x++) {
                                boolean expected = x >= 0 && x < width && y >= 0 && y < height && layer >= 0
                                        && layer < layers;
                                assertThat(size.contains(x, y, layer)).as("%s (%d,%d,%d)", size, x, y, layer)
                                        .isEqualTo(expected);
                                inside += expected ? 1 : 0;
                            }
                        }
                    }
                    assertThat(inside).isEqualTo(size.cells());
                }
            }
        }
    }

    @Test
    void containsRefusesExtremeCoordinates() {
        GridSize grid = new GridSize(4096, 4096, 4);

        assertThat(grid.contains(Integer.MIN_VALUE, 0, 0)).isFalse();
        assertThat(grid.contains(0, Integer.MAX_VALUE, 0)).isFalse();
        assertThat(grid.contains(0, 0, Integer.MIN_VALUE)).isFalse();
        assertThat(grid.contains(4095, 4095, 3)).isTrue();
    }

    @Test
    void containsOnlyCellsInsideEveryDimension() {
        GridSize grid = new GridSize(4, 3, 2);

        assertThat(grid.contains(3, 2, 1)).isTrue();
        assertThat(grid.contains(4, 0, 0)).isFalse();
        assertThat(grid.contains(0, 3, 0)).isFalse();
        assertThat(grid.contains(0, 0, 2)).isFalse();
        assertThat(grid.contains(-1, 0, 0)).isFalse();
    }
}
