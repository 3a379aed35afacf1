package lor.testclient.browser;

import java.util.ArrayList;
import java.util.List;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import lor.protocol.game.StateMessage;
import lor.protocol.game.binary.BinaryState;
import lor.protocol.game.binary.StateTracker;
import lor.protocol.game.binary.Varints;

/**
 * A binary state frame written by hand, field by field, as {@link BinaryState}'s javadoc lays it out (the world
 * server's writer is not on this module's class path):
 * <pre>
 * u8 kind, varint tick, varint ack, u8 flags,
 * varint L, L × varint region,
 * varint E, E × (varint region, varint n, n × entity),
 * varint C, C × (varint region, varint d, d × varint id, varint a, a × entity, varint m, m × (id, zigzag dx, dy))
 * entity: varint id, varint x, varint y, varint layer, u8 kind
 * </pre>
 * The parts go out in the order they were added: a test decides, for instance, that a region's arrivals come
 * before the change of the region the entity departed from.
 */
final class StateFrame {

    record Entity(int id, int x, int y, int layer, int kind) {

        static Entity player(int id, int x, int y, int layer) {
            return new Entity(id, x, y, layer, BinaryState.ENTITY_PLAYER);
        }

        static Entity npc(int id, int x, int y, int layer) {
            return new Entity(id, x, y, layer, BinaryState.ENTITY_NPC);
        }

        StateMessage.EntityState json() {
            return new StateMessage.EntityState(id, x, y, layer,
                    kind == BinaryState.ENTITY_PLAYER ? "player" : "npc");
        }
    }

    record Move(int id, int dx, int dy) {
    }

    private record Snapshot(int region, List<Entity> entities) {
    }

    private record Change(int region, List<Integer> departures, List<Entity> arrivals, List<Move> moves) {
    }

    private final long tick;
    private final long ack;
    private final boolean reset;
    private final List<Integer> left = new ArrayList<>();
    private final List<Snapshot> snapshots = new ArrayList<>();
    private final List<Change> changes = new ArrayList<>();

    private StateFrame(long tick, long ack, boolean reset) {
        this.tick = tick;
        this.ack = ack;
        this.reset = reset;
    }

    static StateFrame reset(long tick, long ack) {
        return new StateFrame(tick, ack, true);
    }

    static StateFrame delta(long tick, long ack) {
        return new StateFrame(tick, ack, false);
    }

    StateFrame left(int... regions) {
        for (int r : regions) {
            left.add(r);
        }
        return this;
    }

    StateFrame snapshot(int region, Entity... entities) {
        return snapshot(region, List.of(entities));
    }

    StateFrame snapshot(int region, List<Entity> entities) {
        snapshots.add(new Snapshot(region, List.copyOf(entities)));
        return this;
    }

    StateFrame change(int region, List<Integer> departures, List<Entity> arrivals, List<Move> moves) {
        changes.add(new Change(region, List.copyOf(departures), List.copyOf(arrivals), List.copyOf(moves)));
        return this;
    }

    byte[] bytes() {
        ByteBuf out = Unpooled.buffer();
        try {
            out.writeByte(BinaryState.KIND_STATE);
            Varints.write(out, tick);
            Varints.write(out, ack);
            out.writeByte(reset ? BinaryState.FLAG_RESET : 0);
            Varints.write(out, left.size());
            left.forEach(r -> Varints.write(out, r));
            Varints.write(out, snapshots.size());
            for (Snapshot s : snapshots) {
                Varints.write(out, s.region());
                Varints.write(out, s.entities().size());
                s.entities().forEach(e -> write(out, e));
            }
            Varints.write(out, changes.size());
            for (Change c : changes) {
                Varints.write(out, c.region());
                Varints.write(out, c.departures().size());
                c.departures().forEach(id -> Varints.write(out, id));
                Varints.write(out, c.arrivals().size());
                c.arrivals().forEach(e -> write(out, e));
                Varints.write(out, c.moves().size());
                for (Move m : c.moves()) {
                    Varints.write(out, m.id());
                    Varints.writeSigned(out, m.dx());
                    Varints.writeSigned(out, m.dy());
                }
            }
            return ByteBufUtil.getBytes(out);
        } finally {
            out.release();
        }
    }

    private static void write(ByteBuf out, Entity e) {
        Varints.write(out, e.id());
        Varints.write(out, e.x());
        Varints.write(out, e.y());
        Varints.write(out, e.layer());
        out.writeByte(e.kind());
    }

    /** The region of a cell, by {@link BinaryState#region}. */
    static int region(int x, int y, int layer, int width, int height) {
        return BinaryState.region(x, y, layer, BinaryState.regionsWide(width), BinaryState.regionsHigh(height));
    }

    /** The reference decoder's state after each frame (protocol's {@link StateTracker}). */
    static List<StateMessage> decodeInJava(int width, int height, List<byte[]> frames) {
        StateTracker tracker = new StateTracker(width, height);
        List<StateMessage> states = new ArrayList<>();
        for (byte[] frame : frames) {
            ByteBuf buf = Unpooled.wrappedBuffer(frame);
            try {
                tracker.apply(buf);
            } finally {
                buf.release();
            }
            states.add(tracker.state());
        }
        return states;
    }

    /** Bytes as a list of unsigned values, which WebDriver hands to a script as an array of numbers. */
    static List<Integer> unsigned(byte[] bytes) {
        List<Integer> out = new ArrayList<>(bytes.length);
        for (byte b : bytes) {
            out.add(b & 0xFF);
        }
        return out;
    }
}
