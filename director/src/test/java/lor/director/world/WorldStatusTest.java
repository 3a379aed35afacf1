package lor.director.world;

import static lor.director.world.WorldStatus.FAILED;
import static lor.director.world.WorldStatus.RUNNING;
import static lor.director.world.WorldStatus.STARTING;
import static lor.director.world.WorldStatus.STOPPED;
import static lor.director.world.WorldStatus.STOPPING;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.EnumSet;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

/** The moves a world's lifecycle allows, and a world refusing any other. */
class WorldStatusTest {

    private static final Map<WorldStatus, Set<WorldStatus>> ALLOWED = Map.of(
            STOPPED, EnumSet.of(STARTING),
            STARTING, EnumSet.of(RUNNING, STOPPING, STOPPED, FAILED),
            RUNNING, EnumSet.of(STOPPING, STOPPED, FAILED),
            STOPPING, EnumSet.of(STOPPED, FAILED),
            FAILED, EnumSet.of(STOPPED));

    @Test
    void allowsExactlyTheDocumentedMoves() {
        for (WorldStatus from : WorldStatus.values()) {
            for (WorldStatus to : WorldStatus.values()) {
                assertThat(from.canMoveTo(to)).as(from + " → " + to).isEqualTo(ALLOWED.get(from).contains(to));
            }
        }
    }

    @Test
    void aWorldRefusesAMoveTheTableDoesNotAllowAndKeepsItsState() {
        WorldInstance w = new WorldInstance("cellar", "Cellar", WorldSettings.parse("cellar", "{\"map\":\"cellar\"}"),
                0);

        assertThatThrownBy(() -> w.moveTo(RUNNING))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("world cellar cannot move from stopped to running");
        assertThat(w.status()).isEqualTo(STOPPED);

        w.moveTo(STARTING);
        w.moveTo(RUNNING);
        w.moveTo(STOPPING);
        assertThatThrownBy(() -> w.moveTo(STARTING)).isInstanceOf(IllegalStateException.class);
        w.moveTo(STOPPED);
        assertThat(w.status()).isEqualTo(STOPPED);
    }
}
