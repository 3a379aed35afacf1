package lor.sim.predict;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Iterator;

import lor.sim.clock.Field;
import lor.sim.content.ContentPack;
import lor.sim.grid.Cells;
import lor.sim.grid.Direction;
import lor.sim.grid.Grid;
import lor.sim.grid.Walls;
import lor.sim.module.WorldModules;
import lor.sim.path.PathFinder;
import lor.sim.world.IntentOutcome;
import lor.sim.world.MoveRules;

/**
 * Client-side prediction on the server's own rules, for every client that predicts (the Java test client, and the
 * browser through sim-core compiled to JavaScript): intents (steps, and actions on objects) apply at once to a
 * predicted world and wait as pending; each authoritative state drops the pending intents up to its {@code ack},
 * takes the authoritative position, objects and inventory, and replays the rest with {@link MoveRules} and the
 * server's {@link lor.sim.world.ObjectActions}. A misprediction is an acknowledged step after which the prediction
 * put the player elsewhere than the server did, or an acknowledged action whose predicted outcome (done, or the
 * reason for refusing it) is not the server's ({@link #rejected} says when it refused one). The walls are those of
 * the {@link Field} on the clock's line of the last state; objects block as entities do.
 *
 * <p>A state is given in parts, so that no client has to build a message object for it (the browser passes plain
 * numbers): {@link #beginState}, then {@link #entity} and {@link #object} for each (with {@link #objectStock} after
 * an object), {@link #inventory} for each item, {@link #clockLine}, then {@link #endState} with the state's
 * {@code ack}.
 *
 * <p>Other entities are known only as of the last state, so a prediction can be wrong when they move in between (a
 * contested cell); with nobody near, it never is. Not thread-safe.
 */
public final class Predictor {

    /** What {@link #other} says of a cell that only an object the prediction built holds. */
    public static final int PREDICTED_OBJECT = Integer.MIN_VALUE;

    private final Grid grid;
    private final ContentPack pack;
    private final Field field;
    private final int entityId;
    /** Other entities' ids by cell, objects' as minus their id, from the last state; this entity is never in it. */
    private final int[] others;
    private final ArrayDeque<Pending> pending = new ArrayDeque<>();
    private final PathWalls pathWalls = new PathWalls();
    /** The cells a game module's field blocks as the prediction has them. */
    private final Walls moduleWalls;
    private final ObjectMirror mirror;
    /** The world's game modules as the prediction runs them; null without any. */
    private final ModuleMirror modules;
    private long stateTick;
    private int x;
    private int y;
    private int layer;
    private int predictedX;
    private int predictedY;
    private boolean seenInState;
    private long mispredictions;
    private long lastMispredicted;
    private long reconciled;
    private long judgedActions;
    private long mispredictedActions;

    /**
     * An intent not yet acknowledged: a step ({@code direction}) or an action ({@code action}, an
     * {@link lor.sim.world.ObjectIntent}), with where the prediction put the entity after it and, for an action, its
     * predicted outcome and the reason the server gave for refusing it (null while it has not).
     */
    private static final class Pending {
        final long seq;
        final Direction direction;
        final long action;
        /** A game module's action and its checked fields, or null. */
        final WorldModules.ActionRef act;
        final int[] fields;
        int x;
        int y;
        IntentOutcome predicted;
        String refused;

        Pending(long seq, Direction direction, long action) {
            this(seq, direction, action, null, null);
        }

        Pending(long seq, Direction direction, long action, WorldModules.ActionRef act, int[] fields) {
            this.seq = seq;
            this.direction = direction;
            this.action = action;
            this.act = act;
            this.fields = fields;
        }

        /** The reason it is predicted refused with, null when carried out. */
        String predictedReason() {
            return predicted == IntentOutcome.REFUSED ? predictedRefusal : predicted.reason();
        }

        String predictedRefusal;
    }

    /**
     * @param grid the world's map as its {@code map} message gives it (a client knows where a portal leads, not to
     *             which cell)
     * @param pack the world's content pack, compiled from {@code welcome}'s {@code content} (its clock)
     * @param tick the welcome's tick, whose clock line the field starts on
     */
    public Predictor(Grid grid, ContentPack pack, long tick, int entityId, int x, int y, int layer) {
        this(grid, pack, WorldModules.none(), tick, entityId, x, y, layer);
    }

