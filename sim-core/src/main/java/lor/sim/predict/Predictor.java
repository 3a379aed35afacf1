package lor.sim.predict;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Iterator;

import lor.sim.clock.Field;
import lor.sim.content.ContentPack;
import lor.sim.grid.Cells;
import lor.sim.grid.Grid;
import lor.sim.path.PathFinder;
import lor.sim.path.Walls;
import lor.sim.world.Direction;
import lor.sim.world.MoveRules;
import lor.sim.world.StepResult;

/**
 * Client-side prediction on the server's own rules, for every client that predicts (the Java test client, and the
 * browser through sim-core compiled to JavaScript): intents apply at once to a predicted position and wait as
 * pending; each authoritative state drops the pending intents up to its {@code ack}, takes the authoritative
 * position and replays the rest with {@link MoveRules}. A misprediction is an acknowledged intent whose predicted
 * position differs from where the server put the entity. The walls are those of the {@link Field} on the clock's
 * line of the last state; objects block as entities do.
 *
 * <p>A state is given in parts, so that no client has to build a message object for it (the browser passes plain
 * numbers): {@link #beginState}, then {@link #entity} and {@link #object} for each, {@link #clockLine}, then
 * {@link #endState} with the state's {@code ack}.
 *
 * <p>Other entities are known only as of the last state, so a prediction can be wrong when they move in between (a
 * contested cell); with nobody near, it never is. Not thread-safe.
 */
public final class Predictor {

    private final Grid grid;
    private final ContentPack pack;
    private final Field field;
    private final int entityId;
    /** Other entities' ids by cell, objects' as minus their id, from the last state; this entity is never in it. */
    private final int[] others;
    private final ArrayDeque<Pending> pending = new ArrayDeque<>();
    private final PathWalls pathWalls = new PathWalls();
    private int x;
    private int y;
    private int layer;
    private int predictedX;
    private int predictedY;
    private boolean seenInState;
    private long mispredictions;
    private long reconciled;

    /** An intent not yet acknowledged, with where the prediction put the entity after it. */
    private record Pending(long seq, Direction direction, int x, int y) {
    }

    /**
     * @param grid the world's map as its {@code map} message gives it (a client knows where a portal leads, not to
     *             which cell)
     * @param pack the world's content pack, compiled from {@code welcome}'s {@code content} (its clock)
     * @param tick the welcome's tick, whose clock line the field starts on
     */
    public Predictor(Grid grid, ContentPack pack, long tick, int entityId, int x, int y, int layer) {
        this.grid = grid;
        this.pack = pack;
        this.field = new Field(grid, pack.clock(), pack.clock().lineAt(tick));
        this.entityId = entityId;
        this.others = new int[grid.size().cells()];
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

    /** Applies an intent locally at once. @return the predicted outcome */
    public StepResult apply(long seq, Direction direction) {
        StepResult result = check(direction);
        if (result == StepResult.MOVED) {
            predictedX += direction.dx;
            predictedY += direction.dy;
        }
        pending.add(new Pending(seq, direction, predictedX, predictedY));
        return result;
    }

    /** What a step from the predicted position would do now, without taking it. */
    public StepResult check(Direction direction) {
        return MoveRules.check(field, others, predictedX, predictedY, layer, direction);
    }

    /** A state begins: everything known of the others is forgotten. */
    public void beginState() {
        Arrays.fill(others, 0);
        seenInState = false;
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
        }
    }

    /** An object of the state: it blocks a step as an entity does. */
    public void object(int id, int ox, int oy, int ol) {
        if (onGrid(ox, oy, ol)) {
            others[grid.size().index(ox, oy, ol)] = -id;
        }
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
            return false;
        }
        Pending acknowledged = null;
        while (!pending.isEmpty() && pending.peekFirst().seq() <= ack) {
            acknowledged = pending.pollFirst();
        }
        if (acknowledged != null) {
            reconciled++;
            if (acknowledged.x() != x || acknowledged.y() != y) {
                mispredictions++;
            }
        }
        replay();
        return true;
    }

    /** An intent the server refused before any tick saw it ({@code rate_limited}): it never happened. */
    public void forget(long seq) {
        Iterator<Pending> it = pending.iterator();
        while (it.hasNext()) {
            if (it.next().seq() == seq) {
                it.remove();
                replay();
                return;
            }
        }
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

    private void replay() {
        predictedX = x;
        predictedY = y;
        int count = pending.size();
        for (int i = 0; i < count; i++) {
            Pending p = pending.pollFirst();
            if (MoveRules.check(field, others, predictedX, predictedY, layer, p.direction()) == StepResult.MOVED) {
                predictedX += p.direction().dx;
                predictedY += p.direction().dy;
            }
            pending.addLast(new Pending(p.seq(), p.direction(), predictedX, predictedY));
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

    /** States that acknowledged at least one intent. */
    public long reconciled() {
        return reconciled;
    }

    /**
     * The entity in a cell as of the last state, or minus the object's id (0: free or unknown); never this player's
     * own entity.
     */
    public int other(int cx, int cy, int cl) {
        return onGrid(cx, cy, cl) ? others[grid.size().index(cx, cy, cl)] : 0;
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
