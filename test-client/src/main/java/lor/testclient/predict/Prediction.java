package lor.testclient.predict;

import java.util.List;

import lor.protocol.game.MapEncoding;
import lor.protocol.game.MapMessage;
import lor.protocol.game.StateMessage;
import lor.sim.clock.Field;
import lor.sim.content.ContentPack;
import lor.sim.grid.Direction;
import lor.sim.grid.Grid;
import lor.sim.grid.GridSize;
import lor.sim.grid.Portal;
import lor.sim.predict.Predictor;
import lor.sim.world.IntentOutcome;

/**
 * Client-side prediction on the server's own rules: sim-core's {@link Predictor} (the browser runs the same class,
 * compiled to JavaScript), fed from the protocol's {@code map}, {@code welcome} and {@code state} messages. Not
 * thread-safe.
 */
public final class Prediction {

    private final Predictor predictor;

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
        Grid grid = Grid.of(size, MapEncoding.decode(map.cells(), size.cells()), map.spawnX(), map.spawnY(),
                map.spawnLayer(), portals);
        this.predictor = new Predictor(grid, pack, tick, entityId, x, y, layer);
    }

    public Grid grid() {
        return predictor.grid();
    }

    /** The map as the clock's line of the last state transmutes it. */
    public Field field() {
        return predictor.field();
    }

    /** Applies an intent locally at once. @return the predicted outcome */
    public IntentOutcome apply(long seq, Direction direction) {
        return predictor.apply(seq, direction);
    }

    /** Reconciles with an authoritative state. */
    public void onState(StateMessage state) {
        predictor.beginState();
        for (StateMessage.EntityState e : state.entities()) {
            predictor.entity(e.id(), e.x(), e.y(), e.layer());
        }
        for (StateMessage.ObjectState o : state.objects()) {
            predictor.object(o.id(), o.x(), o.y(), o.layer());
        }
        if (state.clock() != null) {
            predictor.clockLine(state.clock().line());
        }
        predictor.endState(state.ack());
    }

    /** An intent the server refused before any tick saw it ({@code rate_limited}): it never happened. */
    public void forget(long seq) {
        predictor.forget(seq);
    }

    public int x() {
        return predictor.x();
    }

    public int y() {
        return predictor.y();
    }

    public int layer() {
        return predictor.layer();
    }

    public int predictedX() {
        return predictor.predictedX();
    }

    public int predictedY() {
        return predictor.predictedY();
    }

    public int pendingCount() {
        return predictor.pendingCount();
    }

    public long mispredictions() {
        return predictor.mispredictions();
    }

    /** States that acknowledged at least one intent. */
    public long reconciled() {
        return predictor.reconciled();
    }

    /**
     * The entity in a cell as of the last state, or minus the object's id (0: free or unknown); never this player's
     * own entity.
     */
    public int other(int cx, int cy, int cl) {
        return predictor.other(cx, cy, cl);
    }
}
