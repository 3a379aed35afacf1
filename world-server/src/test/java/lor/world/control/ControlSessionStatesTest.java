package lor.world.control;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;

import io.netty.channel.EventLoopGroup;
import lor.protocol.control.WorldReadyMessage;
import lor.protocol.netty.EventLoops;
import lor.world.control.StandInDirector.Answer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The states a control connection goes through, over real connections to stand-in directors. */
class ControlSessionStatesTest {

    private static final Duration STEP = Duration.ofSeconds(10);

    private final EventLoopGroup group = EventLoops.create("control-states", 1);
    private final EventLoopGroup directorLoops = EventLoops.create("stand-in-directors", 1);
    private final RecordingControlListener listener = new RecordingControlListener();
    private StandInDirector director;
    private ControlClient client;

    @AfterEach
    void stop() {
        if (client != null) {
            client.close();
        }
        if (director != null) {
            director.close();
        }
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly();
        directorLoops.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly();
    }

    @Test
    void aConnectionOpenedAheadSaysNothingUntilTheWorldIsNamedThenRegistersOnIt() throws Exception {
        director = new StandInDirector(directorLoops, Answer.SILENT);
        client = client();

        client.connectAhead();
        await().atMost(STEP).until(() -> client.state() == SessionState.OPEN);
        assertThat(director.registrations()).isZero();

        client.becomeWorld("start", listener);

        await().atMost(STEP).until(() -> director.registrations() == 1);
        assertThat(client.state()).isEqualTo(SessionState.REGISTERING);
        assertThat(director.connectionsOpened()).as("the same connection").isEqualTo(1);
        assertThat(client.send(new WorldReadyMessage("start", 0)))
                .as("nothing overtakes the registration").isFalse();
    }

    @Test
    void theDirectorsAnswerAcceptsTheWorldOnItsConnection() throws Exception {
        director = new StandInDirector(directorLoops, Answer.HYDRATE);
        client = client();

        client.becomeWorld("start", listener);

        await().atMost(STEP).until(() -> listener.events.contains("hydrate start 0"));
        assertThat(client.state()).isEqualTo(SessionState.ACCEPTED);
    }

    @Test
    void aSpareWaitsForItsAssignmentInTheSpareState() throws Exception {
        director = new StandInDirector(directorLoops, Answer.SILENT);
        client = client();

        client.startAsSpare();

        await().atMost(STEP).until(() -> client.state() == SessionState.SPARE);
    }

    private ControlClient client() {
        return new ControlClient("token", List.of(director.controlUrl()), 1 << 20, () -> 1, group,
                ControlClient.ORPHAN_AFTER_MILLIS, new Random(5));
    }
}
