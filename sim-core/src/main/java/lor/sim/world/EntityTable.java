package lor.sim.world;

import java.util.Arrays;

import lor.sim.grid.Direction;
import lor.sim.util.LongIntMap;
import lor.sim.util.StateHash;

/**
 * Every entity as columns of primitive arrays, one slot per entity. Slots are kept in ascending id order (ids are
 * issued in increasing order and appended; removal leaves a hole that {@link #compact()} closes), so walking
 * slots is walking ids in order: the order in which the rules apply intents. NPC path state lives in the same
 * slots.
 */
final class EntityTable {

    /** Longest NPC path kept; a wanderer plans to targets closer than this. */
    static final int MAX_PATH = 32;

    int count;
    int holes;
    int[] id;
    /** {@link EntityKind#code}, or 0 for a removed entity (a hole). */
    int[] kind;
    long[] account;
    int[] x;
    int[] y;
    int[] layer;
    /** {@link Direction#code()} of the intent for the coming tick, 0 for none. */
    byte[] intent;
    /** {@link ObjectIntent} packed for the coming tick, 0 for none; an entity has an intent or an action, not both. */
    long[] action;
    byte[] path;
    byte[] pathLength;
    byte[] pathStep;
    byte[] blocked;
    /** Position at the last mark ({@link World#markPositions()}); {@code marked} is 0 for entities added since. */
    int[] markedX;
    int[] markedY;
    int[] markedLayer;
    byte[] marked;
    /** 0 for the world's own entities (players, wanderers), else 1 + the index of the module whose NPC it is. */
    byte[] owner;
    /** The pending module action ({@link World#setModuleAction}) for the coming tick, as its index + 1; 0 for none. */
    int[] act;
    /** Every module attribute of every entity, {@link #attributeCount} per slot; 0 columns in a world without any. */
    int[] attrs;
    /** {@link #attrs} at the last mark, beside the marked position: a broadcaster sends only values that changed. */
    int[] markedAttrs;
    /** Every module's entity data, {@link #dataCount} per slot. */
    int[] data;
    final int attributeCount;
    final int dataCount;
    private final int[] attributeDefaults;
    final LongIntMap slotById = new LongIntMap(64);

    EntityTable(int capacity) {
        this(capacity, new int[0], 0);
    }

    /** @param attributeDefaults the default of each module attribute, in the world's order */
    EntityTable(int capacity, int[] attributeDefaults, int dataCount) {
        this.attributeDefaults = attributeDefaults.clone();
        this.attributeCount = attributeDefaults.length;
        this.dataCount = dataCount;
        allocate(Math.max(16, capacity));
    }

    int add(int entityId, EntityKind entityKind, long accountId, int cx, int cy, int cl) {
        if (count == id.length) {
            grow(count * 2);
        }
        int slot = count++;
        id[slot] = entityId;
        kind[slot] = entityKind.code;
        account[slot] = accountId;
        x[slot] = cx;
        y[slot] = cy;
        layer[slot] = cl;
        intent[slot] = 0;
        action[slot] = 0;
        pathLength[slot] = 0;
        pathStep[slot] = 0;
        blocked[slot] = 0;
        marked[slot] = 0;
        owner[slot] = 0;
        act[slot] = 0;
        System.arraycopy(attributeDefaults, 0, attrs, slot * attributeCount, attributeCount);
        Arrays.fill(data, slot * dataCount, (slot + 1) * dataCount, 0);
        slotById.put(entityId, slot);
        return slot;
    }

    /** Undoes the {@link #add} of the last slot, as if it had never been made. */
    void dropLast() {
        count--;
        slotById.remove(id[count]);
        kind[count] = 0;
    }

    /** Undoes the {@link #remove} of a slot. */
    void revive(int slot, int entityKind) {
        kind[slot] = entityKind;
        slotById.put(id[slot], slot);
        holes--;
    }

    void remove(int slot) {
        slotById.remove(id[slot]);
        kind[slot] = 0;
        intent[slot] = 0;
        action[slot] = 0;
        act[slot] = 0;
        holes++;
    }

    int slotOf(int entityId) {
        return slotById.get(entityId);
    }

