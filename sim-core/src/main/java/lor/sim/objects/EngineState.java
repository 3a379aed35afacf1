package lor.sim.objects;

import lor.sim.content.ContentPack;
import lor.sim.grid.GridSize;
import lor.sim.util.IntList;
import lor.sim.util.ReadySet;
import lor.sim.util.TimingWheel;

/**
 * Everything an {@link ObjectEngine} holds about its objects between two ticks: their columns and stocks, the world's
 * occupancy they stand in, and the queues and timers that say which run next. What a snapshot copies and a restore
 * fills, so the engine shares this one value with {@link ObjectPersistence} rather than each of its parts. Mutable,
 * owned by the engine's thread like the engine.
 */
record EngineState(ContentPack pack, int[] occupancy, ObjectColumns columns, Stocks stocks, ReadySet ready,
                   TimingWheel wheel, IntList clockWaiters, SeenChanges seen) {

    /**
     * The state of an engine without objects, about to run {@code tick}, with room for {@code capacity}, counting
     * objects in blocks of side {@code block} (see the engine's constructor).
     */
    static EngineState empty(ContentPack pack, GridSize size, int[] occupancy, long tick, int capacity, int block) {
        return new EngineState(pack, occupancy, new ObjectColumns(capacity), new Stocks(capacity * 4),
                new ReadySet(capacity), new TimingWheel(tick), new IntList(64), new SeenChanges(size, capacity, block));
    }
}
