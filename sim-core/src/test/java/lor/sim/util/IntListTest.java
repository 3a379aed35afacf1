package lor.sim.util;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class IntListTest {

    @Test
    void growsKeepsOrderAndEmptiesWithoutLosingItsArray() {
        IntList list = new IntList(1);
        for (int i = 0; i < 100; i++) {
            list.add(i * 3);
        }
        assertThat(list.size()).isEqualTo(100);
        assertThat(list.get(99)).isEqualTo(297);
        list.set(0, -1);
        assertThat(list.removeLast()).isEqualTo(297);
        IntList other = new IntList(2);
        other.addAll(list);
        assertThat(other.toArray()).hasSize(99).startsWith(-1, 3, 6);
        list.clear();
        assertThat(list.isEmpty()).isTrue();
        assertThatThrownBy(() -> list.get(0)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(list::removeLast).isInstanceOf(IndexOutOfBoundsException.class);
    }
}
