package lor.world.agones;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

class AgonesTickAliveTest {

    private final AtomicLong passes = new AtomicLong();
    private final AtomicBoolean hydrating = new AtomicBoolean();
    private final TickAlive alive = new TickAlive(passes::get, hydrating::get);

    @Test
    void vouchesOnlyForATickThreadThatMovedOnSinceItWasLastAsked() {
        passes.set(20);
        assertThat(alive.getAsBoolean()).isTrue();
        assertThat(alive.getAsBoolean()).as("stuck at 20").isFalse();
        passes.set(21);
        assertThat(alive.getAsBoolean()).isTrue();
        assertThat(alive.getAsBoolean()).isFalse();
    }

    @Test
    void vouchesForATickThreadBusyWithAHydration() {
        passes.set(5);
        alive.getAsBoolean();
        hydrating.set(true);

        assertThat(alive.getAsBoolean()).isTrue();
        assertThat(alive.getAsBoolean()).isTrue();
        hydrating.set(false);
        assertThat(alive.getAsBoolean()).isFalse();
    }
}
