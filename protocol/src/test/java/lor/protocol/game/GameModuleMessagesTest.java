package lor.protocol.game;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import lor.protocol.ErrorCode;
import lor.protocol.MessageCodec;
import lor.protocol.ProtocolException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;

/** The contract's game-module messages: {@code act} in; {@code welcome.modules}, attributes and fields out. */
class GameModuleMessagesTest {

    private final MessageCodec server = GameMessages.serverCodec();
    private final MessageCodec client = GameMessages.clientCodec();

    // ---- act ----------------------------------------------------------------------------------------------------

    @Test
    void decodesAnActWithItsFieldsInTheFramesOrder() throws ProtocolException {
        ActMessage act = act("{\"type\":\"act\",\"action\":\"plant\",\"seq\":7,\"dir\":\"N\",\"count\":-3,"
                + "\"crop\":\"wheat\",\"ref\":\"a\"}");

        assertThat(act.action()).isEqualTo("plant");
        assertThat(act.seq()).isEqualTo(7);
        assertThat(act.ref()).isEqualTo("a");
        assertThat(act.fields()).containsExactly(Map.entry("dir", "N"), Map.entry("count", -3L),
                Map.entry("crop", "wheat"));
    }

    @Test
    void keepsAnIntegerFieldAsALongWhateverItsSize() throws ProtocolException {
        ActMessage act = act("{\"type\":\"act\",\"action\":\"a\",\"seq\":0,\"small\":1,\"big\":9223372036854775807}");

        assertThat(act.fields()).containsExactly(Map.entry("small", 1L), Map.entry("big", Long.MAX_VALUE));
    }

