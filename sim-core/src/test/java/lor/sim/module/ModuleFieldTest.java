package lor.sim.module;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;

import lor.sim.grid.GridSize;
import lor.sim.util.StateHash;
import org.junit.jupiter.api.Test;

class ModuleFieldTest {

    private static final GridSize SIZE = new GridSize(8, 6, 2);
    private static final int FIRE = 1;
    private static final int ASH = 2;
    private static final int EARTH = 4;

    private final ModuleField field = new ModuleField(ModuleSpecTest.elementals().build(), SIZE);

    @Test
    void cellsSetAreReadBackAndListedOnceUntilCleared() {
        assertThat(field.get(3, 2, 1)).isZero();
        field.set(3, 2, 1, FIRE, 7);
        field.set(3, 2, 1, ASH, 7);
        field.set(0, 0, 0, FIRE, 7);
        field.set(5, 5, 0, 0, 7);
        assertThat(field.get(3, 2, 1)).isEqualTo(ASH);
        assertThat(field.get(0, 0, 0)).isEqualTo(FIRE);
        assertThat(field.get(-1, 0, 0)).as("outside the grid").isZero();
        assertThat(changed()).as("a cell set twice is listed once; an unchanged cell not at all")
                .containsExactly(SIZE.index(3, 2, 1), SIZE.index(0, 0, 0));
        assertThat(field.occupied()).isEqualTo(2);

        field.clearChanged();
        assertThat(changed()).isEmpty();
        field.set(3, 2, 1, 0, 7);
        assertThat(changed()).containsExactly(SIZE.index(3, 2, 1));
        assertThat(field.occupied()).isEqualTo(1);
    }

    @Test
    void aBlockingValueIsAWallWhileItLiesOnACell() {
        assertThat(field.blocks(4, 4, 0)).isFalse();
        field.set(4, 4, 0, FIRE, 7);
        assertThat(field.blocks(4, 4, 0)).as("fire does not block").isFalse();
        field.set(4, 4, 0, EARTH, 7);
        assertThat(field.blocks(4, 4, 0)).isTrue();
        assertThat(field.blocks(4, 4, 1)).as("another layer").isFalse();
        assertThat(field.blocks(40, 4, 0)).as("outside").isFalse();
        field.set(4, 4, 0, ASH, 7);
        assertThat(field.blocks(4, 4, 0)).isFalse();
    }

    @Test
    void aSnapshotRestoresEveryCellAndWhatBlocks() {
        field.set(1, 1, 0, EARTH, 7);
        field.set(2, 1, 0, FIRE, 7);
        field.set(2, 1, 0, FIRE, 7);
        int[] saved = field.copyCells();
        int[] since = field.copySince();

        ModuleField again = new ModuleField(ModuleSpecTest.elementals().build(), SIZE);
        again.restore(saved, since);
        assertThat(again.copyCells()).isEqualTo(saved);
        assertThat(again.sinceAt(SIZE.index(2, 1, 0), 9)).isEqualTo(7);
        assertThat(hash(again)).as("the hash kept up to date equals the restored cells' one").isEqualTo(hash(field));
        assertThat(again.blocks(1, 1, 0)).isTrue();
        assertThat(again.changedCount()).as("a restored field has nothing new to report").isZero();

        saved[0] = 9;
        assertThatThrownBy(() -> again.restore(saved, since))
                .hasMessage("module elementals: the snapshot holds the undeclared cell value 9 at cell 0");
        assertThat(again.get(0, 0, 0)).as("a refused snapshot changes nothing").isZero();
        assertThatThrownBy(() -> again.restore(new int[3], new int[3]))
                .hasMessage("module elementals: a field of 3 cells cannot be restored onto 96");
    }

    @Test
    void aModuleSettingAnUndeclaredValueOrACellOutsideTheGridFails() {
        assertThatThrownBy(() -> field.set(0, 0, 0, 7, 7))
                .hasMessage("module elementals set the undeclared cell value 7");
        assertThatThrownBy(() -> field.set(0, 0, 0, -1, 7))
                .hasMessage("module elementals set the undeclared cell value -1");
        assertThatThrownBy(() -> field.set(8, 0, 0, FIRE, 7))
                .hasMessage("module elementals set the cell 8,0,0 outside its 8 x 6 x 2 field");
        assertThat(field.changedCount()).isZero();
    }

    private static long hash(ModuleField f) {
        StateHash h = new StateHash();
        f.stateHash(h);
        return h.value();
    }

    private List<Integer> changed() {
        List<Integer> cells = new ArrayList<>();
        for (int i = 0; i < field.changedCount(); i++) {
            cells.add(field.changedCell(i));
        }
        return cells;
    }
}
