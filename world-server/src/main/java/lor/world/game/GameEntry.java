package lor.world.game;

import lor.sim.content.ContentPack;
import lor.sim.module.WorldModules;

/**
 * What the game endpoint admits players with: the spawn's ticket gate, the world that takes them, their intent
 * rate, the world's content pack (whose names the intents on objects are read against) and its game modules (whose
 * declarations {@code act} intents are checked against). A warm spare binds its
 * endpoint before it has any of these, so the endpoint asks for them per connection.
 */
public record GameEntry(TicketGate gate, GameAdmission admission, int intentsPerSecond, ContentPack pack,
                        WorldModules modules) {

    /** A world without content. */
    public GameEntry(TicketGate gate, GameAdmission admission, int intentsPerSecond) {
        this(gate, admission, intentsPerSecond, ContentPack.empty(), WorldModules.none());
    }
}
