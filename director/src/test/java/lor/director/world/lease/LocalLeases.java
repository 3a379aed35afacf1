package lor.director.world.lease;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * Leases for supervisor tests without a database: every claim wins and counts the epoch up, as a single director
 * on its own database would see it. The database's rules are {@code WorldLeaseRepositoryIT}'s subject.
 */
public final class LocalLeases implements WorldLeases {

    private final Map<String, Long> epochs = new HashMap<>();
    private final Set<String> held = new HashSet<>();

    @Override
    public synchronized Claim claim(String worldId) {
        held.add(worldId);
        return new Claim(epochs.merge(worldId, 1L, Long::sum), null);
    }

    @Override
    public synchronized Set<String> renewAll(Set<String> running) {
        Set<String> renewed = new HashSet<>(held);
        renewed.retainAll(running);
        return renewed;
    }

    @Override
    public synchronized void release(String worldId, long epoch) {
        held.remove(worldId);
    }

    @Override
    public void releaseAll() {
    }
}
