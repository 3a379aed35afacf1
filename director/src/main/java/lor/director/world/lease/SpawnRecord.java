package lor.director.world.lease;

import java.time.Instant;

/**
 * The world process a director runs for a world, as stored in {@code world_spawns}: enough to find the process
 * again after a director restart, and to know it when it reconnects.
 *
 * @param processStartedAt when the OS started the process, telling a reused pid apart; null where the OS does not say
 * @param gamePort         0 until the world registered
 * @param spawnTokenSha256 the token itself is never stored
 * @param director         the identity of the director that spawned it
 * @param gameUrl          where players reach it; null in records from before several directors
 */
public record SpawnRecord(String worldId, long epoch, long pid, Instant processStartedAt, int gamePort,
                          byte[] spawnTokenSha256, String director, String gameUrl) {
}
