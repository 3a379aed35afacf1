package lor.world;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import lor.protocol.MessageCodec;
import lor.protocol.game.GameMessages;
import lor.protocol.game.NamesMessage;
import lor.world.game.PlayerSession;

/**
 * The players' names, for the connections that asked for them ({@code hello} with {@code names}): the names of
 * everyone in the world for a player who enters, and the newcomer's for everyone else. Players whose ticket carried
 * no name are left out. Called on the tick thread, from admission.
 */
final class PlayerNames {

    private static final MessageCodec GAME = GameMessages.serverCodec();

    private PlayerNames() {
    }

    /** Entity id → name of every named player: {@code connected}, then those {@code held} for their window. */
    static Map<Integer, String> of(Iterable<PlayerSession> connected, Iterable<PlayerSession> held) {
        Map<Integer, String> names = new LinkedHashMap<>();
        for (Iterable<PlayerSession> sessions : List.of(connected, held)) {
            for (PlayerSession s : sessions) {
                if (s.name() != null) {
                    names.put(s.entityId(), s.name());
                }
            }
        }
        return names;
    }

    /**
     * Tells every other connection in {@code sessions} that asked for names the name of the player who just entered,
     * before any state shows its entity: one frame, encoded once, its bytes shared by all.
     */
    static void announce(PlayerSession entered, Iterable<PlayerSession> sessions) {
        if (entered.name() == null) {
            return;
        }
        ByteBuf frame = null;
        for (PlayerSession other : sessions) {
            if (other == entered || !other.wantsNames()) {
                continue;
            }
            if (frame == null) {
                // Unreleasable, like the map frame: each connection gets a duplicate, and the heap buffer is the GC's.
                frame = Unpooled.unreleasableBuffer(Unpooled.wrappedBuffer(GAME.encode(
                        new NamesMessage(Map.of(entered.entityId(), entered.name())))
                        .getBytes(StandardCharsets.UTF_8))).asReadOnly();
            }
            other.connection().sendFrame(frame.duplicate());
        }
    }
}