    /** Closes the holes left by removals, keeping slot order. */
    void compact() {
        if (holes == 0) {
            return;
        }
        int to = 0;
        for (int from = 0; from < count; from++) {
            if (kind[from] == 0) {
                continue;
            }
            if (to != from) {
                id[to] = id[from];
                kind[to] = kind[from];
                account[to] = account[from];
                x[to] = x[from];
                y[to] = y[from];
                layer[to] = layer[from];
                intent[to] = intent[from];
                action[to] = action[from];
                System.arraycopy(path, from * MAX_PATH, path, to * MAX_PATH, MAX_PATH);
                pathLength[to] = pathLength[from];
                pathStep[to] = pathStep[from];
                blocked[to] = blocked[from];
                markedX[to] = markedX[from];
                markedY[to] = markedY[from];
                markedLayer[to] = markedLayer[from];
                marked[to] = marked[from];
                owner[to] = owner[from];
                act[to] = act[from];
                System.arraycopy(attrs, from * attributeCount, attrs, to * attributeCount, attributeCount);
                System.arraycopy(markedAttrs, from * attributeCount, markedAttrs, to * attributeCount,
                        attributeCount);
                System.arraycopy(data, from * dataCount, data, to * dataCount, dataCount);
                slotById.put(id[to], to);
            }
            to++;
        }
        count = to;
        holes = 0;
    }

    private void allocate(int capacity) {
        id = new int[capacity];
        kind = new int[capacity];
        account = new long[capacity];
        x = new int[capacity];
        y = new int[capacity];
        layer = new int[capacity];
        intent = new byte[capacity];
        action = new long[capacity];
        path = new byte[capacity * MAX_PATH];
        pathLength = new byte[capacity];
        pathStep = new byte[capacity];
        blocked = new byte[capacity];
        markedX = new int[capacity];
        markedY = new int[capacity];
        markedLayer = new int[capacity];
        marked = new byte[capacity];
        owner = new byte[capacity];
        act = new int[capacity];
        attrs = new int[capacity * attributeCount];
        markedAttrs = new int[capacity * attributeCount];
        data = new int[capacity * dataCount];
    }

    private void grow(int capacity) {
        id = Arrays.copyOf(id, capacity);
        kind = Arrays.copyOf(kind, capacity);
        account = Arrays.copyOf(account, capacity);
        x = Arrays.copyOf(x, capacity);
        y = Arrays.copyOf(y, capacity);
        layer = Arrays.copyOf(layer, capacity);
        intent = Arrays.copyOf(intent, capacity);
        action = Arrays.copyOf(action, capacity);
        path = Arrays.copyOf(path, capacity * MAX_PATH);
        pathLength = Arrays.copyOf(pathLength, capacity);
        pathStep = Arrays.copyOf(pathStep, capacity);
        blocked = Arrays.copyOf(blocked, capacity);
        markedX = Arrays.copyOf(markedX, capacity);
        markedY = Arrays.copyOf(markedY, capacity);
        markedLayer = Arrays.copyOf(markedLayer, capacity);
        marked = Arrays.copyOf(marked, capacity);
        owner = Arrays.copyOf(owner, capacity);
        act = Arrays.copyOf(act, capacity);
        attrs = Arrays.copyOf(attrs, capacity * attributeCount);
        markedAttrs = Arrays.copyOf(markedAttrs, capacity * attributeCount);
        data = Arrays.copyOf(data, capacity * dataCount);
    }

    /**
     * Mixes every live entity into a world's state hash: its id, kind, account, position, NPC path (steps, progress,
     * blocked count), owner, module attributes and data.
     */
    void stateHash(StateHash h) {
        for (int slot = 0; slot < count; slot++) {
            if (kind[slot] == 0) {
                continue;
            }
            h.mix(id[slot]);
            h.mix(kind[slot]);
            h.mix(account[slot]);
            h.mix(x[slot]);
            h.mix(y[slot]);
            h.mix(layer[slot]);
            h.mix(pathLength[slot]);
            h.mix(pathStep[slot]);
            h.mix(blocked[slot]);
            for (int i = 0, base = slot * MAX_PATH; i < pathLength[slot]; i++) {
                h.mix(path[base + i]);
            }
            h.mix(owner[slot]);
            for (int i = slot * attributeCount, end = i + attributeCount; i < end; i++) {
                h.mix(attrs[i]);
            }
            for (int i = slot * dataCount, end = i + dataCount; i < end; i++) {
                h.mix(data[i]);
            }
        }
    }
}
