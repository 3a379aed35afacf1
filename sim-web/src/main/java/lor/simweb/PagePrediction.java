package lor.simweb;

import java.util.ArrayList;
import java.util.List;

import lor.protocol.game.MapEncoding;
import lor.sim.builtin.BuiltInModules;
import lor.sim.content.ContentPack;
import lor.sim.content.PackJson;
import lor.sim.grid.Cells;
import lor.sim.grid.Direction;
import lor.sim.grid.Grid;
import lor.sim.grid.GridSize;
import lor.sim.grid.Portal;
import lor.sim.module.WorldModules;
import lor.sim.path.PathFinder;
import lor.sim.predict.Predictor;
import lor.sim.world.IntentOutcome;
import lor.sim.world.ObjectIntent;
import org.teavm.jso.JSExport;

/**
 * One player's prediction in one world as the page holds it ({@link SimApi#predictor} makes it): sim-core's
 * {@link Predictor}, with the page's names (directions, kinds, items, recipes, the contract's outcome names) turned
 * into sim-core's indices and back. Its methods are exported, so the page calls them on the object it got; the page
 * drops it when it leaves the world, and JavaScript's collector takes it.
 */
public final class PagePrediction {

    /** The largest window a walk's path search covers (a tap lands within the canvas, plus margins). */
    static final int PATH_WINDOW_CELLS = 160 * 160;

    /** One for every prediction of the page: a search allocates nothing, and the page searches on one thread. */
    private static PathFinder finder;
    private static byte[] steps = new byte[0];

    private final Predictor predictor;
    private final ContentPack pack;
    /** The world's game modules, as its pack names them: the page predicts their actions with their own code. */
    private final PageModules modules;

    /**
     * @param cells   the {@code map} message's {@code rle-varint} cells
     * @param content {@code welcome}'s {@code content} as JSON text, empty for a world without a pack
     * @throws IllegalArgumentException for cells that do not decode, or a pack that does not read or compile
     */
    PagePrediction(String cells, int width, int height, int layers, String content, long tick, int entityId, int x,
                   int y, int layer) {
        GridSize size = new GridSize(width, height, layers);
        int[] decoded = MapEncoding.decode(cells, size.cells());
        Grid grid = Grid.of(size, decoded, x, y, layer, portals(decoded));
        this.pack = pack(content);
        this.modules = new PageModules(pack);
        this.predictor = new Predictor(grid, pack, modules.modules(), tick, entityId, x, y, layer);
    }

    /** Applies this player's step at once. @return {@code moved}, or the reason the server would refuse it */
    @JSExport
    public String move(double seq, String direction) {
        return outcome(predictor.apply((long) seq, direction(direction)));
    }

    /** What a step from the predicted position would do now, without taking it. */
    @JSExport
    public String check(String direction) {
        return outcome(predictor.check(direction(direction)));
    }

    /**
     * This player's action on the object beside it, applied at once as the server's tick will: {@code type} the
     * message's ({@code build}, {@code put}, {@code take}, {@code set_recipe}, {@code dismantle}), {@code name} its
     * kind, item or recipe.
     *
     * @return {@code done}, or the reason the server would refuse it
     */
    @JSExport
    public String act(double seq, String type, String side, String name, int count) {
        ObjectIntent.Type t = ObjectIntent.ofMessage(type);
        if (t == null) {
            throw new IllegalArgumentException("unknown action " + type);
        }
        return outcome(predictor.act((long) seq, ObjectIntent.named(pack, t, direction(side), name, count)));
    }

    /** A whole-number field of the game module action {@link #moduleAct} applies next ({@code int}). */
    @JSExport
    public void field(String name, int value) {
        modules.field(name, value);
    }

    /** A named field of the game module action {@link #moduleAct} applies next ({@code dir}, {@code item} …). */
    @JSExport
    public void fieldName(String name, String value) {
        modules.field(name, value);
    }

    /**
     * This player's {@code act} intent of a game module, with the fields given since the last one, applied at once
     * by the module's own code as the server's tick will.
     *
     * @return {@code done}, or the reason the server would refuse it ({@code unknown_action} and {@code bad_field}
     *         as the world checks them, else the module's own)
     */
    @JSExport
    public String moduleAct(double seq, String action) {
        WorldModules.ActionRef ref = action == null ? null : modules.modules().action(action);
        if (ref == null) {
            modules.dropFields();
            return "unknown_action";
        }
        int[] fields = modules.takeFields(ref);
        if (fields == null) {
            return "bad_field";
        }
        String reason = predictor.act((long) seq, ref, fields);
        return reason == null ? "done" : reason;
    }

    /** The server refused an intent ({@code rejected}, with its reason). */
    @JSExport
    public void rejected(double seq, String reason) {
        predictor.rejected((long) seq, reason);
    }

    /**
     * A state begins; then its entities, objects (each with its stock), inventory and clock line; then {@link #end}.
     */
    @JSExport
    public void begin() {
        predictor.beginState();
    }

    /** {@link #begin} of a state of {@code tick}: what a game module's prediction reads as the tick. */
    @JSExport
    public void beginAt(double tick) {
        predictor.beginState((long) tick);
    }

    /** An attribute of a game module of an entity of the state, by name ({@code attrs}). */
    @JSExport
    public void attribute(int id, String name, int value) {
        int attribute = modules.modules().attributeIndex(name);
        if (attribute >= 0) {
            predictor.attribute(id, attribute, value);
        }
    }

