package lor.world;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import lor.sim.grid.BenchMap;
import lor.sim.grid.Grid;
import lor.sim.grid.MapText;

/**
 * The maps of this build: {@code maps/NAME.map} resources in the {@link MapText} format, and the generated
 * {@code bench} and {@code bench-layers} maps. Grids are immutable, so each is built once per process: a warm spare
 * loads them all before it knows its world, and the world it becomes finds its map ready.
 */
final class Maps {

    /** The generated benchmark map shared with the Colyseus peer benchmark ({@link BenchMap}). */
    static final String BENCH = "bench";
    /** The bench map over two layers of open floor: the benchmark world with objects ({@link BenchMap#grid(int)}). */
    static final String BENCH_LAYERS = "bench-layers";

    /** Only maps this build ships get in (a name it does not ship throws), so this stays as small as the build. */
    private static final Map<String, Grid> LOADED = new ConcurrentHashMap<>();

    private Maps() {
    }

    /** The world's grid: the named map, or an open floor of the configured size when no map is named. */
    static Grid load(WorldConfig config) {
        if (config.map() == null) {
            return Grid.open(config.grid());
        }
        return LOADED.computeIfAbsent(config.map(), Maps::read);
    }

    private static Grid read(String name) {
        if (name.equals(BENCH)) {
            return BenchMap.grid();
        }
        if (name.equals(BENCH_LAYERS)) {
            return BenchMap.grid(3);
        }
        String resource = "maps/" + name + ".map";
        try (InputStream in = Maps.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalArgumentException("no map named " + name + " in this build");
            }
            return MapText.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + resource, e);
        }
    }
}
