package lor.protocol.game;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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
                new WelcomeMessage.Position(5, 6, 1), "json", "h");

        assertThat(server.encode(welcome)).isEqualTo("{\"type\":\"welcome\",\"entityId\":3,\"tick\":120,"
                + "\"tickRate\":20,\"broadcastRate\":10,\"grid\":{\"width\":64,\"height\":32,\"layers\":2},"
                + "\"you\":{\"x\":5,\"y\":6,\"layer\":1},\"encoding\":\"json\",\"modules\":[],\"ref\":\"h\"}");
    }

    @Test
    void roundTripsEveryMessageType() throws ProtocolException {
        HelloMessage hello = new HelloMessage("abc.def", "h");
        List<Message> answers = List.of(
                new WelcomeMessage(3, 120, 20, 10, new WelcomeMessage.GridSize(64, 32, 2),
                        new WelcomeMessage.Position(5, 6, 1), "json", "h"),
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

    // ---- stage 5: encoding negotiation --------------------------------------------------------------------------

    @ParameterizedTest
    @ValueSource(strings = {"json", "binary"})
    void decodesHelloWithAnEncoding(String encoding) throws ProtocolException {
        HelloMessage hello = (HelloMessage) server.decode(
                "{\"type\":\"hello\",\"ticket\":\"abc.def\",\"encoding\":\"" + encoding + "\",\"ref\":\"h\"}");

        assertThat(hello).isEqualTo(new HelloMessage("abc.def", encoding, "h"));
        assertThat(hello.wantsBinary()).isEqualTo(encoding.equals("binary"));
    }

    @Test
    void aHelloWithoutEncodingWantsJson() throws ProtocolException {
        HelloMessage hello = (HelloMessage) server.decode("{\"type\":\"hello\",\"ticket\":\"abc.def\"}");

        assertThat(hello.encoding()).isNull();
        assertThat(hello.wantsBinary()).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"\"xml\"", "\"BINARY\"", "\"\""})
    void refusesHelloWithAnUnknownEncoding(String encoding) {
        ProtocolException e = catchThrowableOfType(ProtocolException.class, () -> server.decode(
                "{\"type\":\"hello\",\"ticket\":\"abc.def\",\"encoding\":" + encoding + ",\"ref\":\"h\"}"));

        assertThat(e.code()).isEqualTo(ErrorCode.BAD_REQUEST);
        assertThat(e.getMessage()).isEqualTo("encoding must be json or binary");
        assertThat(e.ref()).isEqualTo("h");
    }

    @Test
    void refusesHelloWhoseEncodingIsNotAString() {
        ProtocolException e = catchThrowableOfType(ProtocolException.class, () -> server.decode(
                "{\"type\":\"hello\",\"ticket\":\"abc.def\",\"encoding\":1,\"ref\":\"h\"}"));

        assertThat(e.code()).isEqualTo(ErrorCode.BAD_REQUEST);
        assertThat(e.ref()).isEqualTo("h");
    }

    @Test
    void encodesHelloWithItsEncodingAndWithoutOneWhenAbsent() {
        assertThat(client.encode(new HelloMessage("abc.def", "binary", "h")))
                .isEqualTo("{\"type\":\"hello\",\"ticket\":\"abc.def\",\"encoding\":\"binary\",\"ref\":\"h\"}");
        assertThat(client.encode(new HelloMessage("abc.def", "h")))
                .isEqualTo("{\"type\":\"hello\",\"ticket\":\"abc.def\",\"ref\":\"h\"}");
    }

    @Test
    void roundTripsHelloAskingForBinary() throws ProtocolException {
        HelloMessage hello = new HelloMessage("abc.def", "binary", "h");

        assertThat(server.decode(client.encode(hello))).isEqualTo(hello);
    }

    @Test
    void roundTripsWelcomeWithTheBinaryEncoding() throws ProtocolException {
        WelcomeMessage welcome = new WelcomeMessage(3, 120, 20, 10, new WelcomeMessage.GridSize(256, 256, 1),
                new WelcomeMessage.Position(5, 6, 0), "binary", null);

        String text = server.encode(welcome);

        assertThat(text).contains("\"encoding\":\"binary\"");
        assertThat(client.decode(text)).isEqualTo(welcome);
    }

    @Test
    void aWelcomeWithoutEncodingMeansJson() throws ProtocolException {
        WelcomeMessage welcome = (WelcomeMessage) client.decode("{\"type\":\"welcome\",\"entityId\":3,\"tick\":120,"
                + "\"tickRate\":20,\"broadcastRate\":10,\"grid\":{\"width\":64,\"height\":32,\"layers\":2},"
                + "\"you\":{\"x\":5,\"y\":6,\"layer\":1}}");

        assertThat(welcome.encoding()).isEqualTo("json");
    }

    @Test
    void showsTheEncodingButNotTheTicketInHellosToString() {
        String shown = new HelloMessage("secret-ticket", "binary", null).toString();

        assertThat(shown).doesNotContain("secret-ticket").contains("<redacted>").contains("encoding=binary");
    }

    @Test
    void aClientReadsAMapWhoseCellsAreLongerThanTheLimitOnWhatClientsSend() throws ProtocolException {
        // The bench map's 7,468 scattered walls take 32,216 characters of cells; a client must read them.
        String cells = "A".repeat(Limits.MAX_STRING_CHARS * 16);
        MapMessage map = new MapMessage(256, 256, 1, 1, 1, 0, MapEncoding.NAME, cells, List.of());

        assertThat(client.decode(server.encode(map))).isEqualTo(map);
    }

    @Test
    void aClientRefusesAMapWhoseCellsAreNotAString() {
        ProtocolException e = catchThrowableOfType(ProtocolException.class, () -> client.decode(
                "{\"type\":\"map\",\"width\":1,\"height\":1,\"layers\":1,\"spawn\":{\"x\":0,\"y\":0,\"layer\":0},"
                        + "\"encoding\":\"rle-varint\",\"cells\":5,\"portals\":[]}"));

        assertThat(e.code()).isEqualTo(ErrorCode.BAD_REQUEST);
        assertThat(e.getMessage()).isEqualTo("cells must be a string");
    }

    // ---- names (opt-in) -----------------------------------------------------------------------------------------

    @Test
    void aHelloAsksForNamesOnlyWhenItSaysTrue() throws ProtocolException {
        assertThat(((HelloMessage) server.decode("{\"type\":\"hello\",\"ticket\":\"abc.def\",\"names\":true}"))
                .names()).isTrue();
        assertThat(((HelloMessage) server.decode("{\"type\":\"hello\",\"ticket\":\"abc.def\",\"names\":false}"))
                .names()).isFalse();
        assertThat(((HelloMessage) server.decode("{\"type\":\"hello\",\"ticket\":\"abc.def\"}")).names())
                .as("absent: the contract's hello, which gets no names").isFalse();
        assertThat(((HelloMessage) server.decode("{\"type\":\"hello\",\"ticket\":\"abc.def\",\"names\":null}"))
                .names()).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"\"true\"", "1", "{}", "[]"})
    void refusesHelloWhoseNamesIsNotABoolean(String names) {
        ProtocolException e = catchThrowableOfType(ProtocolException.class, () -> server.decode(
                "{\"type\":\"hello\",\"ticket\":\"abc.def\",\"names\":" + names + ",\"ref\":\"h\"}"));

        assertThat(e.code()).isEqualTo(ErrorCode.BAD_REQUEST);
        assertThat(e.ref()).isEqualTo("h");
    }

    @Test
    void encodesNamesInHelloOnlyWhenAsked() throws ProtocolException {
        HelloMessage asking = new HelloMessage("abc.def", "binary", true, "h");

        assertThat(client.encode(asking)).isEqualTo(
                "{\"type\":\"hello\",\"ticket\":\"abc.def\",\"encoding\":\"binary\",\"names\":true,\"ref\":\"h\"}");
        assertThat(client.encode(new HelloMessage("abc.def", null, false, null)))
                .isEqualTo("{\"type\":\"hello\",\"ticket\":\"abc.def\"}");
        assertThat(server.decode(client.encode(asking))).isEqualTo(asking);
    }

    @Test
    void encodesNamesAsAnObjectKeyedByEntityIdInItsOrder() throws ProtocolException {
        Map<Integer, String> names = new LinkedHashMap<>();
        names.put(17, "alice");
        names.put(3, "bob_2");
        NamesMessage message = new NamesMessage(names);

        String text = server.encode(message);

        assertThat(text).isEqualTo("{\"type\":\"names\",\"names\":{\"17\":\"alice\",\"3\":\"bob_2\"}}");
        assertThat(client.decode(text)).isEqualTo(message);
        assertThat(server.encode(new NamesMessage(Map.of()))).isEqualTo("{\"type\":\"names\",\"names\":{}}");
    }

    @ParameterizedTest
    @ValueSource(strings = {"{\"type\":\"names\"}", "{\"type\":\"names\",\"names\":[]}",
            "{\"type\":\"names\",\"names\":{\"x\":\"alice\"}}", "{\"type\":\"names\",\"names\":{\"0\":\"alice\"}}",
            "{\"type\":\"names\",\"names\":{\"3\":7}}"})
    void aClientRefusesAMalformedNamesMessage(String text) {
        ProtocolException e = catchThrowableOfType(ProtocolException.class, () -> client.decode(text));

        assertThat(e.code()).isEqualTo(ErrorCode.BAD_REQUEST);
    }

    @Test
    void aClientCannotSendNames() {
        ProtocolException e = catchThrowableOfType(ProtocolException.class,
                () -> server.decode("{\"type\":\"names\",\"names\":{}}"));

        assertThat(e.code()).isEqualTo(ErrorCode.UNKNOWN_TYPE);
    }
}
