package lor.world.control;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import lor.protocol.control.WorldHeartbeatMessage;
import org.junit.jupiter.api.Test;

class HeartbeatTest {

    private final CapturingControlLink link = new CapturingControlLink(true);
    private final AtomicLong progress = new AtomicLong();
    private final AtomicBoolean busy = new AtomicBoolean();
    private final Heartbeat heartbeat = new Heartbeat("start", link, progress::get, busy::get);

    @Test
    void beatsOnlyWhenTheTickThreadMovedOnSinceTheLastBeat() {
        progress.set(20);
        heartbeat.run();
        heartbeat.run();
        progress.set(40);
        heartbeat.run();

        assertThat(link.delivered(WorldHeartbeatMessage.class))
                .containsExactly(new WorldHeartbeatMessage("start", 20), new WorldHeartbeatMessage("start", 40));
    }

    @Test
    void aBusyTickThreadStillGetsItsBeats() {
        heartbeat.run();
        busy.set(true);
        heartbeat.run();
        heartbeat.run();
        busy.set(false);
        heartbeat.run();

        assertThat(link.delivered(WorldHeartbeatMessage.class)).hasSize(3);
    }
}
