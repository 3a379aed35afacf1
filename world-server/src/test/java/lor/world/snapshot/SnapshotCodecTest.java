package lor.world.snapshot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Base64;
import java.util.List;
import java.util.stream.Stream;

import lor.protocol.Json;
import lor.sim.content.ContentPack;
import lor.sim.content.RuleRegistry;
import lor.sim.grid.BenchMap;
import lor.sim.world.PlayerRecord;
import lor.sim.world.World;
import lor.sim.world.WorldSnapshot;
import lor.sim.world.WorldSnapshot.InventoryRecord;
import lor.world.content.ContentPacks;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

class SnapshotCodecTest {

    private static final ContentPack PACK = ContentPacks.load("default", null, RuleRegistry.empty());

    private static final WorldSnapshot SNAPSHOT = new WorldSnapshot(1234, 9, List.of(
            new PlayerRecord(42, 3, 4, 0),
            new PlayerRecord(Long.MAX_VALUE, 4095, 0, 3)));

    @Test
    void encodesTheDocumentedForm() {
        // Account 42 at (3, 4, 0), no inventory; account 2^63 - 1 at (4095, 0, 3), no inventory: varints, zigzag.
        String data = base64(42, 6, 8, 0, 0, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f, 0xfe, 0x3f, 0, 6, 0);

        assertThat(Json.MAPPER.writeValueAsString(SnapshotCodec.encode(SNAPSHOT)))
                .isEqualTo("{\"format\":3,\"tick\":1234,\"nextEntityId\":9,\"players\":{\"count\":2,\"data\":\""
                        + data + "\"}}");
    }

    @Test
    void roundTripsPlayersWithTheirInventoriesByItemName() {
        WorldSnapshot base = World.create(BenchMap.grid(), PACK, 1).snapshot();
        int[] carried = new int[PACK.itemCount()];
        carried[PACK.itemIndex("ore")] = 7;
        carried[PACK.itemIndex("wood")] = ContentPack.MAX_COUNT;
        WorldSnapshot snapshot = new WorldSnapshot(base.tick(), base.nextEntityId(), List.of(
                new PlayerRecord(42, 3, 4, 0), new PlayerRecord(7, -1, 5, 1), new PlayerRecord(9, 0, 0, 0)),
                List.of(new InventoryRecord(42, carried), new InventoryRecord(7, new int[PACK.itemCount()])),
                base.objects());

        ObjectNode state = SnapshotCodec.encode(snapshot);
        WorldSnapshot read = SnapshotCodec.decode(json(Json.MAPPER.writeValueAsString(state)), PACK);

        assertThat(state.path("players").path("items").get(0).asString()).isEqualTo(PACK.item(0));
        assertThat(read.players()).isEqualTo(snapshot.players());
        assertThat(read.inventories()).as("an empty inventory stays one; a player without one stays without")
                .isEqualTo(snapshot.inventories());
        assertThat(read.objects().count()).isEqualTo(base.objects().count());
    }

    @Test
    void readsTheFormerFormatsPlayersAsJson() {
        WorldSnapshot read = SnapshotCodec.decode(json("{\"format\":2,\"tick\":5,\"nextEntityId\":9,\"players\":["
                + "{\"accountId\":42,\"x\":3,\"y\":4,\"layer\":0,\"inventory\":{\"ore\":7}},"
                + "{\"accountId\":8,\"x\":1,\"y\":2,\"layer\":0}]}"), PACK);

        int[] carried = new int[PACK.itemCount()];
        carried[PACK.itemIndex("ore")] = 7;
        assertThat(read.players()).containsExactly(new PlayerRecord(42, 3, 4, 0), new PlayerRecord(8, 1, 2, 0));
        assertThat(read.inventories()).containsExactly(new InventoryRecord(42, carried));
    }

