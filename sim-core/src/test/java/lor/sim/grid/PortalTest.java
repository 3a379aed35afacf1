package lor.sim.grid;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PortalTest {

    @Test
    void acceptsNumbersOneToTwoHundredFiftyFive() {
        assertThat(new Portal(1, "cellar", 0, 0, 0).number()).isEqualTo(1);
        assertThat(new Portal(255, "cellar", 0, 0, 0).number()).isEqualTo(255);
        assertThatThrownBy(() -> new Portal(0, "cellar", 0, 0, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Portal(256, "cellar", 0, 0, 0)).isInstanceOf(IllegalArgumentException.class);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "Start", "start world", "../start", "abcdefghijklmnopqrstuvwxyz0123456"})
    void refusesATargetWorldThatIsNoWorldId(String world) {
        assertThatThrownBy(() -> new Portal(1, world, 0, 0, 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("portal target world");
    }

    @Test
    void refusesANullTargetWorldAndANegativeTargetCell() {
        assertThatThrownBy(() -> new Portal(1, null, 0, 0, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Portal(1, "w", -1, 0, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Portal(1, "w", 0, -1, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Portal(1, "w", 0, 0, -1)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void acceptsEveryCharacterOfAWorldId() {
        assertThat(new Portal(1, "a_b-9", 0, 0, 0).targetWorld()).isEqualTo("a_b-9");
        assertThat(new Portal(1, "x".repeat(32), 0, 0, 0).targetWorld()).hasSize(32);
    }
}