    /**
     * A prediction of a world that runs game modules: this player's {@code act} intents run the modules' own code
     * ({@link #act(long, WorldModules.ActionRef, int[])}).
     *
     * @param modules the world's modules, resolved from the pack's names with the same catalog the server has
     */
    public Predictor(Grid grid, ContentPack pack, WorldModules modules, long tick, int entityId, int x, int y,
                     int layer) {
        this.grid = grid;
        this.pack = pack;
        this.field = new Field(grid, pack.clock(), pack.clock().lineAt(tick));
        this.entityId = entityId;
        this.others = new int[grid.size().cells()];
        this.mirror = new ObjectMirror(pack, field, others);
        this.modules = modules.isEmpty() ? null : new ModuleMirror(modules, pack, field, others, mirror, entityId);
        this.moduleWalls = Walls.of(grid.width(), grid.height(), index -> this.modules.blocksCell(index));
        this.stateTick = tick;
        if (this.modules != null) {
            mirror.engage();
        }
        this.x = x;
        this.y = y;
        this.layer = layer;
        this.predictedX = x;
        this.predictedY = y;
    }

    public Grid grid() {
        return grid;
    }

    /** The map as the clock's line of the last state transmutes it. */
    public Field field() {
        return field;
    }

    /** Applies a step locally at once. @return the predicted outcome */
    public IntentOutcome apply(long seq, Direction direction) {
        IntentOutcome result = check(direction);
        if (result == IntentOutcome.MOVED) {
            predictedX += direction.dx;
            predictedY += direction.dy;
        }
        Pending p = new Pending(seq, direction, 0);
        p.x = predictedX;
        p.y = predictedY;
        pending.add(p);
        return result;
    }

    /**
     * Applies an action on an object locally at once, as the server's tick will.
     *
     * @param packed an {@link lor.sim.world.ObjectIntent}
     * @return the predicted outcome
     */
    public IntentOutcome act(long seq, long packed) {
        mirror.engage();
        Pending p = new Pending(seq, null, packed);
        p.predicted = mirror.apply(predictedX, predictedY, layer, packed);
        p.x = predictedX;
        p.y = predictedY;
        pending.add(p);
        return p.predicted;
    }

    /**
     * Applies a game module's action locally at once, by the module's own code, as the server's tick will.
     *
     * @param fields the action's fields checked against its declaration ({@link lor.sim.module.ActionArguments})
     * @return null when predicted carried out, else the predicted reason for refusing it
     */
    public String act(long seq, WorldModules.ActionRef action, int[] fields) {
        Pending p = new Pending(seq, null, 0, action, fields.clone());
        applyAct(p);
        p.x = predictedX;
        p.y = predictedY;
        pending.add(p);
        return p.predictedReason();
    }

    private void applyAct(Pending p) {
        String reason = modules == null ? "unknown_action" : modules.act(p.act, p.fields, predictedX, predictedY,
                layer);
        p.predicted = reason == null ? IntentOutcome.DONE : IntentOutcome.REFUSED;
        p.predictedRefusal = reason;
    }

    /** What a step from the predicted position would do now, without taking it. */
    public IntentOutcome check(Direction direction) {
        return MoveRules.check(field, moduleWalls(), others, predictedX, predictedY, layer, direction);
    }

    private Walls moduleWalls() {
        return modules == null ? null : moduleWalls;
    }

    /** A state begins: everything known of the others and of the objects is forgotten. */
    public void beginState() {
        beginState(stateTick);
    }

    /** A state of {@code tick} begins (the tick a game module's prediction reads). */
    public void beginState(long tick) {
        Arrays.fill(others, 0);
        mirror.beginState();
        if (modules != null) {
            modules.beginState(tick);
        }
        stateTick = tick;
        seenInState = false;
    }

    /** A cell of a game module's field in the state's view (cells in view not given are empty). */
    public void fieldCell(int module, int cx, int cy, int cl, int value) {
        if (modules != null && onGrid(cx, cy, cl)) {
            modules.fieldCell(module, grid.size().index(cx, cy, cl), value);
        }
    }

    /** A module attribute of an entity of the state, by its position in the world's attributes. */
    public void attribute(int id, int attribute, int value) {
        if (modules != null) {
            modules.attribute(id, attribute, value);
        }
    }

    /** A module's field cell as the prediction has it (0 for empty or unknown). */
    public int fieldCell(int module, int cx, int cy, int cl) {
        return modules != null && onGrid(cx, cy, cl) ? modules.cell(module, grid.size().index(cx, cy, cl)) : 0;
    }

