package lor.protocol.game.binary;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;

import io.netty.buffer.ByteBuf;
import lor.protocol.game.StateMessage;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * A client's view of the world rebuilt from {@link BinaryState} frames: apply each state frame and each modules frame
 * in order, then read the entities (with their module attributes) and the modules' field cells as a {@link
 * StateMessage}. The view is whole regions, so it holds every entity and cell a JSON state would list (those within
 * the view radius) and possibly some up to 7 cells farther. A frame is read whole before anything is applied: one
 * that does not decode leaves the view as it was. Not thread-safe.
 */
public final class StateTracker {

    private final int regionsWide;
    private final int regionsHigh;
    /** Entities by id, with the region each one is in. Small maps: a plain hash map keyed by boxed id is enough. */
    private final HashMap<Integer, Entity> entities = new HashMap<>();
    private final ModuleTracker modules;
    private long tick;
    private long ack;

    private record Entity(int id, int x, int y, int layer, int kind, int region) {
    }

    /** A tracker for a world that runs no game modules. */
    public StateTracker(int width, int height) {
        this(width, height, JsonNodeFactory.instance.arrayNode());
    }

    /** @param modules {@code welcome.modules}: the attributes and field values the modules frames index */
    public StateTracker(int width, int height, JsonNode modules) {
        this.regionsWide = BinaryState.regionsWide(width);
        this.regionsHigh = BinaryState.regionsHigh(height);
        this.modules = new ModuleTracker(modules, regionsWide, regionsHigh);
    }

    /**
     * Applies one state or modules frame; the buffer is read, not released.
     *
     * @return whether it was a state frame (a modules frame comes before the state frame of its broadcast, which
     *         completes the view)
     */
    public boolean apply(ByteBuf frame) {
        int kind = frame.getUnsignedByte(frame.readerIndex());
        if (kind == BinaryState.KIND_MODULES) {
            modules.apply(frame);
            return false;
        }
        frame.skipBytes(1);
        if (kind != BinaryState.KIND_STATE) {
            throw new IllegalArgumentException("not a state frame: kind " + kind);
        }
        long frameTick = Varints.read(frame);
        long frameAck = Varints.read(frame);
        int flags = frame.readUnsignedByte();
        int left = Varints.readInt(frame);
        List<Integer> leftRegions = new ArrayList<>(left);
        for (int i = 0; i < left; i++) {
            leftRegions.add(Varints.readInt(frame));
        }
        List<Entity> snapshots = new ArrayList<>();
        int entered = Varints.readInt(frame);
        for (int i = 0; i < entered; i++) {
            Varints.readInt(frame);
            int n = Varints.readInt(frame);
            for (int k = 0; k < n; k++) {
                snapshots.add(readEntity(frame));
            }
        }
        // Changes are read whole first: a departure listed in one region must not undo an arrival in another.
        List<Integer> departures = new ArrayList<>();
        List<Entity> arrivals = new ArrayList<>();
        List<int[]> moves = new ArrayList<>();
        int changes = Varints.readInt(frame);
        for (int i = 0; i < changes; i++) {
            Varints.readInt(frame);
            int d = Varints.readInt(frame);
            for (int k = 0; k < d; k++) {
                departures.add(Varints.readInt(frame));
            }
            int a = Varints.readInt(frame);
            for (int k = 0; k < a; k++) {
                arrivals.add(readEntity(frame));
            }
            int m = Varints.readInt(frame);
            for (int k = 0; k < m; k++) {
                moves.add(new int[] {Varints.readInt(frame), (int) Varints.readSigned(frame),
                        (int) Varints.readSigned(frame)});
            }
        }
        if (frame.isReadable()) {
            throw new IllegalArgumentException(frame.readableBytes() + " bytes after the last change");
        }
        HashMap<Integer, Entity> next = (flags & BinaryState.FLAG_RESET) != 0 ? new HashMap<>()
                : new HashMap<>(entities);
        for (int region : leftRegions) {
            next.values().removeIf(e -> e.region() == region);
        }
        departures.forEach(next::remove);
        snapshots.forEach(e -> next.put(e.id(), e));
        arrivals.forEach(e -> next.put(e.id(), e));
        for (int[] move : moves) {
            Entity e = next.get(move[0]);
            if (e == null) {
                throw new IllegalStateException("move of unknown entity " + move[0]);
            }
            next.put(e.id(), new Entity(e.id(), e.x() + move[1], e.y() + move[2], e.layer(), e.kind(), e.region()));
        }
        entities.clear();
        entities.putAll(next);
        leftRegions.forEach(modules::forgetRegion);
        modules.keepEntities(entities.keySet());
        this.tick = frameTick;
        this.ack = frameAck;
        return true;
    }

    /**
     * The entities as of the last frame, in ascending id, with their attributes, and the modules' field cells in view,
     * as a JSON {@code state} would list them.
     */
    public StateMessage state() {
        Entity[] sorted = entities.values().toArray(Entity[]::new);
        Arrays.sort(sorted, (a, b) -> Integer.compare(a.id(), b.id()));
        List<StateMessage.EntityState> list = new ArrayList<>(sorted.length);
        for (Entity e : sorted) {
            list.add(new StateMessage.EntityState(e.id(), e.x(), e.y(), e.layer(),
                    e.kind() == BinaryState.ENTITY_PLAYER ? "player" : "npc", modules.attributesOf(e.id())));
        }
        return new StateMessage(tick, ack, list, List.of(), null, null, List.of(), modules.fields());
    }

    public long tick() {
        return tick;
    }

    public long ack() {
        return ack;
    }

    public int size() {
        return entities.size();
    }

    private Entity readEntity(ByteBuf frame) {
        int id = Varints.readInt(frame);
        int x = Varints.readInt(frame);
        int y = Varints.readInt(frame);
        int layer = Varints.readInt(frame);
        int kind = frame.readUnsignedByte();
        return new Entity(id, x, y, layer, kind, BinaryState.region(x, y, layer, regionsWide, regionsHigh));
    }
}
