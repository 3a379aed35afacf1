package lor.testclient.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import lor.protocol.Limits;
import lor.protocol.director.ListWorldsMessage;
import lor.protocol.director.WorldsMessage;
import lor.testclient.scenario.ScenarioContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Client connection faults against the real director and world processes: silent peers are dropped on {@code /ws}
 * and {@code /game}, a lost player comes back to its entity within the reconnect window and is counted meanwhile,
 * and a join to another world closes the older game socket with 4001 within a second.
 */
class ConnectionFaultsIT {

    private static final Duration STEP = ScenarioContext.STEP;
    private static final long TIMEOUT_MS = 1_000;

    @TempDir
    Path dataDir;

    @Test
    void connectionFaults() throws Exception {
        try (DirectorProcess director = DirectorProcess.start(dataDir, "connection-faults",
                "--idle-shutdown-ms", "600000", "--ping-interval-ms", "200",
                "--client-timeout-ms", Long.toString(TIMEOUT_MS), "--reconnect-window-ms", "4000");
             ScenarioContext ctx = GameSession.context(director)) {
            silentPeersAreDroppedAndAnsweringOnesStay(ctx, director.clientUrl());
            aJoinToAnotherWorldClosesTheOlderSocketWith4001WithinASecond(ctx);
            aLostPlayerIsCountedAndComesBackToItsEntity(ctx);
        }
    }

    private static void silentPeersAreDroppedAndAnsweringOnesStay(ScenarioContext ctx, URI directorWs)
            throws Exception {
        ScenarioContext.Account account = ctx.newAccount("pinged");
        GameSession session = GameSession.enter(ctx, account, "meadow");

        try (DeafWebSocket deafDirector = DeafWebSocket.connect(directorWs);
             DeafWebSocket deafGame = DeafWebSocket.connect(session.gameUrl())) {
            for (DeafWebSocket deaf : new DeafWebSocket[] {deafDirector, deafGame}) {
                assertThat(deaf.closeStatus().get(STEP.toMillis(), TimeUnit.MILLISECONDS))
                        .isEqualTo(Limits.CLOSE_GOING_AWAY);
                assertThat(deaf.pings()).as("pinged before being given up on").isGreaterThanOrEqualTo(2);
                assertThat(TimeUnit.NANOSECONDS.toMillis(deaf.silentForNanos())).as("not before the timeout")
                        .isGreaterThanOrEqualTo(TIMEOUT_MS);
            }
        }
        // The JDK's client answers pings: three timeouts later both of this player's connections still work.
        await("three timeouts of silence").during(Duration.ofMillis(3 * TIMEOUT_MS)).atMost(STEP)
                .until(() -> !account.client().isClosed() && !session.game().isClosed());
        account.client().send(new ListWorldsMessage("still-there"));
        assertThat(account.client().expect(WorldsMessage.class, STEP).ref()).isEqualTo("still-there");
        session.game().close();
    }

    private static void aJoinToAnotherWorldClosesTheOlderSocketWith4001WithinASecond(ScenarioContext ctx)
            throws Exception {
        ScenarioContext.Account account = ctx.newAccount("twice");
        GameSession older = GameSession.enter(ctx, account, "meadow");

        GameSession newer = GameSession.enter(ctx, account, "cellar");
        long welcomedAt = System.nanoTime();

        assertThat(older.game().awaitClose(STEP)).isEqualTo(Limits.CLOSE_REPLACED);
        assertThat(older.game().closedAtNanos() - welcomedAt).as("closed within 1 s of the other world's welcome")
                .isLessThanOrEqualTo(TimeUnit.SECONDS.toNanos(1));
        assertThat(newer.welcome().entityId()).isPositive();
        await("membership in the cellar only").atMost(STEP).until(() ->
                ctx.http().world("meadow").players() == 0 && ctx.http().world("cellar").players() == 1);
        newer.game().close();
    }

    private static void aLostPlayerIsCountedAndComesBackToItsEntity(ScenarioContext ctx) throws Exception {
        ScenarioContext.Account account = ctx.newAccount("lost");
        GameSession first = GameSession.enter(ctx, account, "meadow");
        await().atMost(STEP).until(() -> ctx.http().world("meadow").players() == 1);

        first.game().drop();
        GameSession back = GameSession.enter(ctx, account, "meadow");

        assertThat(back.welcome().entityId()).isEqualTo(first.welcome().entityId());
        assertThat(back.welcome().you()).isEqualTo(first.welcome().you());
        assertThat(ctx.http().world("meadow").players()).isEqualTo(1);

        back.game().drop();
        long droppedAt = System.nanoTime();
        await("the lost player to be counted out").atMost(STEP)
                .until(() -> ctx.http().world("meadow").players() == 0);
        // The window is counted in world ticks, which may catch up after a stall: the bound leaves room for that.
        assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - droppedAt)).as("held for its window")
                .isGreaterThanOrEqualTo(2_000);

        GameSession later = GameSession.enter(ctx, account, "meadow");
        assertThat(later.welcome().entityId()).as("a new entity").isNotEqualTo(first.welcome().entityId());
        assertThat(later.welcome().you()).as("where the lost one was saved").isEqualTo(first.welcome().you());
        later.game().close();
    }
}
