package lor.world.snapshot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;

import lor.protocol.MessageCodec;
import lor.sim.world.PlayerRecord;
import lor.sim.world.WorldSnapshot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

class SnapshotCodecTest {

    private static final WorldSnapshot SNAPSHOT = new WorldSnapshot(1234, 9, List.of(
            new PlayerRecord(42, 3, 4, 0),
            new PlayerRecord(Long.MAX_VALUE, 4095, 0, 3)));

    @Test
    void encodesTheDocumentedForm() {
        assertThat(MessageCodec.MAPPER.writeValueAsString(SnapshotCodec.encode(SNAPSHOT)))
                .isEqualTo("{\"format\":2,\"tick\":1234,\"nextEntityId\":9,\"players\":["
                        + "{\"accountId\":42,\"x\":3,\"y\":4,\"layer\":0},"
                        + "{\"accountId\":9223372036854775807,\"x\":4095,\"y\":0,\"layer\":3}]}");
    }

    @Test
    void decodesWhatItEncoded() {
        assertThat(SnapshotCodec.decode(SnapshotCodec.encode(SNAPSHOT))).isEqualTo(SNAPSHOT);
    }

    @Test
    void decodesTheStoredTextForm() {
        String stored = MessageCodec.MAPPER.writeValueAsString(SnapshotCodec.encode(SNAPSHOT));

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
            "{\"format\":3,\"tick\":1,\"nextEntityId\":1,\"players\":[]}",
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
        return MessageCodec.MAPPER.readTree(text);
    }
}
