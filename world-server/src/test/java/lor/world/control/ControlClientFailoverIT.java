package lor.world.control;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.netty.channel.EventLoopGroup;
import lor.protocol.control.WorldAssignMessage;
import lor.protocol.netty.EventLoops;
import lor.world.control.StandInDirector.Answer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/**
 * Several directors share one database: a world whose director dies, fences itself or cannot take it now
 * registers with another, which adopts it; a director that refuses it outright still ends it. Real control
 * connections on 127.0.0.1 to stand-in directors.
 */
class ControlClientFailoverIT {

    private static final Duration STEP = Duration.ofSeconds(5);
    /** The failover target: from a director's death to its worlds adopted. */
    private static final Duration FAILOVER = Duration.ofSeconds(1);

    private final EventLoopGroup directorLoops = EventLoops.create("stand-in-directors", 1);
    private final EventLoopGroup group = EventLoops.create("control-failover", 1);
    private final List<StandInDirector> directors = new ArrayList<>();
    private final RecordingControlListener listener = new RecordingControlListener();
    private final ListAppender<ILoggingEvent> logs = new ListAppender<>();
    private final Logger controlLog = (Logger) LoggerFactory.getLogger(ControlClient.class);
    private ControlClient client;

    private Level savedLevel;

    /** Which director it tries and registers with is logged at INFO, below what the test run prints. */
    @BeforeEach
    void captureLogs() {
        savedLevel = controlLog.getLevel();
        controlLog.setLevel(Level.INFO);
        controlLog.setAdditive(false);
        logs.start();
        controlLog.addAppender(logs);
    }

    @AfterEach
    void stop() {
        controlLog.detachAppender(logs);
        controlLog.setAdditive(true);
        controlLog.setLevel(savedLevel);
        if (client != null) {
            client.close();
        }
        directors.forEach(StandInDirector::close);
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly();
        directorLoops.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly();
    }

    @Test
    void registersWithAnotherDirectorWithinASecondOfLosingItsOwn() throws Exception {
        StandInDirector spawner = director(Answer.HYDRATE);
        StandInDirector survivor = director(Answer.RESUME);
        startWorld(spawner, survivor);
        await().atMost(STEP).until(() -> listener.events.contains("hydrate start 0"));

        spawner.die();

        await().atMost(FAILOVER).until(() -> listener.events.contains("resumed"));
        assertThat(survivor.registrations()).isEqualTo(1);
        assertThat(listener.events).containsExactly("hydrate start 0", "resumed");
        assertThat(messages()).contains("registered with the director at " + spawner.controlUrl(),
                "registered with the director at " + survivor.controlUrl());
    }

    @Test
    void aDirectorThatFencesItselfLetsItsWorldGoToAnother() throws Exception {
        StandInDirector spawner = director(Answer.HYDRATE);
        StandInDirector survivor = director(Answer.RESUME);
        startWorld(spawner, survivor);
        await().atMost(STEP).until(() -> listener.events.contains("hydrate start 0"));

        spawner.fence();

        await().atMost(FAILOVER).until(() -> listener.events.contains("resumed"));
        assertThat(listener.events).containsExactly("hydrate start 0", "resumed");
    }

    @Test
    void losingADirectorTriesTheOthersBeforeItComesBackToIt() throws Exception {
        StandInDirector spawner = director(Answer.HYDRATE);
        StandInDirector fenced = director(Answer.UNAVAILABLE);
        StandInDirector survivor = director(Answer.RESUME);
        startWorld(spawner, fenced, survivor);
        await().atMost(STEP).until(() -> listener.events.contains("hydrate start 0"));

        // Turned away by the fenced one or not, the world reaches the survivor before trying its own director again.
        spawner.fence();

        await().atMost(STEP).until(() -> listener.events.contains("resumed"));
        assertThat(spawner.registrations()).isEqualTo(1);
        assertThat(fenced.registrations()).isLessThanOrEqualTo(1);
    }