    @Test
    void decodedFieldsCannotBeChanged() throws ProtocolException {
        ActMessage act = act("{\"type\":\"act\",\"action\":\"a\",\"seq\":0,\"x\":1}");

        assertThatThrownBy(() -> act.fields().put("y", 2L)).isInstanceOf(UnsupportedOperationException.class);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", ",\"action\":null", ",\"action\":5", ",\"action\":[\"plant\"]",
            ",\"action\":{}", ",\"action\":\"\"", ",\"action\":\"Plant\"", ",\"action\":\"1plant\"",
            ",\"action\":\"_plant\"", ",\"action\":\"pl-ant\"", ",\"action\":\"plant \"",
            ",\"action\":\"abcdefghijklmnopqrstuvwxyz0123456\""})
    void decodesAnActionThatCannotNameOneAsNull(String action) throws ProtocolException {
        // The world answers rejected unknown_action with this seq: not a protocol error, and no client text kept.
        ActMessage act = act("{\"type\":\"act\"" + action + ",\"seq\":4,\"x\":1,\"ref\":\"a\"}");

        assertThat(act.action()).isNull();
        assertThat(act.seq()).isEqualTo(4);
        assertThat(act.fields()).containsExactly(Map.entry("x", 1L));
        assertThat(act.ref()).isEqualTo("a");
    }

    @ParameterizedTest
    @ValueSource(strings = {"a", "z9", "plant_2", "abcdefghijklmnopqrstuvwxyz012345"})
    void keepsAnActionThatIsAName(String action) throws ProtocolException {
        assertThat(act("{\"type\":\"act\",\"action\":\"" + action + "\",\"seq\":1}").action()).isEqualTo(action);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", ",\"seq\":-1", ",\"seq\":1.5", ",\"seq\":\"3\"", ",\"seq\":null",
            ",\"seq\":99999999999999999999"})
    void refusesAnActWhoseSeqIsNotANonNegativeInteger(String seq) {
        ProtocolException e = catchThrowableOfType(ProtocolException.class,
                () -> server.decode("{\"type\":\"act\",\"action\":\"plant\"" + seq + ",\"ref\":9}"));

        assertThat(e.code()).isEqualTo(ErrorCode.BAD_REQUEST);
        assertThat(e.ref()).hasToString("9");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {"true|boolean", "false|boolean", "1.5|number", "1.0|number", "1e3|number",
            "null|null", "{}|object", "{\"a\":1}|object", "[]|array", "[1]|array",
            "99999999999999999999|number", "-9223372036854775809|number"})
    void decodesAValueNoFieldTakesAsUnsupportedNamingItsType(String value, String type) throws ProtocolException {
        ActMessage act = act("{\"type\":\"act\",\"action\":\"plant\",\"seq\":1,\"x\":" + value + ",\"y\":2}");

        assertThat(act.fields()).containsExactly(Map.entry("x", new ActMessage.Unsupported(type)),
                Map.entry("y", 2L));
        assertThat(act.fields().get("x")).hasToString(type);
    }

    @Test
    void keepsSeventeenFieldsAndIgnoresTheRest() throws ProtocolException {
        StringBuilder frame = new StringBuilder("{\"type\":\"act\",\"action\":\"plant\"");
        for (int i = 1; i <= 20; i++) {
            frame.append(",\"f").append(i).append("\":").append(i);
            if (i == 10) {
                // Its own members are not fields, wherever they stand, and do not count.
                frame.append(",\"seq\":3,\"ref\":\"r\"");
            }
        }
        ActMessage act = act(frame.append('}').toString());

        assertThat(act.fields()).hasSize(ActMessage.MAX_FIELDS).containsKeys("f1", "f17").doesNotContainKey("f18");
        assertThat(act.seq()).isEqualTo(3);
        assertThat(act.ref()).isEqualTo("r");
    }

    @Test
    void aKeyLongerThanSixtyFourCharactersEndsTheFieldsWithTheEmptyKey() throws ProtocolException {
        String longKey = "a".repeat(ActMessage.MAX_KEY_CHARS + 1);

        ActMessage act = act("{\"type\":\"act\",\"action\":\"plant\",\"seq\":1,\"x\":1,\"" + longKey
                + "\":2,\"y\":3}");

        assertThat(act.fields()).containsExactly(Map.entry("x", 1L), Map.entry("", ActMessage.Unsupported.LONG_KEY));
        assertThat(act.fields().get("")).hasToString("long key");
    }

    @Test
    void aKeyOfSixtyFourCharactersIsKept() throws ProtocolException {
        String key = "k".repeat(ActMessage.MAX_KEY_CHARS);

        assertThat(act("{\"type\":\"act\",\"action\":\"plant\",\"seq\":1,\"" + key + "\":2}").fields())
                .containsExactly(Map.entry(key, 2L));
    }

    @Test
    void encodesAnActExactly() {
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("dir", "E");
        fields.put("count", 2L);
        fields.put("odd", new ActMessage.Unsupported("boolean"));
        fields.put("small", 5);

        assertThat(client.encode(new ActMessage("plant", 12, fields, "r")))
                .isEqualTo("{\"type\":\"act\",\"action\":\"plant\",\"seq\":12,\"dir\":\"E\",\"count\":2,"
                        + "\"small\":5,\"ref\":\"r\"}");
        assertThat(client.encode(new ActMessage(null, 3, null, null))).isEqualTo("{\"type\":\"act\",\"seq\":3}");
    }

    @Test
    void roundTripsAnAct() throws ProtocolException {
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("crop", "wheat");
        fields.put("x", -40L);
        fields.put("y", Long.MIN_VALUE);
        ActMessage act = new ActMessage("plant_2", 99, fields, 17);

        ActMessage decoded = act(client.encode(act));

        assertThat(decoded.action()).isEqualTo("plant_2");
        assertThat(decoded.seq()).isEqualTo(99);
        assertThat(decoded.fields()).containsExactly(Map.entry("crop", "wheat"), Map.entry("x", -40L),
                Map.entry("y", Long.MIN_VALUE));
        assertThat(decoded.ref()).hasToString("17");
        assertThat(server.decode(client.encode(new ActMessage("a", 0, Map.of("n", 4L), "r"))))
                .isEqualTo(new ActMessage("a", 0, Map.of("n", 4L), "r"));
    }

    @Test
    void anActKeepsItsOwnCopyOfItsFieldsWithIntegersAsLongs() {
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("x", 3);
        ActMessage act = new ActMessage("a", 1, fields, null);

        fields.put("y", 4L);

        assertThat(act.fields()).containsExactly(Map.entry("x", 3L));
        assertThat(act).isEqualTo(new ActMessage("a", 1, Map.of("x", 3L), null));
    }

    @ParameterizedTest
    @ValueSource(strings = {"type", "action", "seq", "ref"})
    void anActCannotBeGivenAFieldNamedAsItsOwnMembers(String name) {
        assertThatThrownBy(() -> new ActMessage("a", 1, Map.of(name, 1L), null))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(name);
    }

    @Test
    void anActCannotBeGivenAValueNoFieldEncodes() {
        assertThatThrownBy(() -> new ActMessage("a", 1, Map.of("x", 1.5), null))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("x");
    }

    @Test
    void aServerCannotSendAnAct() {
        ProtocolException e = catchThrowableOfType(ProtocolException.class,
                () -> client.decode("{\"type\":\"act\",\"action\":\"plant\",\"seq\":1}"));

        assertThat(e.code()).isEqualTo(ErrorCode.UNKNOWN_TYPE);
    }

    // ---- rejected -----------------------------------------------------------------------------------------------

    @Test
    void namesTheContractsRefusalsOfAnAct() throws ProtocolException {
        assertThat(List.of(RejectedMessage.UNKNOWN_ACTION, RejectedMessage.BAD_FIELD, RejectedMessage.MODULE_ERROR))
                .containsExactly("unknown_action", "bad_field", "module_error");
        assertThat(server.encode(new RejectedMessage(7, RejectedMessage.BAD_FIELD)))
                .isEqualTo("{\"type\":\"rejected\",\"seq\":7,\"reason\":\"bad_field\"}");
        assertThat(client.decode("{\"type\":\"rejected\",\"seq\":7,\"reason\":\"frost\"}"))
                .as("a module's own reason").isEqualTo(new RejectedMessage(7, "frost"));
    }

    // ---- welcome ------------------------------------------------------------------------------------------------

    @Test
    void encodesWelcomeWithTheModulesAsTheWorldBuiltThem() throws ProtocolException {
        ArrayNode modules = JsonNodeFactory.instance.arrayNode();
        modules.addObject().put("name", "farming").put("colour", "#3a3").putArray("reasons").add("frost");
        WelcomeMessage welcome = welcome(modules);

        String text = server.encode(welcome);

        assertThat(text).endsWith(",\"encoding\":\"json\",\"modules\":[{\"name\":\"farming\",\"colour\":\"#3a3\","
                + "\"reasons\":[\"frost\"]}],\"ref\":\"h\"}");
        assertThat(client.decode(text)).isEqualTo(welcome);
    }

    @Test
    void encodesNoModulesAsAnEmptyArray() throws ProtocolException {
        WelcomeMessage welcome = welcome(null);

        String text = server.encode(welcome);

        assertThat(welcome.modules()).isEmpty();
        assertThat(text).endsWith(",\"encoding\":\"json\",\"modules\":[],\"ref\":\"h\"}");
        assertThat(client.decode(text)).isEqualTo(welcome);
        assertThat(new WelcomeMessage(3, 120, 20, 10, new WelcomeMessage.GridSize(64, 32, 2),
                new WelcomeMessage.Position(5, 6, 1), "json", "h")).isEqualTo(welcome);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", ",\"modules\":null", ",\"modules\":{}", ",\"modules\":\"farming\""})
    void readsAWelcomeWithoutAnArrayOfModulesAsRunningNone(String modules) throws ProtocolException {
        WelcomeMessage welcome = (WelcomeMessage) client.decode("{\"type\":\"welcome\",\"entityId\":3,\"tick\":120,"
                + "\"tickRate\":20,\"broadcastRate\":10,\"grid\":{\"width\":64,\"height\":32,\"layers\":2},"
                + "\"you\":{\"x\":5,\"y\":6,\"layer\":1}" + modules + "}");

        assertThat(welcome.modules()).isNotNull().isEmpty();
    }

    // ---- state --------------------------------------------------------------------------------------------------

    @Test
    void encodesAttributesAndFieldsExactly() {
        Map<String, Integer> attrs = new LinkedHashMap<>();
        attrs.put("thirst", 3);
        attrs.put("gold", -1);
        StateMessage state = new StateMessage(40, 12,
                List.of(new StateMessage.EntityState(3, 4, 5, 0, "player", attrs)), List.of(), null, null,
                List.of(), List.of(new StateMessage.FieldCell("farming", 4, 6, 0, 2)));

        assertThat(server.encode(state)).isEqualTo("{\"type\":\"state\",\"tick\":40,\"ack\":12,\"entities\":"
                + "[{\"id\":3,\"x\":4,\"y\":5,\"layer\":0,\"kind\":\"player\",\"attrs\":{\"thirst\":3,\"gold\":-1}}],"
                + "\"fields\":[{\"module\":\"farming\",\"x\":4,\"y\":6,\"layer\":0,\"value\":2}]}");
    }

    @Test
    void roundTripsAStateWithAttributesAndFields() throws ProtocolException {
        StateMessage state = new StateMessage(8, 2, List.of(
                new StateMessage.EntityState(1, 0, 0, 0, "npc", Map.of("thirst", 0)),
                new StateMessage.EntityState(2, 31, 31, 1, "player", Map.of("thirst", 100))),
                List.of(), new StateMessage.ClockState("day", 8), Map.of("seed", 2), List.of(),
                List.of(new StateMessage.FieldCell("farming", 1, 2, 0, 1),
                        new StateMessage.FieldCell("fire", 3, 4, 1, 7)));

        assertThat(client.decode(server.encode(state))).isEqualTo(state);
    }

    @Test
    void aWorldWithModulesButNoneOfTheirCellsInViewSendsAnEmptyListOfFields() throws ProtocolException {
        StateMessage state = new StateMessage(8, 2, List.of(new StateMessage.EntityState(1, 0, 0, 0, "player",
                Map.of())), List.of(), null, null, List.of(), List.of());

        String text = server.encode(state);

        assertThat(text).contains("\"attrs\":{}").endsWith(",\"fields\":[]}");
        assertThat(client.decode(text)).isEqualTo(state);
    }

    @Test
    void aStateOfAWorldWithoutModulesHasNeitherAttributesNorFields() throws ProtocolException {
        StateMessage state = new StateMessage(8, 2, List.of(new StateMessage.EntityState(1, 0, 0, 0, "npc")));

        String text = server.encode(state);
        StateMessage decoded = (StateMessage) client.decode(text);

        assertThat(text).doesNotContain("attrs").doesNotContain("fields");
        assertThat(decoded).isEqualTo(state);
        assertThat(decoded.fields()).isNull();
        assertThat(decoded.entities().get(0).attrs()).isNull();
    }

    @ParameterizedTest
    @ValueSource(strings = {"[]", "3", "{\"thirst\":1.5}", "{\"thirst\":\"3\"}", "{\"thirst\":4294967296}"})
    void aClientRefusesAttributesThatAreNotAnObjectOfIntegers(String attrs) {
        ProtocolException e = catchThrowableOfType(ProtocolException.class, () -> client.decode(
                "{\"type\":\"state\",\"tick\":1,\"ack\":0,\"entities\":[{\"id\":1,\"x\":0,\"y\":0,\"layer\":0,"
                        + "\"kind\":\"player\",\"attrs\":" + attrs + "}]}"));

        assertThat(e.code()).isEqualTo(ErrorCode.BAD_REQUEST);
    }

    @Test
    void anEntityKeepsItsOwnCopyOfItsAttributes() {
        Map<String, Integer> attrs = new LinkedHashMap<>(Map.of("thirst", 1));
        StateMessage.EntityState entity = new StateMessage.EntityState(1, 0, 0, 0, "player", attrs);

        attrs.put("gold", 2);

        assertThat(entity.attrs()).containsExactly(Map.entry("thirst", 1));
    }

    private ActMessage act(String frame) throws ProtocolException {
        return (ActMessage) server.decode(frame);
    }

    private static WelcomeMessage welcome(ArrayNode modules) {
        return new WelcomeMessage(3, 120, 20, 10, new WelcomeMessage.GridSize(64, 32, 2),
                new WelcomeMessage.Position(5, 6, 1), "json", null, null, modules, "h");
    }
}
