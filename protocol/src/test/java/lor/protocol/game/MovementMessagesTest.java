package lor.protocol.game;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.util.ArrayList;
import java.util.List;

import lor.protocol.ErrorCode;
import lor.protocol.MessageCodec;
import lor.protocol.ProtocolException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The stage-2 game messages: intents in, refusals, state and the map out. */
class MovementMessagesTest {

    private final MessageCodec server = GameMessages.serverCodec();
    private final MessageCodec client = GameMessages.clientCodec();

    @Test
    void decodesAMove() throws ProtocolException {
        assertThat(server.decode("{\"type\":\"move\",\"dir\":\"N\",\"seq\":7,\"ref\":\"m\"}"))
                .isEqualTo(new MoveMessage("N", 7, "m"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"x", "y", "layer", "position"})
    void refusesAMoveCarryingAPositionWhole(String field) {
        ProtocolException e = refusal("{\"type\":\"move\",\"dir\":\"E\",\"seq\":1,\"" + field + "\":3,\"ref\":9}");

        assertThat(e.code()).isEqualTo(ErrorCode.BAD_REQUEST);
        assertThat(e.getMessage()).contains("positions come from the server");
        assertThat(e.ref()).hasToString("9");
    }

    @ParameterizedTest
    @ValueSource(strings = {"\"n\"", "\"NE\"", "\"\"", "1", "null"})
    void refusesADirectionOtherThanNesw(String dir) {
        assertThat(refusal("{\"type\":\"move\",\"dir\":" + dir + ",\"seq\":1}").code())
                .isEqualTo(ErrorCode.BAD_REQUEST);
    }

    @ParameterizedTest
    @ValueSource(strings = {"-1", "1.5", "\"3\"", "null"})
    void refusesASeqThatIsNotANonNegativeInteger(String seq) {
        assertThat(refusal("{\"type\":\"move\",\"dir\":\"S\",\"seq\":" + seq + "}").code())
                .isEqualTo(ErrorCode.BAD_REQUEST);
    }

    @Test
    void aPositionMessageIsAnUnknownType() {
        assertThat(refusal("{\"type\":\"position\",\"x\":1,\"y\":2,\"layer\":0}").code())
                .isEqualTo(ErrorCode.UNKNOWN_TYPE);
    }

    @Test
    void encodesTheContractsRejectedAndState() {
        assertThat(server.encode(new RejectedMessage(12, "wall")))
                .isEqualTo("{\"type\":\"rejected\",\"seq\":12,\"reason\":\"wall\"}");
        assertThat(server.encode(new StateMessage(40, 12,
                List.of(new StateMessage.EntityState(3, 4, 5, 0, "player")))))
                .isEqualTo("{\"type\":\"state\",\"tick\":40,\"ack\":12,\"entities\":"
                        + "[{\"id\":3,\"x\":4,\"y\":5,\"layer\":0,\"kind\":\"player\"}]}");
    }

    @Test
    void roundTripsStateRejectedAndMap() throws ProtocolException {
        StateMessage state = new StateMessage(8, 2, List.of(new StateMessage.EntityState(1, 0, 0, 0, "npc"),
                new StateMessage.EntityState(2, 31, 31, 1, "player")));
        MapMessage map = new MapMessage(2, 2, 1, 1, 0, 0, MapEncoding.NAME, MapEncoding.encode(new int[] {1, 0, 0, 6}),
                List.of(new MapMessage.PortalInfo(1, "cellar")));

        assertThat(client.decode(server.encode(state))).isEqualTo(state);
        assertThat(client.decode(server.encode(new RejectedMessage(5, "occupied"))))
                .isEqualTo(new RejectedMessage(5, "occupied"));
        assertThat(client.decode(server.encode(map))).isEqualTo(map);
        assertThat(server.decode(client.encode(new MoveMessage("W", 99, null)))).isEqualTo(new MoveMessage("W", 99,
                null));
    }

    @Test
    void encodesAMapWithItsPortalsExactly() {
        MapMessage map = new MapMessage(2, 1, 1, 0, 0, 0, MapEncoding.NAME, "AgA=",
                List.of(new MapMessage.PortalInfo(1, "cellar"), new MapMessage.PortalInfo(2, "meadow")));

        assertThat(server.encode(map)).isEqualTo("{\"type\":\"map\",\"width\":2,\"height\":1,\"layers\":1,"
                + "\"spawn\":{\"x\":0,\"y\":0,\"layer\":0},\"encoding\":\"rle-varint\",\"cells\":\"AgA=\","
                + "\"portals\":[{\"number\":1,\"worldId\":\"cellar\"},{\"number\":2,\"worldId\":\"meadow\"}]}");
    }

    @Test
    void roundTripsAMapWithTwoPortalsAndOneWithNone() throws ProtocolException {
        // Portal cells hold their number in bits 4-11 and are walkable floor.
        int[] cells = {1 << 4, 0, 2 << 4, 1};
        MapMessage withPortals = new MapMessage(2, 2, 1, 1, 0, 0, MapEncoding.NAME, MapEncoding.encode(cells),
                List.of(new MapMessage.PortalInfo(1, "cellar"), new MapMessage.PortalInfo(2, "meadow")));
        MapMessage withNone = new MapMessage(2, 2, 1, 1, 0, 0, MapEncoding.NAME, MapEncoding.encode(new int[4]),
                List.of());

        MapMessage decoded = (MapMessage) client.decode(server.encode(withPortals));

        assertThat(decoded).isEqualTo(withPortals);
        assertThat(MapEncoding.decode(decoded.cells(), 4)).containsExactly(cells);
        assertThat(client.decode(server.encode(withNone))).isEqualTo(withNone);
        assertThat(server.encode(withNone)).contains("\"portals\":[]");
    }

    @Test
    void readsAMapWithoutAPortalsFieldAsHavingNone() throws ProtocolException {
        MapMessage map = (MapMessage) client.decode("{\"type\":\"map\",\"width\":1,\"height\":1,\"layers\":1,"
                + "\"spawn\":{\"x\":0,\"y\":0,\"layer\":0},\"encoding\":\"rle-varint\",\"cells\":\"AQA=\"}");

        assertThat(map.portals()).isEmpty();
    }

    @Test
    void mapKeepsItsOwnCopyOfThePortals() {
        List<MapMessage.PortalInfo> portals = new ArrayList<>(List.of(new MapMessage.PortalInfo(1, "a")));
        MapMessage map = new MapMessage(1, 1, 1, 0, 0, 0, MapEncoding.NAME, "AQA=", portals);

        portals.add(new MapMessage.PortalInfo(2, "b"));

        assertThat(map.portals()).hasSize(1);
    }

    private ProtocolException refusal(String frame) {
        return catchThrowableOfType(ProtocolException.class, () -> server.decode(frame));
    }
}
