package lor.protocol.game;

import java.util.List;

import lor.protocol.Message;

/**
 * ← {@code state}, ten times a second: the entities within the player's view at {@code tick}, and {@code ack}, the
 * highest {@code seq} of this connection a tick has processed (0 before any).
 */
public record StateMessage(long tick, long ack, List<EntityState> entities) implements Message {

    public static final String TYPE = "state";

    public StateMessage {
        entities = List.copyOf(entities);
    }

    @Override
    public String type() {
        return TYPE;
    }

    /** One entity: {@code kind} is {@code player} or {@code npc}. */
    public record EntityState(int id, int x, int y, int layer, String kind) {
    }
}
