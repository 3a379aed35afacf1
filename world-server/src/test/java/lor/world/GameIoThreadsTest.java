package lor.world;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class GameIoThreadsTest {

    @Test
    void halfTheProcessorsAndAtLeastTwoByDefaultOneOnASingleProcessor() {
        assertThat(GameIoThreads.count(null, 1)).isEqualTo(1);
        assertThat(GameIoThreads.count(null, 2)).isEqualTo(2);
        assertThat(GameIoThreads.count(null, 3)).isEqualTo(2);
        assertThat(GameIoThreads.count(null, 8)).isEqualTo(4);
    }

    @Test
    void theOperatorsCountWins() {
        assertThat(GameIoThreads.count("3", 2)).isEqualTo(3);
        assertThat(GameIoThreads.count(" 1 ", 16)).isEqualTo(1);
        assertThat(GameIoThreads.count("64", 2)).isEqualTo(64);
    }

    @Test
    void aCountOutOfRangeOrNotANumberIsRefusedByName() {
        for (String bad : new String[] {"0", "-1", "65", "two", ""}) {
            assertThatThrownBy(() -> GameIoThreads.count(bad, 2)).as(bad)
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("-Dlor.world.ioThreads")
                    .hasMessageContaining("1 to 64");
        }
    }
}