    /** Whether a game module's blocking value lies on a cell as the prediction has it (a wall to steps). */
    public boolean moduleBlocks(int cx, int cy, int cl) {
        return modules != null && onGrid(cx, cy, cl) && modules.blocksCell(grid.size().index(cx, cy, cl));
    }

    /** A module attribute of an entity in view as the prediction has it. */
    public int attributeOf(int id, int attribute) {
        return modules == null ? 0 : modules.attributeOf(id, attribute);
    }

    /** An entity of the state: this player's own is its authoritative position. */
    public void entity(int id, int ex, int ey, int el) {
        if (id == entityId) {
            x = ex;
            y = ey;
            layer = el;
            seenInState = true;
        } else if (onGrid(ex, ey, el)) {
            others[grid.size().index(ex, ey, el)] = id;
            if (modules != null) {
                modules.entity(id, grid.size().index(ex, ey, el));
            }
        }
    }

    /** An object of the state, known only as something that blocks a step, as an entity does. */
    public void object(int id, int ox, int oy, int ol) {
        if (onGrid(ox, oy, ol)) {
            others[grid.size().index(ox, oy, ol)] = -id;
        }
    }

    /**
     * An object of the state with its kind and selected recipe (indices in the pack; -1 for none): actions on it can
     * be predicted. Its stock follows with {@link #objectStock}.
     */
    public void object(int id, int kind, int ox, int oy, int ol, int recipe) {
        if (!mirror.hasObjects()) {
            object(id, ox, oy, ol);
        } else if (onGrid(ox, oy, ol)) {
            mirror.engage();
            mirror.object(id, kind, grid.size().index(ox, oy, ol), recipe);
        }
    }

    /** An item in the stock of the object given last. */
    public void objectStock(int item, int count) {
        mirror.stock(item, count);
    }

    /**
     * What this player carries of an item, as the state says. Until a state gives the inventory, the prediction
     * takes the pack's starting one; once given, every item is, or it keeps its last count.
     */
    public void inventory(int item, int count) {
        mirror.engage();
        mirror.inventory(item, count);
    }

    /** The state's clock line, by name; a name the pack does not have changes nothing. */
    public void clockLine(String name) {
        int line = pack.lines().indexOf(name);
        if (line >= 0 && line != field.line()) {
            field.setLine(line, null);
        }
    }

    /**
     * The state ends: when it held this player's entity, the intents up to {@code ack} are dropped (the last of them
     * judged against where the server put the entity) and the rest replayed from there.
     *
     * @return whether the state held this player's entity (else only the others and the field changed)
     */
    public boolean endState(long ack) {
        if (!seenInState) {
            replay();
            return false;
        }
        Pending acknowledged = null;
        while (!pending.isEmpty() && pending.peekFirst().seq <= ack) {
            acknowledged = pending.pollFirst();
            if (acknowledged.direction == null) {
                judgedActions++;
                if (!sameOutcome(acknowledged.predictedReason(), acknowledged.refused)) {
                    mispredictedActions++;
                    mispredicted(acknowledged.seq);
                }
            }
        }
        if (acknowledged != null) {
            reconciled++;
            if (acknowledged.x != x || acknowledged.y != y) {
                mispredicted(acknowledged.seq);
            }
        }
        replay();
        return true;
    }

    /** An intent the server refused before any tick saw it ({@code rate_limited}): it never happened. */
    public void forget(long seq) {
        Iterator<Pending> it = pending.iterator();
        while (it.hasNext()) {
            if (it.next().seq == seq) {
                it.remove();
                replay();
                return;
            }
        }
    }

    /**
     * The server refused an intent ({@code rejected}): one that never reached a tick ({@code rate_limited}) never
     * happened; an action's reason is what its predicted outcome is judged against when a state acknowledges it.
     */
    public void rejected(long seq, String reason) {
        if ("rate_limited".equals(reason)) {
            forget(seq);
            return;
        }
        for (Pending p : pending) {
            if (p.seq == seq) {
                p.refused = reason;
                return;
            }
        }
    }

    private void mispredicted(long seq) {
        mispredictions++;
        lastMispredicted = seq;
    }

    private static boolean sameOutcome(String predicted, String refused) {
        return predicted == null ? refused == null : predicted.equals(refused);
    }

