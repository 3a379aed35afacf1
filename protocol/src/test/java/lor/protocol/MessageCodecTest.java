package lor.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import lor.protocol.director.DirectorMessages;
import lor.protocol.director.ListWorldsMessage;
import lor.protocol.director.RegisterMessage;
import lor.protocol.director.RegisteredMessage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The codec's refusals and its handling of {@code ref}, through the director's registry. */
class MessageCodecTest {

    private final MessageCodec server = DirectorMessages.serverCodec();

    @ParameterizedTest
    @ValueSource(strings = {"not json", "{\"type\":", "{'type':'list_worlds'}", "{\"type\":\"list_worlds\"} trailing"})
    void refusesTextThatIsNotJson(String frame) {
        assertThat(refusal(frame).code()).isEqualTo(ErrorCode.BAD_REQUEST);
    }

    @ParameterizedTest
    @ValueSource(strings = {"[{\"type\":\"list_worlds\"}]", "\"list_worlds\"", "42", "null", "true", "", "   "})
    void refusesJsonThatIsNotAnObject(String frame) {
        ProtocolException e = refusal(frame);

        assertThat(e.code()).isEqualTo(ErrorCode.BAD_REQUEST);
        assertThat(e.ref()).isNull();
    }

    @ParameterizedTest
    @ValueSource(strings = {"{\"ref\":\"r1\"}", "{\"type\":7,\"ref\":\"r1\"}", "{\"type\":null,\"ref\":\"r1\"}",
            "{\"type\":[\"list_worlds\"],\"ref\":\"r1\"}"})
    void refusesFrameWithoutStringTypeAndKeepsItsRef(String frame) {
        ProtocolException e = refusal(frame);

        assertThat(e.code()).isEqualTo(ErrorCode.BAD_REQUEST);
        assertThat(e.getMessage()).contains("type");
        assertThat(e.ref()).isEqualTo("r1");
    }

    @Test
    void refusesUnknownTypeWithTheFramesRef() {
        ProtocolException e = refusal("{\"type\":\"teleport\",\"ref\":\"r9\"}");

        assertThat(e.code()).isEqualTo(ErrorCode.UNKNOWN_TYPE);
        assertThat(e.ref()).isEqualTo("r9");
        assertThat(server.encode(ErrorMessage.of(e)))
                .isEqualTo("{\"type\":\"error\",\"code\":\"unknown_type\","
                        + "\"message\":\"unknown type \\\"teleport\\\"\",\"ref\":\"r9\"}");
    }

    @Test
    void refusesTypeThatTheEndpointOnlySends() {
        // registered is a known record, but a client may not send it to the director.
        ProtocolException e = refusal("{\"type\":\"registered\",\"accountId\":1,\"ref\":3}");

        assertThat(e.code()).isEqualTo(ErrorCode.UNKNOWN_TYPE);
        assertThat(server.encode(ErrorMessage.of(e))).endsWith(",\"ref\":3}");
    }

    @Test
    void refusesDuplicateKeysSoThatOneFrameCannotMeanTwoThings() {
        ProtocolException e = refusal("{\"type\":\"register\",\"username\":\"alice\",\"username\":\"mallory\","
                + "\"password\":\"secret-password\"}");

        assertThat(e.code()).isEqualTo(ErrorCode.BAD_REQUEST);
    }

    @Test
    void namesTheFieldOfWrongType() {
        ProtocolException e = refusal("{\"type\":\"register\",\"username\":5,\"password\":\"pw\",\"ref\":\"a\"}");

        assertThat(e.code()).isEqualTo(ErrorCode.BAD_REQUEST);
        assertThat(e.getMessage()).isEqualTo("username must be a string");
        assertThat(e.ref()).isEqualTo("a");
    }

    @Test
    void namesTheMissingField() {
        ProtocolException e = refusal("{\"type\":\"register\",\"username\":\"alice\"}");

        assertThat(e.code()).isEqualTo(ErrorCode.BAD_REQUEST);
        assertThat(e.getMessage()).isEqualTo("missing field password");
    }

    @Test
    void treatsNullFieldAsMissing() {
        assertThat(refusal("{\"type\":\"join_world\",\"worldId\":null}").getMessage())
                .isEqualTo("missing field worldId");
    }

