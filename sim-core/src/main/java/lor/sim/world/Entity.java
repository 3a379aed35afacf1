package lor.sim.world;

/** A player's entity: pure data. Positions change only through the world's rules. */
public record Entity(int id, long accountId, int x, int y, int layer) {
}
