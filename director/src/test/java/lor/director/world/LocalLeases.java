package lor.director.world;

import java.util.HashMap;
import java.util.Map;

/**
 * Leases for supervisor tests without a database: every claim wins and counts the epoch up, as a single director
 * on its own database would see it. The database's rules are {@code WorldLeaseRepositoryIT}'s subject.
 */
public final class LocalLeases implements WorldLeases {

    private final Map<String, Long> epochs = new HashMap<>();

    @Override
    public synchronized long claim(String worldId) {
        return epochs.merge(worldId, 1L, Long::sum);
    }

    @Override
    public void renewAll() {
    }

    @Override
    public void release(String worldId, long epoch) {
    }

    @Override
    public void releaseAll() {
    }
}