    /**
     * A path from the predicted position to {@code (tx, ty)} on this player's layer, for walking to a cell: through
     * the field's walkable cells, never through a portal other than the target's (a walk leaves the world only where
     * the player asked), and with {@code aroundOthers} around the cells others and objects held in the last state.
     *
     * @param out receives the steps as {@link Direction#code()} values
     * @return the number of steps, or -1 as {@link PathFinder#find} answers it
     */
    public int path(PathFinder finder, int tx, int ty, boolean aroundOthers, int margin, int maxSteps, byte[] out) {
        if (tx < 0 || ty < 0 || tx >= grid.width() || ty >= grid.height()) {
            return -1;
        }
        pathWalls.start = grid.size().index(predictedX, predictedY, layer);
        pathWalls.target = grid.size().index(tx, ty, layer);
        pathWalls.aroundOthers = aroundOthers;
        return finder.find(pathWalls, layer, predictedX, predictedY, tx, ty, margin, out, 0, maxSteps);
    }

    private boolean onGrid(int cx, int cy, int cl) {
        return cl >= 0 && cl < grid.layers() && cx >= 0 && cy >= 0 && cx < grid.width() && cy < grid.height();
    }

    /** From the last state, every pending intent again, in order: steps and actions see each other's effects. */
    private void replay() {
        if (mirror.engaged()) {
            mirror.reset(0);
        }
        if (modules != null) {
            modules.reset();
        }
        predictedX = x;
        predictedY = y;
        for (Pending p : pending) {
            if (p.act != null) {
                applyAct(p);
            } else if (p.direction == null) {
                p.predicted = mirror.apply(predictedX, predictedY, layer, p.action);
            } else if (MoveRules.check(field, moduleWalls(), others, predictedX, predictedY, layer, p.direction)
                    == IntentOutcome.MOVED) {
                predictedX += p.direction.dx;
                predictedY += p.direction.dy;
            }
            p.x = predictedX;
            p.y = predictedY;
        }
    }

    public int x() {
        return x;
    }

    public int y() {
        return y;
    }

    public int layer() {
        return layer;
    }

    public int predictedX() {
        return predictedX;
    }

    public int predictedY() {
        return predictedY;
    }

    public int pendingCount() {
        return pending.size();
    }

    public long mispredictions() {
        return mispredictions;
    }

    /** The seq of the last intent found mispredicted, 0 for none: where to look when the count is not 0. */
    public long lastMispredicted() {
        return lastMispredicted;
    }

    /** States that acknowledged at least one intent. */
    public long reconciled() {
        return reconciled;
    }

    /** Actions on objects acknowledged so far, each judged against the server's answer. */
    public long judgedActions() {
        return judgedActions;
    }

    /** The judged actions whose predicted outcome was not the server's (counted in {@link #mispredictions} too). */
    public long mispredictedActions() {
        return mispredictedActions;
    }

    /**
     * The entity in a cell as of the last state, or minus the object's id (0: free or unknown; an object only the
     * prediction built is {@link #PREDICTED_OBJECT}); never this player's own entity.
     */
    public int other(int cx, int cy, int cl) {
        if (!onGrid(cx, cy, cl)) {
            return 0;
        }
        int cell = grid.size().index(cx, cy, cl);
        int o = others[cell];
        if (o >= 0 || !mirror.engaged()) {
            return o;
        }
        int serverId = mirror.serverIdAt(cell);
        return serverId == 0 ? PREDICTED_OBJECT : -serverId;
    }

    /** What the prediction has this player carry of an item. */
    public int carried(int item) {
        return mirror.count(item);
    }

    /** The kind of the object the prediction has on a cell, or -1. */
    public int objectKind(int cx, int cy, int cl) {
        return onGrid(cx, cy, cl) && mirror.engaged() ? mirror.kindAt(grid.size().index(cx, cy, cl)) : -1;
    }

    /** The field's walls, and for a walk the portals other than its ends and, when asked, what others hold. */
    private final class PathWalls implements Walls {

        private int start;
        private int target;
        private boolean aroundOthers;

        @Override
        public int width() {
            return grid.width();
        }

        @Override
        public int height() {
            return grid.height();
        }

        @Override
        public boolean isWall(int index) {
            if (field.isWall(index)) {
                return true;
            }
            return index != start && index != target
                    && (Cells.portal(grid.cell(index)) != 0 || aroundOthers && others[index] != 0);
        }
    }
}
