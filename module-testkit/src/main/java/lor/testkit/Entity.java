package lor.testkit;

/**
 * An entity of a test world as it stands now.
 *
 * @param player the player's name for a player, null for an NPC
 */
public record Entity(int id, boolean isPlayer, String player, int x, int y, int layer) {
}
