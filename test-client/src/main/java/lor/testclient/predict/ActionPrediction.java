package lor.testclient.predict;

import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

import lor.protocol.game.StateMessage;
import lor.sim.content.ContentPack;
import lor.sim.grid.Grid;
import lor.sim.objects.Inventories;
import lor.sim.objects.ObjectEngine;
import lor.sim.world.IntentOutcome;
import lor.sim.world.World;
import lor.sim.world.WorldSnapshot;

/**
 * Predicts the player's actions on objects with sim-core itself: each action is applied to a small world rebuilt
 * from what the client knows (the map, the pack, its inventory, the objects and entities of the last state), and
 * its outcome (done, or the reason it is refused) is compared with the server's when the server answers: a
 * {@code rejected} for it, or a state that acknowledges it without one. A difference is a misprediction. What the
 * client cannot see (a recipe in progress, objects out of view) can make one; in the scenarios nothing does.
 */
public final class ActionPrediction {

    private static final long ME = Long.MIN_VALUE + 1;

    private final Grid grid;
    private final ContentPack pack;
    private final ArrayDeque<Pending> pending = new ArrayDeque<>();
    private long mispredictions;
    private long checked;

    private record Pending(long seq, IntentOutcome predicted) {
    }

    public ActionPrediction(Grid grid, ContentPack pack) {
        this.grid = grid;
        this.pack = pack;
    }

    /**
     * Predicts one action of the player standing at {@code (x, y, layer)}.
     *
     * @param last      the last state, or null before any
     * @param inventory what the player carries, item → count
     */
    public IntentOutcome predict(long seq, long packedAction, int x, int y, int layer, StateMessage last,
                              Map<String, Integer> inventory, long tick) {
        World world = World.restore(grid, pack, new WorldSnapshot(tick, 1, List.of()), 1);
        if (last != null) {
            for (StateMessage.ObjectState o : last.objects()) {
                place(world.objects(), o);
            }
        }
        int me = world.spawnPlayerAt(ME, x, y, layer);
        if (last != null) {
            long other = ME + 1;
            for (StateMessage.EntityState e : last.entities()) {
                if (e.x() != x || e.y() != y || e.layer() != layer) {
                    world.spawnPlayerAt(other++, e.x(), e.y(), e.layer());
                }
            }
        }
        Inventories.Inventory carried = world.inventories().restore(ME);
        inventory.forEach((item, n) -> {
            int index = pack.itemIndex(item);
            if (index >= 0) {
                carried.set(index, n);
            }
        });
        world.setAction(me, packedAction);
        world.step();
        IntentOutcome predicted = world.events().result(0);
        pending.add(new Pending(seq, predicted));
        return predicted;
    }

    /**
     * The server refused {@code seq} for {@code reason}. A {@code rate_limited} one never reached a tick: there is
     * nothing to compare.
     */
    public void onRejected(long seq, String reason) {
        Iterator<Pending> it = pending.iterator();
        while (it.hasNext()) {
            Pending p = it.next();
            if (p.seq() == seq) {
                it.remove();
                if (!"rate_limited".equals(reason)) {
                    judge(p, reason);
                }
                return;
            }
        }
    }

    /** A state acknowledged everything up to {@code ack}: what was not refused was done. */
    public void onAck(long ack) {
        while (!pending.isEmpty() && pending.peekFirst().seq() <= ack) {
            judge(pending.pollFirst(), null);
        }
    }

    private void judge(Pending p, String serverReason) {
        checked++;
        String predicted = p.predicted().succeeded() ? null : p.predicted().reason();
        if (predicted == null ? serverReason != null : !predicted.equals(serverReason)) {
            mispredictions++;
        }
    }

    public long mispredictions() {
        return mispredictions;
    }

    /** Actions whose outcome the server told. */
    public long checked() {
        return checked;
    }

    private void place(ObjectEngine objects, StateMessage.ObjectState o) {
        int kind = pack.kindIndex(o.kind());
        if (kind < 0 || o.x() < 0 || o.y() < 0 || o.x() >= grid.width() || o.y() >= grid.height()) {
            return;
        }
        int cell = grid.size().index(o.x(), o.y(), o.layer());
        if (objects.objectAt(cell) != 0) {
            return;
        }
        int id = objects.build(kind, cell);
        if (o.recipe() != null && pack.recipeIndex(o.recipe()) >= 0) {
            objects.setRecipe(id, pack.recipeIndex(o.recipe()));
        }
        o.stock().forEach((item, n) -> {
            int index = pack.itemIndex(item);
            if (index >= 0 && objects.room(id, index) >= n) {
                objects.add(id, index, n);
            }
        });
    }
}
