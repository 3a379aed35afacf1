package lor.director.world;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class WorldSettingsTest {

    @Test
    void readsEveryKey() {
        assertThat(WorldSettings.parse("w", "{\"map\":\"start\",\"npcs\":7,\"viewRadius\":12,\"other\":true}"))
                .isEqualTo(new WorldSettings("start", 7, 12, "nearest"));
        assertThat(WorldSettings.parse("w", "{\"map\":\"bench\",\"npcs\":0,\"viewRadius\":24,\"spawn\":\"hashed\"}"))
                .isEqualTo(new WorldSettings("bench", 0, 24, "hashed"));
    }

    @Test
    void readsTheContentPackAndRefusesABadName() {
        assertThat(WorldSettings.parse("w", "{\"map\":\"start\",\"content\":\"default\"}").content())
                .isEqualTo("default");
        assertThat(WorldSettings.parse("w", "{}").content()).isNull();
        assertThatThrownBy(() -> WorldSettings.parse("w", "{\"content\":\"../x\"}"))
                .hasMessage("world w: content pack name must be 1-32 of [a-z0-9_-], got ../x");
    }

    @Test
    void missingKeysTakeDefaults() {
        assertThat(WorldSettings.parse("w", "{}")).isEqualTo(new WorldSettings(null, 0, 24));
        assertThat(WorldSettings.parse("w", null)).isEqualTo(new WorldSettings(null, 0, 24));
        assertThat(WorldSettings.parse("w", "{}").spawn()).as("the spawn point rule").isEqualTo("nearest");
    }

    @Test
    void theThreeValueConstructorMeansTheSpawnPointRule() {
        assertThat(new WorldSettings("start", 24, 24)).isEqualTo(new WorldSettings("start", 24, 24, "nearest"));
    }

    @Test
    void aNullSpawnRuleMeansTheDefaultLikeAMissingOne() {
        assertThat(WorldSettings.parse("start", "{\"spawn\":null}").spawn()).isEqualTo("nearest");
    }

    @ParameterizedTest
    @ValueSource(strings = {"{\"spawn\":\"random\"}", "{\"spawn\":\"HASHED\"}", "{\"spawn\":\"\"}",
            "{\"spawn\":5}"})
    void refusesAnUnknownSpawnRuleNamingTheWorld(String json) {
        assertThatThrownBy(() -> WorldSettings.parse("bench", json))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("world bench: spawn must be nearest or hashed");
    }

    @ParameterizedTest
    @ValueSource(strings = {"{\"map\":\"../etc/passwd\"}", "{\"map\":\"Start\"}", "{\"npcs\":-1}",
            "{\"viewRadius\":0}", "{\"viewRadius\":257}", "not json"})
    void refusesInvalidSettingsNamingTheWorld(String json) {
        assertThatThrownBy(() -> WorldSettings.parse("cellar", json))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("world cellar: ");
    }

    @Test
    void readsTheSeededObjectsAsTheWorldServersArgument() {
        WorldSettings settings = WorldSettings.parse("bench-objects", "{\"map\":\"bench-layers\",\"content\":"
                + "\"bench\",\"seedObjects\":{\"kind\":\"pump\",\"count\":100000,\"fromLayer\":1}}");

        assertThat(settings.seedObjects()).isEqualTo("pump:100000:1");
        assertThat(WorldSettings.parse("w", "{}").seedObjects()).isNull();
        assertThat(WorldSettings.parse("w", "{\"seedObjects\":null}").seedObjects()).isNull();
    }

    @ParameterizedTest
    @ValueSource(strings = {"{\"kind\":\"pump\",\"count\":0,\"fromLayer\":1}",
            "{\"kind\":\"pump\",\"count\":10000001,\"fromLayer\":1}",
            "{\"kind\":\"pump\",\"count\":\"10\",\"fromLayer\":1}",
            "{\"kind\":\"pump\",\"count\":10,\"fromLayer\":256}",
            "{\"kind\":\"pump\",\"count\":10}", "{\"kind\":\"Pump\",\"count\":10,\"fromLayer\":0}",
            "{\"count\":10,\"fromLayer\":0}", "\"pump:10:0\""})
    void refusesABadSeedNamingTheWorld(String seed) {
        assertThatThrownBy(() -> WorldSettings.parse("b", "{\"content\":\"bench\",\"seedObjects\":" + seed + "}"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("world b: seedObjects must be {\"kind\": NAME, \"count\": 1..10000000");
    }

    @Test
    void refusesASeedWithoutAContentPack() {
        assertThatThrownBy(() -> WorldSettings.parse("b",
                "{\"seedObjects\":{\"kind\":\"pump\",\"count\":10,\"fromLayer\":0}}"))
                .hasMessageEndingWith("with a content pack");
    }
}
