package lor.simweb;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import lor.protocol.game.MapEncoding;
import lor.sim.content.ContentException;
import lor.sim.content.ContentPack;
import lor.sim.content.PackDef;
import lor.sim.content.RuleRegistry;
import lor.sim.grid.Cells;
import lor.sim.grid.Grid;
import lor.sim.grid.GridSize;
import lor.sim.grid.Portal;
import lor.sim.path.PathFinder;
import lor.sim.predict.Predictor;
import lor.sim.world.Direction;
import lor.sim.world.StepResult;

/**
 * The page's predictors, by handle: what {@link SimApi}'s {@code predict…} exports work on. A page holds one per
 * world it plays in (a new one on every join or transfer, the old one disposed), so the table is small and bounded;
 * a freed handle is used again.
 */
final class PagePredictors {

    /** More than a page ever holds at once: one per live connection, with room for one being replaced. */
    static final int MAX = 8;
    /** The largest window a walk's path search covers (a tap lands within the canvas, plus margins). */
    static final int PATH_WINDOW_CELLS = 160 * 160;

    private final Predictor[] predictors = new Predictor[MAX];
    private PathFinder finder;
    private byte[] steps;

    /**
     * A predictor for a world's map (its {@code map} message's {@code rle-varint} cells and sizes) and clock (from
     * {@code welcome}'s content: the line names, ticks per line, and the transmutations as {@code line from to}
     * lines), this player at {@code (x, y, layer)} as of {@code tick}.
     *
     * @throws IllegalArgumentException for cells that do not decode, a clock the pack compiler refuses, or a full
     *                                  table
     */
    int create(String cells, int width, int height, int layers, List<String> lines, int ticksPerLine,
               List<String> transmutations, long tick, int entityId, int x, int y, int layer) {
        int handle = freeHandle();
        GridSize size = new GridSize(width, height, layers);
        int[] decoded = MapEncoding.decode(cells, size.cells());
        Grid grid = Grid.of(size, decoded, x, y, layer, portals(decoded));
        predictors[handle] = new Predictor(grid, pack(lines, ticksPerLine, transmutations), tick, entityId, x, y, layer);
        return handle;
    }

    Predictor get(int handle) {
        Predictor p = handle >= 0 && handle < MAX ? predictors[handle] : null;
        if (p == null) {
            throw new IllegalArgumentException("no predictor " + handle);
        }
        return p;
    }

    void dispose(int handle) {
        if (handle >= 0 && handle < MAX) {
            predictors[handle] = null;
        }
    }

    /** The outcome's name as the contract says it ({@code rejected}'s reasons), {@code moved} for a step taken. */
    static String outcome(StepResult result) {
        return result == StepResult.MOVED ? "moved" : result.reason();
    }

    static Direction direction(String name) {
        Direction d = Direction.parse(name);
        if (d == null) {
            throw new IllegalArgumentException("unknown direction " + name);
        }
        return d;
    }

    /** A walk's path as direction letters ({@code ""} when already there), or null when there is none. */
    String path(int handle, int tx, int ty, boolean aroundOthers, int margin, int maxSteps) {
        if (finder == null) {
            finder = new PathFinder(PATH_WINDOW_CELLS);
        }
        if (steps == null || steps.length < maxSteps) {
            steps = new byte[Math.max(0, maxSteps)];
        }
        int n = get(handle).path(finder, tx, ty, aroundOthers, margin, maxSteps, steps);
        if (n < 0) {
            return null;
        }
        StringBuilder out = new StringBuilder(n);
        for (int i = 0; i < n; i++) {
            out.append(Direction.ofCode(steps[i]).name());
        }
        return out.toString();
    }

    /**
     * The portals the cells name, as placeholders: where a portal leads is the server's business, but a grid must
     * know every portal number its cells hold.
     */
    private static List<Portal> portals(int[] cells) {
        int most = 0;
        for (int cell : cells) {
            most = Math.max(most, Cells.portal(cell));
        }
        List<Portal> portals = new ArrayList<>(most);
        for (int n = 1; n <= most; n++) {
            portals.add(new Portal(n, "elsewhere", 0, 0, 0));
        }
        return portals;
    }

    private int freeHandle() {
        for (int i = 0; i < MAX; i++) {
            if (predictors[i] == null) {
                return i;
            }
        }
        throw new IllegalArgumentException("every one of " + MAX + " predictors is in use: dispose one first");
    }

    /** A pack of the clock alone, compiled as the server compiles the world's: the field is all prediction needs. */
    private static ContentPack pack(List<String> lines, int ticksPerLine, List<String> transmutations) {
        if (lines.isEmpty()) {
            return ContentPack.empty();
        }
        List<PackDef.TransmuteDef> transmute = new ArrayList<>();
        for (String t : transmutations) {
            String[] parts = t.trim().split(" ");
            if (parts.length != 3) {
                throw new IllegalArgumentException("a transmutation is 'line from to', not '" + t + "'");
            }
            transmute.add(new PackDef.TransmuteDef(parts[0], parts[1], parts[2]));
        }
        PackDef def = new PackDef("page", List.of(), Map.of(), new PackDef.ClockDef(lines, ticksPerLine, transmute),
                List.of(), List.of(), List.of());
        try {
            return ContentPack.compile(def, RuleRegistry.empty());
        } catch (ContentException e) {
            throw new IllegalArgumentException("the world's clock: " + e.getMessage(), e);
        }
    }
}