    /** A cell of a game module's field in the state ({@code fields}); cells in view not given are empty. */
    @JSExport
    public void moduleCell(String module, int x, int y, int layer, int value) {
        int m = modules.modules().indexOf(module);
        if (m >= 0) {
            predictor.fieldCell(m, x, y, layer, value);
        }
    }

    @JSExport
    public void entity(int id, int x, int y, int layer) {
        predictor.entity(id, x, y, layer);
    }

    /** An object of the state, by its kind's and recipe's ids (null for none). */
    @JSExport
    public void object(int id, String kind, int x, int y, int layer, String recipe) {
        predictor.object(id, kind == null ? -1 : pack.kindIndex(kind), x, y, layer,
                recipe == null ? -1 : pack.recipeIndex(recipe));
    }

    /** An item in the stock of the object given last. */
    @JSExport
    public void stock(String item, int count) {
        predictor.objectStock(pack.itemIndex(item), count);
    }

    /** What this player carries of an item, as the state (or the welcome) says. */
    @JSExport
    public void inventory(String item, int count) {
        predictor.inventory(pack.itemIndex(item), count);
    }

    @JSExport
    public void clock(String line) {
        predictor.clockLine(line);
    }

    /** The state ends with its {@code ack}. @return whether it held this player's entity */
    @JSExport
    public boolean end(double ack) {
        return predictor.endState((long) ack);
    }

    @JSExport
    public int predictedX() {
        return predictor.predictedX();
    }

    @JSExport
    public int predictedY() {
        return predictor.predictedY();
    }

    @JSExport
    public int layer() {
        return predictor.layer();
    }

    @JSExport
    public int pending() {
        return predictor.pendingCount();
    }

    @JSExport
    public double mispredictions() {
        return predictor.mispredictions();
    }

    /** The seq of the last intent found mispredicted, 0 for none. */
    @JSExport
    public double lastMispredicted() {
        return predictor.lastMispredicted();
    }

    @JSExport
    public double reconciled() {
        return predictor.reconciled();
    }

    /** The entity in a cell as of the last state, or minus the object's id; 0 for none. */
    @JSExport
    public int other(int x, int y, int layer) {
        return predictor.other(x, y, layer);
    }

    /** What the prediction has this player carry of an item (0 for an item the pack lacks). */
    @JSExport
    public int carried(String item) {
        int index = pack.itemIndex(item);
        return index < 0 ? 0 : predictor.carried(index);
    }

    /** The kind of the object the prediction has on a cell, or null. */
    @JSExport
    public String objectKind(int x, int y, int layer) {
        int kind = predictor.objectKind(x, y, layer);
        return kind < 0 ? null : pack.kind(kind).id();
    }

    /**
     * A walk's path from the predicted position to {@code (x, y)} (see {@link Predictor#path}).
     *
     * @return the steps as direction letters ({@code ""} when already there), or null when there is no way
     */
    @JSExport
    public String path(int x, int y, boolean aroundOthers, int margin, int maxSteps) {
        if (finder == null) {
            finder = new PathFinder(PATH_WINDOW_CELLS);
        }
        if (steps.length < maxSteps) {
            steps = new byte[Math.max(0, maxSteps)];
        }
        int n = predictor.path(finder, x, y, aroundOthers, margin, maxSteps, steps);
        if (n < 0) {
            return null;
        }
        StringBuilder out = new StringBuilder(n);
        for (int i = 0; i < n; i++) {
            out.append(Direction.ofCode(steps[i]).name());
        }
        return out.toString();
    }

    /** A game module's field cell as the prediction has it: what the page draws (0 for empty or unknown). */
    @JSExport
    public int moduleCellAt(String module, int x, int y, int layer) {
        int m = modules.modules().indexOf(module);
        return m < 0 ? 0 : predictor.fieldCell(m, x, y, layer);
    }

    /** An entity's attribute as the prediction has it (its declared default for one it knows nothing of). */
    @JSExport
    public int attributeOf(int id, String name) {
        int attribute = modules.modules().attributeIndex(name);
        return attribute < 0 ? 0 : predictor.attributeOf(id, attribute);
    }

    /** Whether a game module's field walls a cell as the prediction has it. */
    @JSExport
    public boolean moduleBlocks(int x, int y, int layer) {
        return predictor.moduleBlocks(x, y, layer);
    }

    /** A cell of the field as the clock's current line transmutes the map: what the page draws. */
    @JSExport
    public int fieldCell(int index) {
        return predictor.field().cell(index);
    }

    /** The clock line the field is on, by index in the pack's lines (0 without a clock). */
    @JSExport
    public int fieldLine() {
        return predictor.field().line();
    }

    /**
     * The outcome's name as the contract says it ({@code rejected}'s reasons), {@code moved} for a step taken and
     * {@code done} for an action carried out.
     */
    static String outcome(IntentOutcome result) {
        if (result.succeeded()) {
            return result == IntentOutcome.MOVED ? "moved" : "done";
        }
        return result.reason();
    }

    private static Direction direction(String name) {
        Direction d = Direction.parse(name);
        if (d == null) {
            throw new IllegalArgumentException("unknown direction " + name);
        }
        return d;
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

    /**
     * The world's pack, compiled as the server compiles it: with the Java object rules of the built-in modules it
     * names. A pack whose objects run a rule of a studio's module (which only the server has) does not compile here:
     * the page cannot predict in that world.
     */
    private static ContentPack pack(String content) {
        if (content == null || content.isBlank()) {
            return ContentPack.empty();
        }
        try {
            return BuiltInModules.catalog().compile(PackJson.read(content));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("the world's content pack: " + e.getMessage(), e);
        }
    }
}
