package lor.world.game;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.websocketx.BinaryWebSocketFrame;
import io.netty.handler.codec.http.websocketx.CloseWebSocketFrame;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.util.ReferenceCountUtil;
import lor.protocol.ErrorCode;
import lor.protocol.ErrorMessage;
import lor.protocol.Limits;
import lor.protocol.Message;
import lor.protocol.MessageCodec;
import lor.protocol.MessageType;
import lor.protocol.ProtocolException;
import lor.protocol.game.GameMessages;
import lor.protocol.game.WelcomeMessage;
import lor.protocol.ticket.Ticket;
import lor.protocol.ticket.TicketSigner;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class GameSessionHandlerTest {

    private static final TicketSigner SIGNER =
            new TicketSigner("game-session-test-secret-32bytes".getBytes(StandardCharsets.US_ASCII));
    private static final long NOW = 1_700_000_000_000L;

    private final MessageCodec client = GameMessages.clientCodec();
    private final TicketGate gate = new TicketGate(SIGNER, "start", () -> NOW);
    private final CapturingAdmission admission = new CapturingAdmission();
    private final EmbeddedChannel channel = channel(GameMessages.serverCodec());

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
                new WelcomeMessage.Position(4, 4, 0), null);

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
    void knownMessageOtherThanHelloBeforeHelloIsNotAuthenticated() throws ProtocolException {
        // The game registry has only hello today; a registry that also knows move shows the state check.
        EmbeddedChannel withMove = channel(new MessageCodec(List.of(GameMessages.HELLO, MOVE),
                GameMessages.SERVER_MESSAGES));
        try {
            send(withMove, "{\"type\":\"move\",\"dir\":\"N\",\"ref\":\"m1\"}");

            ErrorMessage error = (ErrorMessage) decode(withMove.readOutbound());
            assertThat(error.code()).isEqualTo(ErrorCode.NOT_AUTHENTICATED.wireName());
            assertThat(error.ref()).isEqualTo("m1");
            assertThat(withMove.isOpen()).isTrue();
            assertThat(admission.admitted).isEmpty();
        } finally {
            withMove.finishAndReleaseAll();
        }
    }

    @Test
    void unknownTypeBeforeHelloIsUnknownTypeAndKeepsTheConnection() throws ProtocolException {
        send(channel, "{\"type\":\"move\",\"dir\":\"N\",\"ref\":\"m1\"}");

        assertThat(readMessage()).isEqualTo(ErrorMessage.of(ErrorCode.UNKNOWN_TYPE, "unknown type \"move\"", "m1"));
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
            assertThat(close.statusCode()).isEqualTo(Limits.CLOSE_POLICY);
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
        return new EmbeddedChannel(new GameSessionHandler(codec, gate, admission));
    }

    private static void send(EmbeddedChannel target, String text) {
        target.writeInbound(new TextWebSocketFrame(text));
    }

    private static String ticket(long accountId, String nonce) {
        return SIGNER.sign(new Ticket(accountId, "start", NOW + 10_000, nonce));
    }

    record MoveMessage(String dir, Object ref) implements Message {
        @Override
        public String type() {
            return "move";
        }
    }

    private static final MessageType<MoveMessage> MOVE = MessageType.of("move", MoveMessage.class,
            f -> new MoveMessage(f.string("dir"), f.ref()), (m, out) -> out.put("dir", m.dir()));

    private static final class CapturingAdmission implements GameAdmission {

        record Admitted(PlayerConnection connection, Ticket ticket, Object ref) {
        }

        final List<Admitted> admitted = new ArrayList<>();
        final List<PlayerConnection> left = new ArrayList<>();
        boolean accepting = true;

        @Override
        public boolean admit(PlayerConnection connection, Ticket ticket, Object ref) {
            admitted.add(new Admitted(connection, ticket, ref));
            return accepting;
        }

        @Override
        public void leave(PlayerConnection connection) {
            left.add(connection);
        }
    }
}
