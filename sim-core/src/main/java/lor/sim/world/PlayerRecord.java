package lor.sim.world;

/** Where a player's entity stands (or stood when last seen), kept with its account across sessions. */
public record PlayerRecord(long accountId, int x, int y, int layer) {
}