    @Test
    void aDirectorThatIsUnavailableSendsTheWorldToTheNextOne() throws Exception {
        StandInDirector fenced = director(Answer.UNAVAILABLE);
        StandInDirector next = director(Answer.HYDRATE);
        startWorld(fenced, next);

        await().atMost(STEP).until(() -> listener.events.contains("hydrate start 0"));
        assertThat(fenced.registrations()).isEqualTo(1);
        assertThat(listener.events).containsExactly("hydrate start 0");
        assertThat(messages()).contains("registered with the director at " + next.controlUrl());
    }

    @Test
    void aRefusalOtherThanUnavailableStillEndsTheWorld() throws Exception {
        StandInDirector refusing = director(Answer.NOT_ALLOWED);
        StandInDirector other = director(Answer.HYDRATE);
        startWorld(refusing, other);

        await().atMost(STEP).until(() -> listener.events.contains("error not_allowed"));
        // A retry would go out within the backoff's first step (100 ms); none may.
        await().during(Duration.ofMillis(500)).atMost(Duration.ofSeconds(2))
                .until(() -> other.connectionsOpened() == 0 && refusing.registrations() == 1);
        assertThat(listener.events).containsExactly("error not_allowed");
    }

    @Test
    void aWorldEveryDirectorTurnsAwayAsUnavailableIsOrphanedNotRefused() throws Exception {
        StandInDirector first = director(Answer.UNAVAILABLE);
        StandInDirector second = director(Answer.UNAVAILABLE);
        client = new ControlClient("token", List.of(first.controlUrl(), second.controlUrl()), 1 << 20, () -> 1,
                group, 2_000, new Random(7));

        client.becomeWorld("start", listener);

        await().atMost(STEP).until(() -> listener.events.contains("orphaned"));
        assertThat(listener.events).containsExactly("orphaned");
        assertThat(first.registrations()).as("tried in turn").isGreaterThanOrEqualTo(2);
        assertThat(second.registrations()).as("tried in turn").isGreaterThanOrEqualTo(2);
    }

    @Test
    void aSpareRegistersWithTheFirstDirectorOnly() throws Exception {
        StandInDirector first = director(Answer.HYDRATE);
        StandInDirector second = director(Answer.HYDRATE);
        first.die();
        client = new ControlClient("token", List.of(first.controlUrl(), second.controlUrl()), 1 << 20, () -> 1,
                group, 1_000, new Random(7));

        CompletableFuture<WorldAssignMessage> assignment = client.startAsSpare();

        await().atMost(STEP).until(assignment::isCompletedExceptionally);
        assertThat(second.connectionsOpened()).isZero();
    }

    @Test
    void aDirectorItWasNotStartedWithIsFoundThroughTheDirectorsItsOwnNames() throws Exception {
        StandInDirector spawner = director(Answer.HYDRATE);
        StandInDirector startedLater = director(Answer.RESUME);
        spawner.announce(List.of(startedLater.controlUrl()));
        startWorld(spawner);
        await().atMost(STEP).until(() -> listener.events.contains("hydrate start 0")
                && messages().stream().anyMatch(m -> m.startsWith("directors of world start now")));

        spawner.die();

        await().atMost(FAILOVER).until(() -> listener.events.contains("resumed"));
        assertThat(startedLater.registrations()).isEqualTo(1);
    }

    private StandInDirector director(Answer answer) throws InterruptedException {
        StandInDirector director = new StandInDirector(directorLoops, answer);
        directors.add(director);
        return director;
    }

    private void startWorld(StandInDirector... in) {
        List<URI> urls = new ArrayList<>();
        for (StandInDirector director : in) {
            urls.add(director.controlUrl());
        }
        client = new ControlClient("token", urls, 1 << 20, () -> 1, group, ControlClient.ORPHAN_AFTER_MILLIS,
                new Random(42));
        client.becomeWorld("start", listener);
    }

    private List<String> messages() {
        return logs.list.stream().map(ILoggingEvent::getFormattedMessage).toList();
    }
}
