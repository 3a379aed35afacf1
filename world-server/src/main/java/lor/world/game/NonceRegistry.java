package lor.world.game;

import java.util.Iterator;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Remembers the nonces of admitted tickets until they expire, so a ticket is admitted once. Bounded: expired
 * entries are purged when the map grows, and when it is still full the ticket is refused rather than letting the
 * map grow without limit.
 */
public final class NonceRegistry {

    private final int capacity;
    private final Map<String, Long> expiryByNonce = new ConcurrentHashMap<>();

    public NonceRegistry(int capacity) {
        this.capacity = capacity;
    }

    /** @return true if the nonce was unused and is now used; false if it was used before or no room is left */
    public boolean consume(String nonce, long expiresAtMillis, long nowMillis) {
        if (expiryByNonce.size() >= capacity) {
            purgeExpired(nowMillis);
            if (expiryByNonce.size() >= capacity) {
                return false;
            }
        }
        return expiryByNonce.putIfAbsent(nonce, expiresAtMillis) == null;
    }

    public int size() {
        return expiryByNonce.size();
    }

    private void purgeExpired(long nowMillis) {
        Iterator<Map.Entry<String, Long>> it = expiryByNonce.entrySet().iterator();
        while (it.hasNext()) {
            if (it.next().getValue() <= nowMillis) {
                it.remove();
            }
        }
    }
}
