package lor.sim.world;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
    void containsOnlyCellsInsideEveryDimension() {
        GridSize grid = new GridSize(4, 3, 2);

        assertThat(grid.contains(3, 2, 1)).isTrue();
        assertThat(grid.contains(4, 0, 0)).isFalse();
        assertThat(grid.contains(0, 3, 0)).isFalse();
        assertThat(grid.contains(0, 0, 2)).isFalse();
        assertThat(grid.contains(-1, 0, 0)).isFalse();
    }
}
