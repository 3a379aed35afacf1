package lor.world.game;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.CompositeByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.buffer.UnpooledByteBufAllocator;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.websocketx.BinaryWebSocketFrame;
import io.netty.handler.codec.http.websocketx.CloseWebSocketFrame;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketCloseStatus;
import io.netty.util.ReferenceCountUtil;
import lor.protocol.ErrorCode;
import lor.protocol.ErrorMessage;
import lor.protocol.Limits;
import lor.protocol.Message;
import lor.protocol.MessageCodec;
import lor.protocol.ProtocolException;
import lor.protocol.game.GameMessages;
import lor.protocol.game.RejectedMessage;
import lor.protocol.game.TransferMessage;
import lor.protocol.game.WelcomeMessage;
import lor.protocol.netty.KeepAlive;
import lor.protocol.netty.ServerFrameHeader;
import lor.protocol.ticket.Ticket;
import lor.protocol.ticket.TicketSigner;
import lor.sim.builtin.BuiltInModules;
import lor.sim.content.ContentPack;
import lor.sim.content.PackDef;
import lor.sim.content.RuleRegistry;
import lor.sim.module.CheckedAct;
import lor.sim.module.WorldModules;
import lor.sim.world.ObjectIntent;
import lor.world.game.wire.GameWire;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class GameSessionTest {

    private static final TicketSigner SIGNER =
            new TicketSigner("game-session-test-secret-32bytes".getBytes(StandardCharsets.US_ASCII));
    private static final long NOW = 1_700_000_000_000L;

    /** A world playing elementals: its pack's elements and the module's cast. */
    private static final ContentPack ELEMENTS = ContentPack.compile(new PackDef("elements",
            List.of("fire", "water", "earth", "air"), Map.of(), null, List.of(), List.of(), List.of()),
            RuleRegistry.empty());
    private static final WorldModules ELEMENTALS = BuiltInModules.catalog().resolve("elements",
            List.of("elementals"), Map.of());

    private final MessageCodec client = GameMessages.clientCodec();
    private final TicketGate gate = new TicketGate(SIGNER, "start", () -> NOW);
    private final CapturingAdmission admission = new CapturingAdmission();
    private EmbeddedChannel channel = channel(GameMessages.serverCodec());
    private int nonces;

    @AfterEach
    void releaseEverything() {
        channel.finishAndReleaseAll();
    }

    @Test
    void validHelloAdmitsTheTicketsAccount() {
        send(channel, "{\"type\":\"hello\",\"ticket\":\"" + ticket(42, "n1") + "\",\"ref\":\"h1\"}");

        assertThat(admission.admitted).singleElement().satisfies(a -> {
            assertThat(a.ticket().accountId()).isEqualTo(42);
            assertThat(a.ref()).isEqualTo("h1");
            assertThat(a.connection().accountId()).isEqualTo(42);
        });
        Object outbound = channel.readOutbound();
        assertThat(outbound).isNull();
        assertThat(channel.isOpen()).isTrue();
    }

    @Test
    void sendsWhatTheWorldSendsAsTextFrames() throws ProtocolException {
        send(channel, "{\"type\":\"hello\",\"ticket\":\"" + ticket(42, "n1") + "\"}");
        WelcomeMessage welcome = new WelcomeMessage(1, 0, 20, 10, new WelcomeMessage.GridSize(8, 8, 1),
                new WelcomeMessage.Position(4, 4, 0), "json", null);

        admission.admitted.get(0).connection().send(welcome);

        assertThat(readMessage()).isEqualTo(welcome);
    }

    @Test
    void forgedTicketGetsBadTicketAndTheConnectionCloses() throws ProtocolException {
        TicketSigner stranger =
                new TicketSigner("a-different-secret-of-32-bytes!!".getBytes(StandardCharsets.US_ASCII));
        String forged = stranger.sign(new Ticket(42, "start", NOW + 10_000, "n1"));

        send(channel, "{\"type\":\"hello\",\"ticket\":\"" + forged + "\",\"ref\":\"h1\"}");

        assertClosedWith(ErrorCode.BAD_TICKET, "h1");
        assertThat(admission.admitted).isEmpty();
    }

    @Test
    void helloWithoutTicketGetsBadTicketAndTheConnectionCloses() throws ProtocolException {
        send(channel, "{\"type\":\"hello\",\"ref\":7}");

        assertClosedWith(ErrorCode.BAD_TICKET, 7);
        assertThat(admission.admitted).isEmpty();
    }

    @Test
    void ticketUsedOnAnotherConnectionGetsBadTicket() throws ProtocolException {
        String token = ticket(42, "n1");
        EmbeddedChannel first = channel(GameMessages.serverCodec());
        try {
            send(first, "{\"type\":\"hello\",\"ticket\":\"" + token + "\"}");
        } finally {
            first.finishAndReleaseAll();
        }

        send(channel, "{\"type\":\"hello\",\"ticket\":\"" + token + "\"}");

        assertClosedWith(ErrorCode.BAD_TICKET, null);
        assertThat(admission.admitted).hasSize(1);
    }

    @Test
    void closingAfterAnAdmittedHelloLeavesOnce() {
        send(channel, "{\"type\":\"hello\",\"ticket\":\"" + ticket(42, "n1") + "\"}");

        channel.close();
        channel.close();

        assertThat(admission.left).containsExactly(admission.admitted.get(0).connection());
    }

    @Test
    void closingWithoutHelloNeverLeaves() {
        channel.close();

        assertThat(admission.left).isEmpty();
    }

    @Test
    void secondHelloIsNotAllowedAndKeepsTheConnection() throws ProtocolException {
        send(channel, "{\"type\":\"hello\",\"ticket\":\"" + ticket(42, "n1") + "\"}");

        send(channel, "{\"type\":\"hello\",\"ticket\":\"" + ticket(42, "n2") + "\",\"ref\":\"again\"}");

        assertThat(readMessage()).isEqualTo(ErrorMessage.of(ErrorCode.NOT_ALLOWED, "hello was already accepted",
                "again"));
        assertThat(admission.admitted).hasSize(1);
        assertThat(channel.isOpen()).isTrue();
    }

    @Test
    void moveBeforeHelloIsNotAuthenticatedAndKeepsTheConnection() throws ProtocolException {
        send(channel, "{\"type\":\"move\",\"dir\":\"N\",\"seq\":1,\"ref\":\"m1\"}");

        assertThat(readMessage()).isEqualTo(ErrorMessage.of(ErrorCode.NOT_AUTHENTICATED,
                "say hello with a ticket first", "m1"));
        assertThat(channel.isOpen()).isTrue();
        assertThat(admission.admitted).isEmpty();
    }

    @Test
    void unknownTypeBeforeHelloIsUnknownTypeAndKeepsTheConnection() throws ProtocolException {
        send(channel, "{\"type\":\"jump\",\"ref\":\"j1\"}");

        assertThat(readMessage()).isEqualTo(ErrorMessage.of(ErrorCode.UNKNOWN_TYPE, "unknown type \"jump\"", "j1"));
        assertThat(channel.isOpen()).isTrue();
    }

    @Test
    void unknownTypeAfterHelloIsUnknownTypeAndKeepsThePlayer() throws ProtocolException {
        send(channel, "{\"type\":\"hello\",\"ticket\":\"" + ticket(42, "n1") + "\"}");

        send(channel, "{\"type\":\"position\",\"x\":1,\"y\":1}");

        assertThat(((ErrorMessage) readMessage()).code()).isEqualTo("unknown_type");
        assertThat(channel.isOpen()).isTrue();
        assertThat(admission.left).isEmpty();
    }

    @Test
    void malformedFrameIsBadRequestAndKeepsTheConnection() throws ProtocolException {
        send(channel, "{not json");

        assertThat(((ErrorMessage) readMessage()).code()).isEqualTo("bad_request");
        assertThat(channel.isOpen()).isTrue();
    }

    @Test
    void binaryFrameIsBadRequestAndKeepsTheConnection() throws ProtocolException {
        channel.writeInbound(new BinaryWebSocketFrame(Unpooled.wrappedBuffer(new byte[] {1, 2, 3})));

        assertThat(((ErrorMessage) readMessage()).code()).isEqualTo("bad_request");
        assertThat(channel.isOpen()).isTrue();
    }

    @Test
    void refusedAdmissionClosesWithWorldUnavailable() throws ProtocolException {
        admission.accepting = false;

        send(channel, "{\"type\":\"hello\",\"ticket\":\"" + ticket(42, "n1") + "\",\"ref\":\"h1\"}");

        assertClosedWith(ErrorCode.WORLD_UNAVAILABLE, "h1");
    }

    @Test
    void closeFromTheWorldSendsTheCodeThenClosesAndLeaves() throws ProtocolException {
        send(channel, "{\"type\":\"hello\",\"ticket\":\"" + ticket(42, "n1") + "\"}");
        PlayerConnection connection = admission.admitted.get(0).connection();

        connection.closeWith(ErrorCode.REPLACED, "this account connected again elsewhere");

        assertClosedWith(ErrorCode.REPLACED, null);
        assertThat(admission.left).containsExactly(connection);
    }

    @Test
    void replacedClosesWithTheApplicationCode4001() throws ProtocolException {
        PlayerConnection player = hello();

        player.closeWith(ErrorCode.REPLACED, "this account entered another world");

        assertThat(readMessage()).isInstanceOfSatisfying(ErrorMessage.class,
                e -> assertThat(e.code()).isEqualTo("replaced"));
        CloseWebSocketFrame close = channel.readOutbound();
        try {
            assertThat(close.statusCode()).isEqualTo(Limits.CLOSE_REPLACED).isEqualTo(4001);
        } finally {
            close.release();
        }
    }

    // ---- how a connection ends: a goodbye or a loss --------------------------------------------------------------

    @Test
    void aCloseFrameFromTheClientIsAnsweredWithItsStatusAndThePlayerLeaves() {
        PlayerConnection player = hello();

        channel.writeInbound(new CloseWebSocketFrame(WebSocketCloseStatus.NORMAL_CLOSURE, "bye"));

        CloseWebSocketFrame answer = channel.readOutbound();
        try {
            assertThat(answer.statusCode()).isEqualTo(1000);
        } finally {
            answer.release();
        }
        assertThat(channel.isOpen()).isFalse();
        assertThat(admission.left).containsExactly(player);
        assertThat(admission.leftCleanly).containsExactly(player);
    }

    @Test
    void aCloseFrameWithoutStatusIsAGoodbyeToo() {
        PlayerConnection player = hello();

        channel.writeInbound(new CloseWebSocketFrame());

        ReferenceCountUtil.release(channel.readOutbound());
        assertThat(channel.isOpen()).isFalse();
        assertThat(admission.leftCleanly).containsExactly(player);
    }

    @Test
    void aConnectionThatEndsWithoutACloseFrameIsLost() {
        PlayerConnection player = hello();

        channel.close();

        assertThat(admission.left).containsExactly(player);
        assertThat(admission.leftCleanly).isEmpty();
    }

    @Test
    void aConnectionCutOffForNotReadingIsLost() {
        PlayerConnection player = hello();

        player.disconnect("not reading");

        ReferenceCountUtil.release(channel.readOutbound());
        assertThat(admission.left).containsExactly(player);
        assertThat(admission.leftCleanly).isEmpty();
    }

    @Test
    void aCloseFrameBeforeHelloClosesAndNobodyLeaves() {
        channel.writeInbound(new CloseWebSocketFrame(WebSocketCloseStatus.NORMAL_CLOSURE, "bye"));

        ReferenceCountUtil.release(channel.readOutbound());
        assertThat(channel.isOpen()).isFalse();
        assertThat(admission.left).isEmpty();
    }

    @Test
    void pendingOutboundBytesCountWhatTheSocketHasNotTaken() {
        PlayerConnection player = hello();
        assertThat(player.pendingOutboundBytes()).isZero();

        channel.write(new TextWebSocketFrame("x".repeat(1000)));
        assertThat(player.pendingOutboundBytes()).isGreaterThanOrEqualTo(1000);

        channel.flush();
        assertThat(player.pendingOutboundBytes()).isZero();
        ReferenceCountUtil.release(channel.readOutbound());
    }

    // ---- moves ----------------------------------------------------------------------------------------------------

    @Test
    void moveAfterHelloReachesTheIntentQueueWithItsSeqAndDirection() {
        PlayerConnection player = hello();

        send(channel, move("E", 7, "m1"));
        send(channel, move("S", 8, null));

        assertNothingWritten();
        assertThat(drain(player)).containsExactly("7E", "8S");
    }

    @Test
    void actionsShareTheQueueAndSeqOfMovesWithNamesTheWorldLacksPackedAsUnknown() {
        PlayerConnection player = hello();

        send(channel, move("E", 7, null));
        send(channel, "{\"type\":\"put\",\"dir\":\"N\",\"item\":\"ore\",\"count\":3,\"seq\":8}");
        send(channel, "{\"type\":\"take\",\"dir\":\"S\",\"item\":\"ore\",\"count\":0,\"seq\":9}");
        send(channel, "{\"type\":\"dismantle\",\"dir\":\"W\",\"seq\":10}");
        send(channel, "{\"type\":\"build\",\"kind\":\"furnace\",\"dir\":\"E\",\"seq\":10}");

        assertThat(drain(player)).containsExactly("7E", "8putN-1x3", "9takeS-1x-1", "10dismantleW0x1");
    }

    @Test
    void moduleActionsShareTheQueueAndSeqOfMovesCheckedOrRefusedWithTheirReasonInTurn() throws ProtocolException {
        channel.finishAndReleaseAll();
        channel = new EmbeddedChannel(WireFrames.serverFrames(), WireFrames.clientBytes(), new GameWire(
                new GameSession(GameMessages.serverCodec(), gate, admission, 20, ELEMENTS, ELEMENTALS),
                GameWire.sweeps(KeepAlive.DEFAULTS), 1_000_000, 1_000_000));
        PlayerConnection player = hello();

        send(channel, move("E", 7, null));
        send(channel, "{\"type\":\"act\",\"action\":\"cast\",\"seq\":8,\"dir\":\"S\",\"element\":\"earth\"}");
        send(channel, "{\"type\":\"act\",\"action\":\"cast\",\"seq\":9,\"dir\":\"S\",\"element\":\"lava\"}");
        send(channel, "{\"type\":\"act\",\"action\":\"cast\",\"seq\":10,\"dir\":\"S\"}");
        send(channel, "{\"type\":\"act\",\"action\":\"cast\",\"seq\":11,\"dir\":true,\"element\":\"air\"}");
        send(channel, "{\"type\":\"act\",\"action\":\"cast\",\"seq\":12,\"dir\":\"N\",\"element\":\"air\","
                + "\"x\":3}");
        send(channel, "{\"type\":\"act\",\"action\":\"summon\",\"seq\":13}");
        send(channel, "{\"type\":\"act\",\"action\":7,\"seq\":14}");
        send(channel, "{\"type\":\"act\",\"seq\":15,\"" + "k".repeat(500) + "\":1}");
        send(channel, "{\"type\":\"act\",\"action\":\"cast\",\"dir\":\"S\",\"element\":\"fire\"}");

        assertThat(drain(player)).containsExactly("7E", "8cast[3, 2]", "9bad_field", "10bad_field",
                "11bad_field", "12bad_field", "13unknown_action", "14unknown_action", "15unknown_action");
        ErrorMessage error = (ErrorMessage) readMessage();
        assertThat(error.code()).as("an act without seq is the codec's to refuse").isEqualTo("bad_request");
        assertThat(channel.isOpen()).isTrue();
    }

    @Test
    void moveWithItsFieldsInAnotherOrderAndSpacedOutReachesTheIntentQueue() {
        PlayerConnection player = hello();

        send(channel, " {\"seq\" : 3,\n\"ref\":null, \"dir\":\t\"W\", \"type\":\"move\"}\r\n");

        assertNothingWritten();
        assertThat(drain(player)).containsExactly("3W");
    }

    @Test
    void moveThatIsNotPlainIsDecodedByTheCodecAndReachesTheIntentQueue() {
        PlayerConnection player = hello();

        send(channel, "{\"type\":\"move\",\"dir\":\"\\u0053\",\"seq\":4,\"ref\":4.50,\"note\":\"extra\"}");

        assertNothingWritten();
        assertThat(drain(player)).containsExactly("4S");
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "{\"type\":\"move\",\"dir\":\"NE\",\"seq\":1,\"ref\":\"d\"}",
        "{\"type\":\"move\",\"dir\":\"N\",\"seq\":-1,\"ref\":7}",
        "{\"type\":\"move\",\"dir\":\"N\",\"seq\":1.0}",
        "{\"type\":\"move\",\"dir\":\"N\",\"seq\":99999999999999999999}",
        "{\"type\":\"move\",\"dir\":\"N\",\"seq\":1,\"seq\":2}",
        "{\"type\":\"move\",\"seq\":1}",
        "{\"type\":\"move\",\"dir\":\"N\",\"seq\":1,}",
    })
    void badMoveGetsExactlyTheCodecsErrorAndQueuesNothing(String frame) throws ProtocolException {
        PlayerConnection player = hello();
        ProtocolException refusal = catchThrowableOfType(ProtocolException.class,
                () -> GameMessages.serverCodec().decode(frame));

        send(channel, frame);

        assertThat(readMessage()).isEqualTo(ErrorMessage.of(refusal));
        assertThat(drain(player)).isEmpty();
        assertThat(channel.isOpen()).isTrue();
    }

    @Test
    void nonIncreasingSeqIsBadRequestAndQueuesNothing() throws ProtocolException {
        PlayerConnection player = hello();
        send(channel, move("N", 5, "a"));

        send(channel, move("S", 5, "b"));
        send(channel, move("W", 4, "c"));

        assertThat(readMessage()).isEqualTo(ErrorMessage.of(ErrorCode.BAD_REQUEST,
                "seq must increase: the last was 5", "b"));
        assertThat(readMessage()).isEqualTo(ErrorMessage.of(ErrorCode.BAD_REQUEST,
                "seq must increase: the last was 5", "c"));
        assertThat(drain(player)).containsExactly("5N");
        assertThat(channel.isOpen()).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"\"x\":3", "\"y\":3", "\"layer\":0", "\"position\":{\"x\":1,\"y\":1}"})
    void moveCarryingAPositionIsBadRequestAndQueuesNothing(String field) throws ProtocolException {
        PlayerConnection player = hello();

        send(channel, "{\"type\":\"move\",\"dir\":\"N\",\"seq\":1," + field + ",\"ref\":\"p\"}");

        ErrorMessage error = (ErrorMessage) readMessage();
        assertThat(error.code()).isEqualTo(ErrorCode.BAD_REQUEST.wireName());
        assertThat(error.ref()).isEqualTo("p");
        assertThat(drain(player)).isEmpty();
        assertThat(channel.isOpen()).isTrue();
    }

    @Test
    void moveWithTheLargestPackableSeqIsQueuedIntact() {
        PlayerConnection player = hello();

        send(channel, move("W", IntentQueue.MAX_SEQ, null));

        assertNothingWritten();
        assertThat(drain(player)).containsExactly(IntentQueue.MAX_SEQ + "W");
    }

    @Test
    void moveWithASeqTooLargeToQueueIsBadRequestAndQueuesNothing() throws ProtocolException {
        // Three bits of the packed intent hold the direction; a larger seq would come back truncated in ack.
        PlayerConnection player = hello();

        send(channel, move("W", IntentQueue.MAX_SEQ + 1, "big"));

        ErrorMessage error = (ErrorMessage) readMessage();
        assertThat(error.code()).isEqualTo(ErrorCode.BAD_REQUEST.wireName());
        assertThat(error.ref()).isEqualTo("big");
        assertThat(drain(player)).isEmpty();
    }

    @Test
    void moveBeyondTheRateIsRejectedRateLimitedWithItsSeq() throws ProtocolException {
        // One intent a second: the bucket holds one, and no refill can come within this test's few milliseconds.
        intentRate(1);
        PlayerConnection player = hello();
        send(channel, move("N", 1, null));

        send(channel, move("E", 2, "r"));

        assertThat(readMessage()).isEqualTo(new RejectedMessage(2, RejectedMessage.RATE_LIMITED));
        assertThat(drain(player)).containsExactly("1N");
        assertThat(channel.isOpen()).isTrue();
    }

    @Test
    void floodOfRefusedMovesGetsAnErrorThenClose1008AndTheConnectionCloses() throws ProtocolException {
        intentRate(1);
        PlayerConnection player = hello();
        long seq = 0;
        while (channel.isOpen() && seq < 1_000) {
            send(channel, move("N", ++seq, "f" + seq));
        }

        List<Message> answers = new ArrayList<>();
        Object outbound;
        while ((outbound = channel.readOutbound()) instanceof TextWebSocketFrame) {
            answers.add(decode(outbound));
        }
        assertThat(outbound).isInstanceOf(CloseWebSocketFrame.class);
        try {
            assertThat(((CloseWebSocketFrame) outbound).statusCode()).isEqualTo(Limits.CLOSE_POLICY);
        } finally {
            ReferenceCountUtil.release(outbound);
        }
        assertThat(answers).hasSize(IntentLimiter.FLOOD_REFUSALS + 1);
        assertThat(answers.subList(0, IntentLimiter.FLOOD_REFUSALS)).allSatisfy(answer ->
                assertThat(answer).isInstanceOfSatisfying(RejectedMessage.class,
                        r -> assertThat(r.reason()).isEqualTo(RejectedMessage.RATE_LIMITED)));
        ErrorMessage error = (ErrorMessage) answers.get(IntentLimiter.FLOOD_REFUSALS);
        assertThat(error.code()).isEqualTo(ErrorCode.RATE_LIMITED.wireName());
        assertThat(error.ref()).isEqualTo("f" + seq);
        assertThat(channel.isOpen()).isFalse();
        assertThat(admission.left).containsExactly(player);
        assertThat(drain(player)).startsWith("1N");
    }

    @Test
    void moveIntoAFullIntentQueueIsRejectedRateLimited() throws ProtocolException {
        // A rate far above the queue's size: only the queue can refuse here.
        intentRate(1000);
        PlayerConnection player = hello();
        for (int seq = 1; seq <= GameSession.INTENT_QUEUE_CAPACITY; seq++) {
            send(channel, move("W", seq, null));
        }
        assertNothingWritten();

        send(channel, move("W", 33, null));

        assertThat(readMessage()).isEqualTo(new RejectedMessage(33, RejectedMessage.RATE_LIMITED));
        assertThat(player.intents().size()).isEqualTo(GameSession.INTENT_QUEUE_CAPACITY);

        // Once the tick has taken one, there is room again.
        player.intents().poll();
        send(channel, move("W", 34, null));
        assertNothingWritten();
        assertThat(player.intents().size()).isEqualTo(GameSession.INTENT_QUEUE_CAPACITY);
    }

    // ---- what the tick thread uses ------------------------------------------------------------------------------

    @Test
    void sendFrameWritesTheEncodedBytesAsOneTextFrameAndTakesOwnership() throws ProtocolException {
        PlayerConnection player = hello();
        ByteBuf bytes = Unpooled.copiedBuffer("{\"type\":\"rejected\",\"seq\":4,\"reason\":\"wall\"}",
                StandardCharsets.UTF_8);

        player.sendFrame(bytes);

        assertThat(readMessage()).isEqualTo(new RejectedMessage(4, "wall"));
        assertThat(bytes.refCnt()).as("released with the written frame").isZero();
    }

    @Test
    void isWritableFollowsTheChannelsOutboundBuffer() {
        PlayerConnection player = hello();
        channel.config().setWriteBufferWaterMark(new WriteBufferWaterMark(8, 16));
        assertThat(player.isWritable()).isTrue();

        channel.write(new TextWebSocketFrame("more than sixteen bytes, unflushed"));
        assertThat(player.isWritable()).isFalse();

        channel.flush();
        assertThat(player.isWritable()).isTrue();
        ReferenceCountUtil.release(channel.readOutbound());
    }

    @Test
    void disconnectSendsClose1008WithTheReasonAndCloses() {
        PlayerConnection player = hello();

        player.disconnect("not reading");

        CloseWebSocketFrame close = channel.readOutbound();
        try {
            assertThat(close.statusCode()).isEqualTo(Limits.CLOSE_POLICY);
            assertThat(close.reasonText()).isEqualTo("not reading");
        } finally {
            close.release();
        }
        assertThat(channel.isOpen()).isFalse();
        assertThat(admission.left).containsExactly(player);
    }

    @Test
    void transferOutSendsTheTransferThenCloses1000AndLeaves() throws ProtocolException {
        PlayerConnection player = hello();
        TransferMessage transfer = new TransferMessage("cellar", "ws://127.0.0.1:4001/game", "p.m");

        player.transferOut(transfer);

        assertThat(readMessage()).isEqualTo(transfer);
        CloseWebSocketFrame close = channel.readOutbound();
        try {
            assertThat(close.statusCode()).isEqualTo(WebSocketCloseStatus.NORMAL_CLOSURE.code());
            assertThat(close.reasonText()).isEqualTo("transferred");
        } finally {
            close.release();
        }
        assertThat(channel.isOpen()).isFalse();
        assertThat(admission.left).containsExactly(player);
    }

    // ---- stage 5: binary state ----------------------------------------------------------------------------------

    @ParameterizedTest
    @ValueSource(strings = {"", ",\"encoding\":\"json\""})
    void aHelloWithoutBinaryIsAdmittedForJsonState(String encoding) {
        send(channel, "{\"type\":\"hello\",\"ticket\":\"" + ticket(42, "n1") + "\"" + encoding + "}");

        assertThat(admission.admitted).singleElement().extracting(CapturingAdmission.Admitted::binary)
                .isEqualTo(false);
    }

    @Test
    void aHelloAskingForBinaryIsAdmittedForBinaryState() {
        send(channel, "{\"type\":\"hello\",\"ticket\":\"" + ticket(42, "n1") + "\",\"encoding\":\"binary\","
                + "\"ref\":\"h1\"}");

        assertThat(admission.admitted).singleElement().satisfies(a -> {
            assertThat(a.binary()).isTrue();
            assertThat(a.ref()).isEqualTo("h1");
        });
    }

    // ---- names (opt-in) -----------------------------------------------------------------------------------------

    @Test
    void aHelloAskingForNamesIsAdmittedWithTheTicketsName() {
        String named = SIGNER.sign(new Ticket(42, "start", NOW + 10_000, "n1", null, "alice"));
        send(channel, "{\"type\":\"hello\",\"ticket\":\"" + named + "\",\"names\":true}");

        assertThat(admission.admitted).singleElement().satisfies(a -> {
            assertThat(a.names()).isTrue();
            assertThat(a.ticket().name()).isEqualTo("alice");
        });
    }

    @ParameterizedTest
    @ValueSource(strings = {"", ",\"names\":false"})
    void aHelloThatDoesNotAskForNamesIsAdmittedWithout(String names) {
        send(channel, "{\"type\":\"hello\",\"ticket\":\"" + ticket(42, "n1") + "\"" + names + "}");

        assertThat(admission.admitted).singleElement().satisfies(a -> {
            assertThat(a.names()).isFalse();
            assertThat(a.ticket().name()).as("a v1 ticket").isNull();
        });
    }

    @Test
    void aHelloWhoseNamesIsNotABooleanIsBadRequestAndAdmitsNobody() throws ProtocolException {
        send(channel, "{\"type\":\"hello\",\"ticket\":\"" + ticket(42, "n1") + "\",\"names\":\"yes\"}");

        ErrorMessage error = (ErrorMessage) readMessage();
        assertThat(error.code()).isEqualTo(ErrorCode.BAD_REQUEST.wireName());
        assertThat(admission.admitted).isEmpty();
    }

    @Test
    void aHelloWithAnUnknownEncodingIsBadRequestAndAdmitsNobody() throws ProtocolException {
        send(channel, "{\"type\":\"hello\",\"ticket\":\"" + ticket(42, "n1") + "\",\"encoding\":\"xml\","
                + "\"ref\":\"h1\"}");

        ErrorMessage error = (ErrorMessage) readMessage();
        assertThat(error.code()).isEqualTo(ErrorCode.BAD_REQUEST.wireName());
        assertThat(error.message()).isEqualTo("encoding must be json or binary");
        assertThat(admission.admitted).isEmpty();
    }

    @Test
    void aBinaryFrameWithoutRoomIsWrittenAsOneBinaryFrameOnFlushAndTakesOwnership() {
        PlayerConnection player = hello();
        ByteBuf bytes = Unpooled.wrappedBuffer(new byte[] {1, 2, 0, 1, 0, 0, 0});

        player.write(bytes, true);
        assertThat((Object) channel.readOutbound()).as("nothing leaves before the flush").isNull();
        player.flush();

        Object outbound = channel.readOutbound();
        try {
            assertThat(outbound).isInstanceOf(BinaryWebSocketFrame.class);
            ByteBuf content = ((BinaryWebSocketFrame) outbound).content();
            assertThat(ByteBufUtil.getBytes(content)).containsExactly(1, 2, 0, 1, 0, 0, 0);
        } finally {
            ReferenceCountUtil.release(outbound);
        }
        assertThat(bytes.refCnt()).as("released with the written frame").isZero();
    }

    @Test
    void aFrameWithRoomInFrontIsWrittenPreFramedInTheSameBuffer() {
        useRawChannel();
        PlayerConnection player = hello();
        ByteBuf frame = Unpooled.buffer(16).writerIndex(ServerFrameHeader.MAX_BYTES).writeBytes(new byte[] {1, 2});
        frame.readerIndex(ServerFrameHeader.MAX_BYTES);

        player.write(frame, true);
        player.flush();

        Object outbound = channel.readOutbound();
        try {
            assertThat(outbound).as("the frame itself, not a copy").isSameAs(frame);
            assertThat(ByteBufUtil.getBytes(frame)).containsExactly(0x82, 2, 1, 2);
        } finally {
            ReferenceCountUtil.release(outbound);
        }
    }

    @Test
    void aFrameOfSharedPartsIsGatheredIntoOneBufferAndReleasesItsParts() {
        useRawChannel();
        PlayerConnection player = hello();
        ByteBuf shared = Unpooled.wrappedBuffer(new byte[] {4, 5, 6});
        CompositeByteBuf frame = Unpooled.compositeBuffer();
        ByteBuf head = Unpooled.buffer(16).writerIndex(ServerFrameHeader.MAX_BYTES).writeBytes(new byte[] {1, 2});
        frame.addComponents(true, head, shared.retainedDuplicate());
        frame.readerIndex(ServerFrameHeader.MAX_BYTES);

        player.write(frame, true);
        player.flush();

        Object outbound = channel.readOutbound();
        try {
            assertThat(ByteBufUtil.getBytes((ByteBuf) outbound)).containsExactly(0x82, 5, 1, 2, 4, 5, 6);
            assertThat((Object) channel.readOutbound()).as("one buffer for the frame").isNull();
        } finally {
            ReferenceCountUtil.release(outbound);
        }
        assertThat(frame.refCnt()).isZero();
        assertThat(shared.refCnt()).as("the shared part is released with the frame").isOne();
        shared.release();
    }

    @Test
    void noBinaryFrameFollowsTheServersCloseFrame() {
        useRawChannel();
        PlayerConnection player = hello();
        player.disconnect("not reading");
        channel.runPendingTasks();
        for (Object written; (written = channel.readOutbound()) != null; ) {
            ReferenceCountUtil.release(written);
        }
        ByteBuf frame = Unpooled.buffer(16).writerIndex(ServerFrameHeader.MAX_BYTES).writeByte(1);
        frame.readerIndex(ServerFrameHeader.MAX_BYTES);

        player.write(frame, true);
        player.flush();

        assertThat((Object) channel.readOutbound()).isNull();
        assertThat(frame.refCnt()).isZero();
    }

    @Test
    void aTicksRejectionAndStateFrameLeaveTogetherOnOneFlushTheRejectionPreFramedAsText() {
        AtomicInteger flushes = new AtomicInteger();
        useRawChannel();
        channel.pipeline().addFirst(new ChannelOutboundHandlerAdapter() {
            @Override
            public void flush(ChannelHandlerContext ctx) {
                flushes.incrementAndGet();
                ctx.flush();
            }
        });
        PlayerConnection player = hello();
        ByteBuf rejection = Rejections.encode(UnpooledByteBufAllocator.DEFAULT, 7, RejectedMessage.WALL);
        ByteBuf state = Unpooled.buffer(16).writerIndex(ServerFrameHeader.MAX_BYTES).writeByte(9);
        state.readerIndex(ServerFrameHeader.MAX_BYTES);
        int before = flushes.get();

        player.write(rejection, false);
        player.write(state, true);
        player.flush();
        player.flush();

        assertThat(flushes.get() - before).as("one flush for both frames; none for nothing").isOne();
        Object first = channel.readOutbound();
        Object second = channel.readOutbound();
        try {
            assertThat(first).isSameAs(rejection);
            byte[] text = ByteBufUtil.getBytes(rejection);
            assertThat(text[0] & 0xff).as("a final text frame").isEqualTo(0x81);
            assertThat(new String(text, 2, text.length - 2, StandardCharsets.UTF_8))
                    .isEqualTo("{\"type\":\"rejected\",\"seq\":7,\"reason\":\"wall\"}");
            assertThat(second).isSameAs(state);
            assertThat(ByteBufUtil.getBytes(state)).containsExactly(0x82, 1, 9);
        } finally {
            ReferenceCountUtil.release(first);
            ReferenceCountUtil.release(second);
        }
    }

    private PlayerConnection hello() {
        send(channel, "{\"type\":\"hello\",\"ticket\":\"" + ticket(42, "hello" + ++nonces) + "\"}");
        assertThat(admission.admitted).isNotEmpty();
        return admission.admitted.get(admission.admitted.size() - 1).connection();
    }

    private void assertNothingWritten() {
        Object outbound = channel.readOutbound();
        assertThat(outbound).as("an accepted move has no answer of its own").isNull();
    }

    private void useRawChannel() {
        channel.finishAndReleaseAll();
        channel = rawChannel();
    }

    private void intentRate(int perSecond) {
        channel.finishAndReleaseAll();
        channel = channel(GameMessages.serverCodec(), perSecond);
    }

    private static String move(String dir, long seq, String ref) {
        return "{\"type\":\"move\",\"dir\":\"" + dir + "\",\"seq\":" + seq
                + (ref == null ? "" : ",\"ref\":\"" + ref + "\"") + "}";
    }

    /** What the tick would take from the connection's queue, as seq and direction. */
    private static List<String> drain(PlayerConnection player) {
        List<String> intents = new ArrayList<>();
        long packed;
        while ((packed = player.intents().poll()) != IntentQueue.EMPTY) {
            if (IntentQueue.isAct(packed)) {
                CheckedAct act = player.intents().polledAct();
                intents.add(IntentQueue.seqOf(packed) + (act.refusal() != null ? act.refusal()
                        : act.action().spec().name() + Arrays.toString(act.fields())));
            } else if (IntentQueue.isAction(packed)) {
                long action = player.intents().polledAction();
                intents.add(IntentQueue.seqOf(packed) + ObjectIntent.type(action).messageType
                        + ObjectIntent.side(action) + ObjectIntent.index(action) + "x" + ObjectIntent.count(action));
            } else {
                intents.add(IntentQueue.seqOf(packed) + IntentQueue.directionOf(packed).name());
            }
        }
        return intents;
    }

    private void assertClosedWith(ErrorCode code, Object ref) throws ProtocolException {
        ErrorMessage error = (ErrorMessage) readMessage();
        assertThat(error.code()).isEqualTo(code.wireName());
        if (ref == null) {
            assertThat(error.ref()).isNull();
        } else {
            assertThat(error.ref()).hasToString(ref.toString());
        }
        CloseWebSocketFrame close = channel.readOutbound();
        try {
            assertThat(close.statusCode()).isEqualTo(code == ErrorCode.REPLACED ? 4001 : Limits.CLOSE_POLICY);
            assertThat(close.reasonText()).isEqualTo(code.wireName());
        } finally {
            close.release();
        }
        assertThat(channel.isOpen()).isFalse();
    }

    private Message readMessage() throws ProtocolException {
        return decode(channel.readOutbound());
    }

    private Message decode(Object outbound) throws ProtocolException {
        assertThat(outbound).isInstanceOf(TextWebSocketFrame.class);
        try {
            return client.decode(((TextWebSocketFrame) outbound).text());
        } finally {
            ReferenceCountUtil.release(outbound);
        }
    }

    private EmbeddedChannel channel(MessageCodec codec) {
        return channel(codec, 20);
    }

    /** The wire and session of one connection, between adapters that let the test speak in frame objects. */
    private EmbeddedChannel channel(MessageCodec codec, int intentsPerSecond) {
        return new EmbeddedChannel(WireFrames.serverFrames(), WireFrames.clientBytes(), wire(codec, intentsPerSecond));
    }

    /** The wire and session alone: what the wire writes is read as the bytes it wrote. */
    private EmbeddedChannel rawChannel() {
        return new EmbeddedChannel(WireFrames.clientBytes(), wire(GameMessages.serverCodec(), 20));
    }

    /** With a frame budget no test here meets: the session's own limits are what these tests are about. */
    private GameWire wire(MessageCodec codec, int intentsPerSecond) {
        return new GameWire(new GameSession(codec, gate, admission, intentsPerSecond, ContentPack.empty()),
                GameWire.sweeps(KeepAlive.DEFAULTS), 1_000_000, 1_000_000);
    }

    private static void send(EmbeddedChannel target, String text) {
        target.writeInbound(new TextWebSocketFrame(text));
    }

    private static String ticket(long accountId, String nonce) {
        return SIGNER.sign(new Ticket(accountId, "start", NOW + 10_000, nonce));
    }

    private static final class CapturingAdmission implements GameAdmission {

        record Admitted(PlayerConnection connection, Ticket ticket, boolean binary, boolean names, Object ref) {
        }

        final List<Admitted> admitted = new ArrayList<>();
        /** Every connection that closed, however. */
        final List<PlayerConnection> left = new ArrayList<>();
        /** Those whose client closed them with a close frame. */
        final List<PlayerConnection> leftCleanly = new ArrayList<>();
        boolean accepting = true;

        @Override
        public boolean admit(PlayerConnection connection, Ticket ticket, boolean binary, boolean names, Object ref) {
            admitted.add(new Admitted(connection, ticket, binary, names, ref));
            return accepting;
        }

        @Override
        public void leave(PlayerConnection connection, boolean clean) {
            left.add(connection);
            if (clean) {
                leftCleanly.add(connection);
            }
        }
    }
}
