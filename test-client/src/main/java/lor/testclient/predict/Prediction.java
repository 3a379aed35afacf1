package lor.testclient.predict;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;

import lor.protocol.game.MapEncoding;
import lor.protocol.game.MapMessage;
import lor.protocol.game.StateMessage;
import lor.sim.clock.Field;
import lor.sim.content.ContentPack;
import lor.sim.grid.Grid;
import lor.sim.grid.GridSize;
import lor.sim.grid.Portal;
import lor.sim.world.Direction;
import lor.sim.world.MoveRules;
import lor.sim.world.StepResult;

/**
 * Client-side prediction on the server's own rules ({@link MoveRules} from sim-core): the client applies its
 * intents at once to a predicted position, and each {@code state} reconciles: intents up to {@code ack} are
 * dropped, the rest replayed from the authoritative position. A misprediction is an acknowledged intent whose
 * predicted outcome differs from where the server put the entity. In a world with a content pack, the walls are
 * those of sim-core's {@link Field} on the clock's line of the last state, and objects block like entities.
 *
 * <p>Other entities are known only as of the last {@code state}, so a prediction can be wrong when they move in
 * between (a contested cell); with nobody near, it never is. Not thread-safe.
 */
public final class Prediction {

    private final Grid grid;
    private final ContentPack pack;
    private final Field field;
    private final int entityId;
    /** Other entities' ids by cell, from the last state; this entity is never in it. */
    private final int[] others;
    private final ArrayDeque<Pending> pending = new ArrayDeque<>();
    private int x;
    private int y;
    private int layer;
    private int predictedX;
    private int predictedY;
    private long mispredictions;
    private long reconciled;

    /** An intent not yet acknowledged, with where the prediction put the entity after it. */
    private record Pending(long seq, Direction direction, int x, int y) {
    }

    public Prediction(MapMessage map, int entityId, int x, int y, int layer) {
        this(map, ContentPack.empty(), 0, entityId, x, y, layer);
    }

    /**
     * @param pack the world's content pack, compiled from {@code welcome}'s {@code content}
     * @param tick the welcome's tick, whose clock line the field starts on
     */
    public Prediction(MapMessage map, ContentPack pack, long tick, int entityId, int x, int y, int layer) {
        GridSize size = new GridSize(map.width(), map.height(), map.layers());
        // A client knows where a portal leads, not to which cell: the target cell is left at the origin.
        List<Portal> portals = map.portals().stream()
                .map(p -> new Portal(p.number(), p.worldId(), 0, 0, 0))
                .toList();
        this.grid = Grid.of(size, MapEncoding.decode(map.cells(), size.cells()), map.spawnX(), map.spawnY(),
                map.spawnLayer(), portals);
        this.pack = pack;
        this.field = new Field(grid, pack.clock(), pack.clock().lineAt(tick));
        this.entityId = entityId;
        this.others = new int[size.cells()];
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
        StepResult result = MoveRules.check(field, others, predictedX, predictedY, layer, direction);
        if (result == StepResult.MOVED) {
            predictedX += direction.dx;
            predictedY += direction.dy;
        }
        pending.add(new Pending(seq, direction, predictedX, predictedY));
        return result;
    }

    /** Reconciles with an authoritative state. */
    public void onState(StateMessage state) {
        Arrays.fill(others, 0);
        boolean seen = false;
        for (StateMessage.EntityState e : state.entities()) {
            if (e.id() == entityId) {
                x = e.x();
                y = e.y();
                layer = e.layer();
                seen = true;
            } else if (e.layer() >= 0 && e.layer() < grid.layers() && e.x() >= 0 && e.y() >= 0
                    && e.x() < grid.width() && e.y() < grid.height()) {
                others[grid.size().index(e.x(), e.y(), e.layer())] = e.id();
            }
        }
        for (StateMessage.ObjectState o : state.objects()) {
            if (o.layer() >= 0 && o.layer() < grid.layers() && o.x() >= 0 && o.y() >= 0 && o.x() < grid.width()
                    && o.y() < grid.height()) {
                others[grid.size().index(o.x(), o.y(), o.layer())] = -o.id();
            }
        }
        if (state.clock() != null) {
            int line = pack.lines().indexOf(state.clock().line());
            if (line >= 0 && line != field.line()) {
                field.setLine(line, null);
            }
        }
        if (!seen) {
            return;
        }
        Pending acknowledged = null;
        while (!pending.isEmpty() && pending.peekFirst().seq() <= state.ack()) {
            acknowledged = pending.pollFirst();
        }
        if (acknowledged != null) {
            reconciled++;
            if (acknowledged.x() != x || acknowledged.y() != y) {
                mispredictions++;
            }
        }
        replay();
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

    private void replay() {
        predictedX = x;
        predictedY = y;
        ArrayDeque<Pending> replayed = new ArrayDeque<>(pending.size());
        for (Pending p : pending) {
            if (MoveRules.check(field, others, predictedX, predictedY, layer, p.direction()) == StepResult.MOVED) {
                predictedX += p.direction().dx;
                predictedY += p.direction().dy;
            }
            replayed.add(new Pending(p.seq(), p.direction(), predictedX, predictedY));
        }
        pending.clear();
        pending.addAll(replayed);
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
        return others[grid.size().index(cx, cy, cl)];
    }
}