    @Test
    void refusesStringFieldLongerThanTheLimit() {
        String longName = "a".repeat(Limits.MAX_STRING_CHARS + 1);

        ProtocolException e = refusal("{\"type\":\"join_world\",\"worldId\":\"" + longName + "\"}");

        assertThat(e.code()).isEqualTo(ErrorCode.BAD_REQUEST);
        assertThat(e.getMessage()).startsWith("worldId is longer than");
    }

    @ParameterizedTest
    @ValueSource(strings = {"{}", "[1]", "true"})
    void refusesRefThatIsNeitherStringNorNumber(String ref) {
        ProtocolException e = refusal("{\"type\":\"list_worlds\",\"ref\":" + ref + "}");

        assertThat(e.code()).isEqualTo(ErrorCode.BAD_REQUEST);
        assertThat(e.getMessage()).contains("ref");
    }

    @Test
    void refusesOverlongStringRef() {
        String ref = "r".repeat(Limits.MAX_STRING_CHARS + 1);

        assertThat(refusal("{\"type\":\"list_worlds\",\"ref\":\"" + ref + "\"}").code())
                .isEqualTo(ErrorCode.BAD_REQUEST);
    }

    @Test
    void echoesStringRefAsString() throws ProtocolException {
        assertThat(answerRefOf("\"7\"")).isEqualTo("{\"type\":\"registered\",\"accountId\":11,\"ref\":\"7\"}");
    }

    @Test
    void echoesIntegerRefAsNumber() throws ProtocolException {
        assertThat(answerRefOf("7")).isEqualTo("{\"type\":\"registered\",\"accountId\":11,\"ref\":7}");
    }

    @Test
    void echoesIntegerRefBeyondLongDigitForDigit() throws ProtocolException {
        assertThat(answerRefOf("123456789012345678901234567890"))
                .isEqualTo("{\"type\":\"registered\",\"accountId\":11,\"ref\":123456789012345678901234567890}");
    }

    @Test
    void echoesDecimalRefWithItsTrailingZeros() throws ProtocolException {
        assertThat(answerRefOf("1.50")).isEqualTo("{\"type\":\"registered\",\"accountId\":11,\"ref\":1.50}");
    }

    @Test
    void echoesDecimalRefBeyondDoublePrecisionExactly() throws ProtocolException {
        assertThat(answerRefOf("0.12345678901234567890123"))
                .isEqualTo("{\"type\":\"registered\",\"accountId\":11,\"ref\":0.12345678901234567890123}");
    }

    @Test
    void decodesAbsentAndNullRefAsNull() throws ProtocolException {
        assertThat(server.decode("{\"type\":\"list_worlds\"}")).isEqualTo(new ListWorldsMessage(null));
        assertThat(server.decode("{\"type\":\"list_worlds\",\"ref\":null}")).isEqualTo(new ListWorldsMessage(null));
    }

    @Test
    void encodesErrorWithRef() {
        String json = server.encode(ErrorMessage.of(ErrorCode.WEAK_PASSWORD, "too short", "r-1"));

        assertThat(json).isEqualTo("{\"type\":\"error\",\"code\":\"weak_password\",\"message\":\"too short\","
                + "\"ref\":\"r-1\"}");
    }

    @Test
    void encodesErrorWithoutRefLeavingTheFieldOut() {
        String json = server.encode(ErrorMessage.of(ErrorCode.BAD_REQUEST, "frame is not valid JSON", null));

        assertThat(json).isEqualTo("{\"type\":\"error\",\"code\":\"bad_request\","
                + "\"message\":\"frame is not valid JSON\"}");
    }

    @Test
    void refusesToEncodeRecordOutsideItsRegistry() {
        Message stranger = () -> "stranger";

        assertThatThrownBy(() -> server.encode(stranger)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void protocolExceptionsCarryNoStackTrace() {
        // They are expected outcomes of bad input and must never fill a log.
        assertThat(refusal("not json").getStackTrace()).isEmpty();
    }

    private String answerRefOf(String refJson) throws ProtocolException {
        RegisterMessage request = (RegisterMessage) server.decode("{\"type\":\"register\",\"username\":\"alice\","
                + "\"password\":\"long-password\",\"ref\":" + refJson + "}");
        return server.encode(new RegisteredMessage(11, request.ref()));
    }

    private ProtocolException refusal(String frame) {
        ProtocolException e = catchThrowableOfType(ProtocolException.class, () -> server.decode(frame));
        assertThat(e).as("decoding %s", frame).isNotNull();
        return e;
    }
}
