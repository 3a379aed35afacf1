package lor.director.world.lease;

import java.net.SocketException;
import java.time.Instant;
import java.util.List;
import java.util.Set;

import lor.director.db.DataAccessException;

/**
 * A director's leases in the real database, with the director's way to it cut on demand: while {@link #cut}, every
 * call fails as a network partition makes it fail.
 */
public final class CuttableLeases implements WorldLeases {

    private final WorldLeases database;
    private volatile boolean cut;

    public CuttableLeases(WorldLeases database) {
        this.database = database;
    }

    public void cut() {
        cut = true;
    }

    public void heal() {
        cut = false;
    }

    private void reach(String operation) {
        if (cut) {
            throw new DataAccessException(operation, new SocketException("connection timed out (cut by the test)"));
        }
    }

    @Override
    public Claim claim(String worldId) throws LeaseHeldException {
        reach("claim world");
        return database.claim(worldId);
    }

    @Override
    public Set<String> renewAll(Set<String> running) {
        reach("renew world leases");
        return database.renewAll(running);
    }

    @Override
    public void release(String worldId, long epoch) {
        reach("release world");
        database.release(worldId, epoch);
    }

    @Override
    public void releaseAll() {
        reach("release worlds");
        database.releaseAll();
    }

    @Override
    public void recordSpawn(String worldId, long epoch, long pid, Instant processStartedAt, int gamePort,
                            byte[] spawnTokenSha256, String gameUrl, String ticketKeyId) {
        reach("record spawn");
        database.recordSpawn(worldId, epoch, pid, processStartedAt, gamePort, spawnTokenSha256, gameUrl, ticketKeyId);
    }

    @Override
    public List<SpawnRecord> leftBehind() {
        reach("find worlds left behind");
        return database.leftBehind();
    }

    @Override
    public boolean takeOver(String worldId, long epoch, String previousOwner, String ticketKeyId) {
        reach("take over world");
        return database.takeOver(worldId, epoch, previousOwner, ticketKeyId);
    }

    @Override
    public Adoption adopt(String worldId, byte[] spawnTokenSha256, String ticketKeyId) {
        reach("adopt world");
        return database.adopt(worldId, spawnTokenSha256, ticketKeyId);
    }
}
