package lor.world;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

import lor.sim.grid.BenchMap;
import lor.sim.grid.Grid;
import lor.sim.grid.MapText;

/**
 * The maps of this build: {@code maps/NAME.map} resources in the {@link MapText} format, and the generated
 * {@code bench} map.
 */
final class Maps {

    /** The generated benchmark map shared with the Colyseus peer benchmark ({@link BenchMap}). */
    static final String BENCH = "bench";

    private Maps() {
    }

    /** The world's grid: the named map, or an open floor of the configured size when no map is named. */
    static Grid load(WorldConfig config) {
        if (config.map() == null) {
            return Grid.open(config.grid());
        }
        if (config.map().equals(BENCH)) {
            return BenchMap.grid();
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
