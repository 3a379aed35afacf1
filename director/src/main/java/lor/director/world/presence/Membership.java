package lor.director.world.presence;

import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * Which account is in which world, as the worlds report it ({@code player_joined}, {@code player_left},
 * {@code player_roster}) and as the director learns of exits. An account is in at most one world: when it appears
 * in a second one, {@link #join} names the world it must be taken out of. Thread-safe.
 */
public final class Membership {

    private final Map<Long, String> worldByAccount = new HashMap<>();

    /**
     * Records the account in {@code worldId}.
     *
     * @return the world the account was in before, if another one, which must now let it go; else null
     */
    public synchronized String join(long accountId, String worldId) {
        String previous = worldByAccount.put(accountId, worldId);
        return previous == null || previous.equals(worldId) ? null : previous;
    }

    /** Forgets the account, if the world reporting its departure is the one it is in. */
    public synchronized void leave(long accountId, String worldId) {
        worldByAccount.remove(accountId, worldId);
    }

    /**
     * Makes {@code worldId}'s members exactly {@code accountIds}, as the world reported them.
     *
     * @return accounts that were recorded in another world, which must let them go
     */
    public synchronized Map<Long, String> replaceWorld(String worldId, Collection<Long> accountIds) {
        worldByAccount.values().removeIf(worldId::equals);
        Map<Long, String> displaced = new HashMap<>();
        for (long account : accountIds) {
            String previous = join(account, worldId);
            if (previous != null) {
                displaced.put(account, previous);
            }
        }
        return displaced;
    }

    /** A world's process is gone: nobody is in it any more. */
    public synchronized void clearWorld(String worldId) {
        worldByAccount.values().removeIf(worldId::equals);
    }

    public synchronized int count(String worldId) {
        int count = 0;
        for (String world : worldByAccount.values()) {
            if (world.equals(worldId)) {
                count++;
            }
        }
        return count;
    }

    synchronized int online() {
        return worldByAccount.size();
    }

    public synchronized String worldOf(long accountId) {
        return worldByAccount.get(accountId);
    }

    synchronized Set<Long> accountsIn(String worldId) {
        Set<Long> accounts = new HashSet<>();
        worldByAccount.forEach((account, world) -> {
            if (world.equals(worldId)) {
                accounts.add(account);
            }
        });
        return accounts;
    }
}
