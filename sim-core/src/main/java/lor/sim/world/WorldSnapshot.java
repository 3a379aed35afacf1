package lor.sim.world;

import java.util.List;

/**
 * An immutable copy of everything a world must keep across processes: its clock, its id counter, and every
 * player it has seen, online or not, at the position it was last in. The grid is not part of it: it is the
 * world's static map. Taken on the tick thread, read anywhere.
 */
public record WorldSnapshot(long tick, int nextEntityId, List<PlayerRecord> players) {

    public WorldSnapshot {
        players = List.copyOf(players);
    }
}
