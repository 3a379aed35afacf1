package lor.protocol.control;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import java.util.List;

import lor.protocol.ErrorCode;
import lor.protocol.MessageCodec;
import lor.protocol.ProtocolException;
import lor.protocol.options.OptionSet;
import org.junit.jupiter.api.Test;

/** A world's id and settings cross both ways a world gets them, the command line and world_assign, unchanged. */
class WorldSpecTest {

    /** Every setting away from its default: a new setting gets a value here, which the round trips then carry. */
    static final WorldSpec EVERY_SETTING = new WorldSpec("bench-objects", "bench-layers", "bench",
            new ObjectSeed("pump", 100_000, 1), 7, 12, "hashed", 1_500);

    private final OptionSet worldOptions = OptionSet.of(WorldSpec.options());

    @Test
    void roundTripsEverySettingThroughTheCommandLine() {
        List<String> args = EVERY_SETTING.toArguments();

        assertThat(WorldSpec.from(worldOptions.parse(args.toArray(String[]::new)))).isEqualTo(EVERY_SETTING);
    }

    @Test
    void roundTripsEverySettingThroughWorldAssign() throws ProtocolException {
        MessageCodec director = ControlMessages.directorCodec();
        MessageCodec world = ControlMessages.worldCodec();
        WorldAssignMessage assign = new WorldAssignMessage(EVERY_SETTING, "ticket-secret");

        assertThat(world.decode(director.encode(assign))).isEqualTo(assign);
    }

    @Test
    void theSampleSetsEverySettingAwayFromItsDefault() {
        for (WorldSpec.Setting<?> setting : WorldSpec.SETTINGS) {
            assertThat(setting.valueIn(EVERY_SETTING))
                    .as("EVERY_SETTING's %s: give it a value other than its default", setting.key())
                    .isNotNull()
                    .isNotEqualTo(setting.option().defaultValue());
        }
    }

    @Test
    void aNewRecordComponentNeedsItsSettingDeclared() {
        List<String> components = Arrays.stream(WorldSpec.class.getRecordComponents()).map(RecordComponent::getName)
                .filter(name -> !name.equals("worldId")).toList();

        assertThat(WorldSpec.SETTINGS.stream().map(WorldSpec.Setting::key).toList())
                .as("each component but worldId is declared once in WorldSpec.SETTINGS, in the record's order")
                .isEqualTo(components);
    }

    @Test
    void keepsTheContractsNamesOfBothEncodings() {
        assertThat(WorldSpec.SETTINGS.stream().map(WorldSpec.Setting::key).toList()).containsExactly("map",
                "content", "seedObjects", "npcs", "viewRadius", "spawn", "snapshotIntervalMs");
        assertThat(WorldSpec.options().stream().map(o -> o.name()).toList()).containsExactly("--world-id", "--map",
                "--content", "--seed-objects", "--npcs", "--view-radius", "--spawn", "--snapshot-interval-ms");
    }

    @Test
    void leavesUnsetSettingsOutOfBothEncodings() throws ProtocolException {
        WorldSpec plain = new WorldSpec("open", null, null, null, 3, 10, "nearest", 1_000);

        assertThat(plain.toArguments()).containsExactly("--world-id", "open", "--npcs", "3", "--view-radius", "10",
                "--spawn", "nearest", "--snapshot-interval-ms", "1000");
        String json = ControlMessages.directorCodec().encode(new WorldAssignMessage(plain, "ts"));
        assertThat(json).doesNotContain("map").doesNotContain("content").doesNotContain("seedObjects");
        assertThat(ControlMessages.worldCodec().decode(json)).isEqualTo(new WorldAssignMessage(plain, "ts"));
    }

    @Test
    void aWorldIdAloneTakesEveryDefault() {
        assertThat(WorldSpec.from(worldOptions.parse("--world-id", "start")))
                .isEqualTo(new WorldSpec("start", null, null, null, 0, 24, "nearest", 30_000));
    }

    @Test
    void refusesAMissingOrMalformedWorldId() {
        assertThatThrownBy(() -> WorldSpec.from(worldOptions.parse("--npcs", "1")))
                .hasMessage("--world-id must be 1-32 of [a-z0-9_-]");
        assertThatThrownBy(() -> WorldSpec.from(worldOptions.parse("--world-id", "No Such World")))
                .hasMessage("--world-id must be 1-32 of [a-z0-9_-]");
    }

    @Test
    void worldAssignNeedsEverySettingThatHasADefault() {
        MessageCodec world = ControlMessages.worldCodec();
        String withoutNpcs = "{\"type\":\"world_assign\",\"worldId\":\"b\",\"ticketSecret\":\"ts\","
                + "\"viewRadius\":24,\"spawn\":\"hashed\",\"snapshotIntervalMs\":1000}";

        assertThatThrownBy(() -> world.decode(withoutNpcs)).isInstanceOf(ProtocolException.class)
                .hasMessageContaining("npcs");
    }

    @Test
    void refusesAMalformedSeedInWorldAssignAsABadRequest() {
        String json = "{\"type\":\"world_assign\",\"worldId\":\"b\",\"ticketSecret\":\"ts\",\"content\":\"bench\","
                + "\"seedObjects\":\"pump\",\"npcs\":0,\"viewRadius\":24,\"spawn\":\"hashed\","
                + "\"snapshotIntervalMs\":1000}";

        assertThatThrownBy(() -> ControlMessages.worldCodec().decode(json)).isInstanceOf(ProtocolException.class)
                .satisfies(e -> assertThat(((ProtocolException) e).code()).isEqualTo(ErrorCode.BAD_REQUEST))
                .hasMessageContaining("seedObjects: --seed-objects must be KIND:COUNT:LAYER");
    }

    @Test
    void checksEachSettingWhereTheWorldReadsIt() {
        assertThatThrownBy(() -> WorldSpec.from(worldOptions.parse("--world-id", "w", "--npcs", "-1")))
                .hasMessage("--npcs must be between 0 and 1000000, got -1");
        assertThatThrownBy(() -> WorldSpec.from(worldOptions.parse("--world-id", "w", "--spawn", "random")))
                .hasMessage("--spawn must be nearest or hashed");
        assertThatThrownBy(() -> WorldSpec.from(worldOptions.parse("--world-id", "w", "--map", "../etc")))
                .hasMessage("--map must be 1-32 of [a-z0-9_-]");
        assertThat(WorldSpec.from(worldOptions.parse("--world-id", "w", "--snapshot-interval-ms", "30_000"))
                .snapshotIntervalMs()).isEqualTo(30_000);
    }

    @Test
    void showsEverySettingInItsToString() {
        assertThat(EVERY_SETTING.toString()).isEqualTo("worldId=bench-objects, map=bench-layers, content=bench, "
                + "seedObjects=pump:100000:1, npcs=7, viewRadius=12, spawn=hashed, snapshotIntervalMs=1500");
    }
}
