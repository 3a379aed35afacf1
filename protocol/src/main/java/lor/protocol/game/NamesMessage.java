package lor.protocol.game;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

import lor.protocol.Message;

/**
 * ← {@code names}: usernames of players, by entity id, sent only to a connection whose {@code hello} asked for them
 * ({@code "names":true}). Right after {@code map} it lists every player in the world that has a name; later ones
 * each carry the one player who just entered. A player without a name is never listed; one that leaves is not
 * announced (its entity leaves the state). Entity ids are never reused within a world, so an entry stays right for
 * as long as the connection lasts.
 */
public record NamesMessage(Map<Integer, String> names) implements Message {

    public static final String TYPE = "names";

    public NamesMessage {
        names = Collections.unmodifiableMap(new LinkedHashMap<>(names));
    }

    @Override
    public String type() {
        return TYPE;
    }
}
