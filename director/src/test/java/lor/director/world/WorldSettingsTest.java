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
                .isEqualTo(new WorldSettings("start", 7, 12));
    }

    @Test
    void missingKeysTakeDefaults() {
        assertThat(WorldSettings.parse("w", "{}")).isEqualTo(new WorldSettings(null, 0, 24));
        assertThat(WorldSettings.parse("w", null)).isEqualTo(new WorldSettings(null, 0, 24));
    }

    @ParameterizedTest
    @ValueSource(strings = {"{\"map\":\"../etc/passwd\"}", "{\"map\":\"Start\"}", "{\"npcs\":-1}",
            "{\"viewRadius\":0}", "{\"viewRadius\":257}", "not json"})
    void refusesInvalidSettingsNamingTheWorld(String json) {
        assertThatThrownBy(() -> WorldSettings.parse("cellar", json))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("world cellar: ");
    }
}