    @ParameterizedTest
    @MethodSource("damagedPlayers")
    void refusesPlayersDataItCannotRead(String players, String reason) {
        String state = "{\"format\":3,\"tick\":1,\"nextEntityId\":1,\"players\":" + players + "}";

        assertThatThrownBy(() -> SnapshotCodec.decode(json(state), PACK)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(reason);
    }

    static Stream<Arguments> damagedPlayers() {
        return Stream.of(
                Arguments.of("[]", "no players object"),
                Arguments.of("{\"count\":1,\"data\":\"!!\"}", "not base64"),
                Arguments.of("{\"count\":0}", "players have no data"),
                Arguments.of("{\"data\":\"\"}", "count is missing"),
                Arguments.of("{\"count\":-1,\"data\":\"\"}", "negative"),
                Arguments.of("{\"count\":1,\"data\":\"\"}", "1 players in 0 bytes"),
                Arguments.of("{\"count\":2147483647,\"data\":\"" + base64(1, 0, 0, 0, 0) + "\"}", "in 5 bytes"),
                Arguments.of("{\"count\":1,\"data\":\"" + base64(1, 0, 0) + "\"}", "ends inside a number"),
                Arguments.of("{\"count\":0,\"data\":\"" + base64(1, 0, 0, 0, 0) + "\"}", "goes on after its 0"),
                Arguments.of("{\"count\":1,\"items\":[\"ore\"],\"data\":\"" + base64(1, 0, 0, 0, 2, 5, 1) + "\"}",
                        "account 1's item 5 is out of range"),
                Arguments.of("{\"count\":1,\"items\":[\"unobtainium\"],\"data\":\"" + base64(1, 0, 0, 0, 2, 0, 1)
                        + "\"}", "carries item unobtainium, which pack default does not define"),
                Arguments.of("{\"count\":1,\"items\":[\"ore\"],\"data\":\"" + base64(1, 0, 0, 0, 3, 0, 1, 0, 2)
                        + "\"}", "account 1's inventory size 3 is out of range"),
                Arguments.of("{\"count\":1,\"items\":[\"ore\",\"ore\"],\"data\":\""
                        + base64(1, 0, 0, 0, 3, 0, 1, 1, 2) + "\"}", "carries item ore twice"),
                Arguments.of("{\"count\":1,\"items\":\"ore\",\"data\":\"\"}", "no list of items"),
                Arguments.of("{\"count\":1,\"data\":\"" + base64(1, 0xff, 0xff, 0xff, 0xff, 0x7f, 0, 0, 0) + "\"}",
                        "x is out of range"));
    }

    @Test
    void decodesWhatItEncoded() {
        assertThat(SnapshotCodec.decode(SnapshotCodec.encode(SNAPSHOT))).isEqualTo(SNAPSHOT);
    }

    @Test
    void decodesTheStoredTextForm() {
        String stored = Json.MAPPER.writeValueAsString(SnapshotCodec.encode(SNAPSHOT));

        assertThat(SnapshotCodec.decode(json(stored))).isEqualTo(SNAPSHOT);
    }

    @Test
    void roundTripsAWorldWithoutPlayers() {
        WorldSnapshot empty = new WorldSnapshot(0, 1, List.of());

        assertThat(SnapshotCodec.decode(SnapshotCodec.encode(empty))).isEqualTo(empty);
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "{\"tick\":1,\"nextEntityId\":1,\"players\":[]}",
            "{\"format\":4,\"tick\":1,\"nextEntityId\":1,\"players\":[]}",
            "{\"format\":0,\"tick\":1,\"nextEntityId\":1,\"players\":[]}",
            "{\"format\":\"1\",\"tick\":1,\"nextEntityId\":1,\"players\":[]}",
            "{\"format\":1.7,\"tick\":1,\"nextEntityId\":1,\"players\":[]}",
            "{\"format\":1,\"tick\":1,\"nextEntityId\":4294967297,\"players\":[]}",
            "{\"format\":1,\"tick\":1,\"nextEntityId\":1,\"players\":[{\"accountId\":1,\"x\":4294967298,\"y\":0,"
                    + "\"layer\":0}]}",
            "{\"format\":null,\"tick\":1,\"nextEntityId\":1,\"players\":[]}",
            "{\"format\":1,\"tick\":1,\"nextEntityId\":1}",
            "{\"format\":1,\"tick\":1,\"nextEntityId\":1,\"players\":{}}",
            "{\"format\":1,\"nextEntityId\":1,\"players\":[]}",
            "{\"format\":1,\"tick\":1,\"players\":[]}",
            "{\"format\":1,\"tick\":\"1\",\"nextEntityId\":1,\"players\":[]}",
            "{\"format\":1,\"tick\":1.5,\"nextEntityId\":1,\"players\":[]}",
            "{\"format\":1,\"tick\":1,\"nextEntityId\":1,\"players\":[{\"accountId\":1,\"x\":0,\"y\":0}]}",
            "{\"format\":1,\"tick\":1,\"nextEntityId\":1,\"players\":[{\"accountId\":1,\"x\":\"0\",\"y\":0,"
                    + "\"layer\":0}]}",
            "{\"format\":1,\"tick\":1,\"nextEntityId\":1,\"players\":[{\"accountId\":1e3,\"x\":0,\"y\":0,"
                    + "\"layer\":0}]}",
            "{\"format\":1,\"tick\":1,\"nextEntityId\":1,\"players\":[7]}",
            "{\"format\":1,\"tick\":99999999999999999999,\"nextEntityId\":1,\"players\":[]}",
            "[]",
            "\"snapshot\""})
    void refusesStateItCannotRead(String state) {
        assertThatThrownBy(() -> SnapshotCodec.decode(json(state))).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void refusesMissingState() {
        assertThatThrownBy(() -> SnapshotCodec.decode(null)).isInstanceOf(IllegalArgumentException.class);
    }

    private static JsonNode json(String text) {
        return Json.MAPPER.readTree(text);
    }

    private static String base64(int... bytes) {
        byte[] data = new byte[bytes.length];
        for (int i = 0; i < bytes.length; i++) {
            data[i] = (byte) bytes[i];
        }
        return Base64.getEncoder().encodeToString(data);
    }
}
