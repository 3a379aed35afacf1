package lor.protocol.game;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.util.List;

import lor.protocol.ErrorCode;
import lor.protocol.ErrorMessage;
import lor.protocol.Limits;
import lor.protocol.Message;
import lor.protocol.MessageCodec;
import lor.protocol.ProtocolException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The world's {@code /game} registry. */
class GameMessagesTest {

    private final MessageCodec server = GameMessages.serverCodec();
    private final MessageCodec client = GameMessages.clientCodec();

    @Test
    void decodesHelloWithTicketAndRef() throws ProtocolException {
        assertThat(server.decode("{\"type\":\"hello\",\"ticket\":\"abc.def\",\"ref\":\"h\"}"))
                .isEqualTo(new HelloMessage("abc.def", "h"));
    }

    @Test
    void decodesHelloWithoutTicketToNullTicket() throws ProtocolException {
        assertThat(server.decode("{\"type\":\"hello\",\"ref\":\"h\"}")).isEqualTo(new HelloMessage(null, "h"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"5", "true", "{}", "[\"abc.def\"]", "null"})
    void decodesHelloWithNonStringTicketToNullTicket(String ticket) throws ProtocolException {
        // The session answers bad_ticket for these, exactly as for a forged one, so they must not be bad_request.
        assertThat(server.decode("{\"type\":\"hello\",\"ticket\":" + ticket + "}"))
                .isEqualTo(new HelloMessage(null, null));
    }

    @Test
    void decodesHelloWithOverlongTicketToNullTicket() throws ProtocolException {
        String ticket = "t".repeat(Limits.MAX_STRING_CHARS + 1);

        assertThat(server.decode("{\"type\":\"hello\",\"ticket\":\"" + ticket + "\"}"))
                .isEqualTo(new HelloMessage(null, null));
    }

    @Test
    void refusesServerMessagesSentByAClient() {
        ProtocolException e = catchThrowableOfType(ProtocolException.class,
                () -> server.decode("{\"type\":\"welcome\",\"entityId\":1,\"ref\":\"w\"}"));

        assertThat(e.code()).isEqualTo(ErrorCode.UNKNOWN_TYPE);
        assertThat(e.ref()).isEqualTo("w");
    }

    @Test
    void encodesWelcomeExactly() {
        WelcomeMessage welcome = new WelcomeMessage(3, 120, 20, 10, new WelcomeMessage.GridSize(64, 32, 2),
                new WelcomeMessage.Position(5, 6, 1), "h");

        assertThat(server.encode(welcome)).isEqualTo("{\"type\":\"welcome\",\"entityId\":3,\"tick\":120,"
                + "\"tickRate\":20,\"broadcastRate\":10,\"grid\":{\"width\":64,\"height\":32,\"layers\":2},"
                + "\"you\":{\"x\":5,\"y\":6,\"layer\":1},\"ref\":\"h\"}");
    }

    @Test
    void roundTripsEveryMessageType() throws ProtocolException {
        HelloMessage hello = new HelloMessage("abc.def", "h");
        List<Message> answers = List.of(
                new WelcomeMessage(3, 120, 20, 10, new WelcomeMessage.GridSize(64, 32, 2),
                        new WelcomeMessage.Position(5, 6, 1), "h"),
                new TransferMessage("cellar", "ws://127.0.0.1:4001/game", "p.m"),
                ErrorMessage.of(ErrorCode.BAD_TICKET, "ticket refused", "h"));

        assertThat(server.decode(client.encode(hello))).isEqualTo(hello);
        for (Message answer : answers) {
            assertThat(client.decode(server.encode(answer))).isEqualTo(answer);
        }
    }

    @Test
    void keepsTicketOutOfToString() {
        assertThat(new HelloMessage("secret-ticket", null).toString()).doesNotContain("secret-ticket");
    }

    // ---- stage 3: transfer --------------------------------------------------------------------------------------

    @Test
    void encodesTransferExactly() {
        assertThat(server.encode(new TransferMessage("cellar", "ws://127.0.0.1:4001/game", "p.m")))
                .isEqualTo("{\"type\":\"transfer\",\"worldId\":\"cellar\",\"gameUrl\":\"ws://127.0.0.1:4001/game\","
                        + "\"ticket\":\"p.m\"}");
    }

    @Test
    void clientDecodesTransferFromTheContractsText() throws ProtocolException {
        assertThat(client.decode("{\"type\":\"transfer\",\"worldId\":\"cellar\","
                + "\"gameUrl\":\"ws://127.0.0.1:4001/game\",\"ticket\":\"p.m\"}"))
                .isEqualTo(new TransferMessage("cellar", "ws://127.0.0.1:4001/game", "p.m"));
    }

    @Test
    void refusesATransferWithoutItsTicket() {
        ProtocolException e = catchThrowableOfType(ProtocolException.class, () -> client.decode(
                "{\"type\":\"transfer\",\"worldId\":\"cellar\",\"gameUrl\":\"ws://127.0.0.1:4001/game\"}"));

        assertThat(e.code()).isEqualTo(ErrorCode.BAD_REQUEST);
        assertThat(e.getMessage()).isEqualTo("missing field ticket");
    }

    @Test
    void aClientCannotSendTransfer() {
        ProtocolException e = catchThrowableOfType(ProtocolException.class, () -> server.decode(
                "{\"type\":\"transfer\",\"worldId\":\"cellar\",\"gameUrl\":\"ws://h:1/game\",\"ticket\":\"t\"}"));

        assertThat(e.code()).isEqualTo(ErrorCode.UNKNOWN_TYPE);
    }

    @Test
    void keepsTheTransferTicketOutOfToString() {
        String shown = new TransferMessage("cellar", "ws://127.0.0.1:4001/game", "secret-ticket.mac").toString();

        assertThat(shown).doesNotContain("secret-ticket").contains("<redacted>").contains("cellar")
                .contains("ws://127.0.0.1:4001/game");
    }
}
