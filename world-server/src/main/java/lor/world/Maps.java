package lor.world;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

import lor.sim.grid.Grid;
import lor.sim.grid.MapText;

/** The maps shipped in this jar, under {@code maps/NAME.map} in the {@link MapText} format. */
final class Maps {

    private Maps() {
    }

    /** The world's grid: the named map, or an open floor of the configured size when no map is named. */
    static Grid load(WorldConfig config) {
        if (config.map() == null) {
            return Grid.open(config.grid());
        }
        String resource = "maps/" + config.map() + ".map";
        try (InputStream in = Maps.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalArgumentException("no map named " + config.map() + " in this build");
            }
            return MapText.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + resource, e);
        }
    }
}
