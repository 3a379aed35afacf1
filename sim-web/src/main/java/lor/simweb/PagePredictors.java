package lor.simweb;

import java.util.ArrayList;
import java.util.List;

import lor.protocol.game.MapEncoding;
import lor.sim.content.ContentPack;
import lor.sim.content.PackJson;
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
    private final ContentPack[] packs = new ContentPack[MAX];
    private PathFinder finder;
    private byte[] steps;

    /**
     * A predictor for a world's map (its {@code map} message's {@code rle-varint} cells and sizes) and content pack
     * ({@code welcome}'s {@code content} as JSON text, empty for a world without one), this player at
     * {@code (x, y, layer)} as of {@code tick}.
     *
     * @throws IllegalArgumentException for cells that do not decode, a pack that does not read or compile, or a full
     *                                  table
     */
    int create(String cells, int width, int height, int layers, String content, long tick, int entityId, int x,
               int y, int layer) {
        int handle = freeHandle();
        GridSize size = new GridSize(width, height, layers);
        int[] decoded = MapEncoding.decode(cells, size.cells());
        Grid grid = Grid.of(size, decoded, x, y, layer, portals(decoded));
        ContentPack pack = pack(content);
        predictors[handle] = new Predictor(grid, pack, tick, entityId, x, y, layer);
        packs[handle] = pack;
        return handle;
    }

    /** The pack the predictor was made with: names to indices. */
    ContentPack pack(int handle) {
        get(handle);
        return packs[handle];
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
            packs[handle] = null;
        }
    }

    /**
     * The outcome's name as the contract says it ({@code rejected}'s reasons), {@code moved} for a step taken and
     * {@code done} for an action carried out.
     */
    static String outcome(StepResult result) {
        if (result.succeeded()) {
            return result == StepResult.MOVED ? "moved" : "done";
        }
        return result.reason();
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

    /**
     * The world's pack, compiled as the server compiles it. A pack whose objects run Java rules (which only the
     * server has) cannot be predicted whole; such a kind never matches a rule here and is refused.
     */
    private static ContentPack pack(String content) {
        if (content == null || content.isBlank()) {
            return ContentPack.empty();
        }
        try {
            return ContentPack.compile(PackJson.read(content), RuleRegistry.empty());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("the world's content pack: " + e.getMessage(), e);
        }
    }
}
