package lor.protocol.game;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.Base64;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

class MapEncodingTest {

    @Test
    void encodesRunsAsLengthThenValueVarints() {
        // 3 × 0 then 130 × 1: runs (3, 0) and (130, 1); 130 needs two varint bytes (0x82 0x01).
        int[] cells = new int[133];
        Arrays.fill(cells, 3, 133, 1);

        byte[] bytes = Base64.getDecoder().decode(MapEncoding.encode(cells));

        assertThat(bytes).containsExactly(3, 0, 0x82, 0x01, 1);
    }

    @Property(tries = 200)
    void decodeInvertsEncode(@ForAll @Size(max = 600) int[] values, @ForAll @IntRange(min = 1, max = 9) int runs) {
        int[] cells = new int[values.length * runs];
        for (int i = 0; i < cells.length; i++) {
            cells[i] = Math.abs(values[i / runs] % 16);
        }

        assertThat(MapEncoding.decode(MapEncoding.encode(cells), cells.length)).containsExactly(cells);
    }

    @Test
    void aMapOfRoomsTakesFewerCharactersThanHalfItsCells() {
        int[] cells = new int[128 * 128];
        for (int y = 0; y < 128; y++) {
            for (int x = 0; x < 128; x++) {
                cells[y * 128 + x] = (x % 16 < 12 && y % 16 < 12) ? 0 : 1;
            }
        }

        // 2 runs a row per 16 cells: 4 bytes, under 6 base64 characters, for every 16 cells.
        assertThat(MapEncoding.encode(cells).length()).isLessThan(cells.length / 2);
    }

    @Test
    void refusesRunsThatDoNotCoverTheCellsExactly() {
        String fourCells = MapEncoding.encode(new int[] {0, 0, 1, 1});

        assertThatThrownBy(() -> MapEncoding.decode(fourCells, 5)).hasMessageContaining("cover 4 cells");
        assertThatThrownBy(() -> MapEncoding.decode(fourCells, 3)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void refusesTruncatedOrEmptyRunsAndBadBase64() {
        String truncated = Base64.getEncoder().encodeToString(new byte[] {(byte) 0x82});
        String emptyRun = Base64.getEncoder().encodeToString(new byte[] {0, 1});

        assertThatThrownBy(() -> MapEncoding.decode(truncated, 2)).hasMessageContaining("truncated");
        assertThatThrownBy(() -> MapEncoding.decode(emptyRun, 2)).hasMessageContaining("bad run");
        assertThatThrownBy(() -> MapEncoding.decode("not base64!", 2)).isInstanceOf(IllegalArgumentException.class);
    }
}
