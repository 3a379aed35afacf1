package lor.world.game;

/**
 * What the game endpoint admits players with: the spawn's ticket gate, the world that takes them, and their intent
 * rate. A warm spare binds its endpoint before it has any of these, so the endpoint asks for them per connection.
 */
public record GameEntry(TicketGate gate, GameAdmission admission, int intentsPerSecond) {
}
