package lor.director.world.admission;

/** What a join or a portal hands a player: the world, where to reach its process, and the ticket it takes. */
public record Admission(String worldId, String gameUrl, String ticket) {
}
