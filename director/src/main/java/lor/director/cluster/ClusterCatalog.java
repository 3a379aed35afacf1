package lor.director.cluster;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import lor.director.db.Database;
import lor.director.world.UnknownWorldException;
import lor.director.world.WorldStatus;
import lor.director.world.WorldSupervisor;
import lor.director.world.WorldView;
import lor.director.world.store.WorldRepository;
import lor.protocol.Names;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps this director's catalog of worlds in step with the database the directors share: a world another director
 * created, renamed (or removed) at runtime becomes known, renamed (or forgotten) here, and a world another director
 * runs is shown as running, with its players, rather than as stopped. Read every few seconds; a join for a world made
 * a moment ago elsewhere looks it up at once ({@link #knowOrLookUp}); one removed a moment ago is found gone by the
 * join's lookup of its owner, or by its spawn's claim. Blocking.
 */
final class ClusterCatalog {

    private static final Logger LOG = LoggerFactory.getLogger(ClusterCatalog.class);

    private final Database db;
    private final WorldRepository worlds;
    private final WorldSupervisor supervisor;
    private final String directorId;
    /** Worlds whose settings this build cannot read, reported once each. Bounded by the worlds table. */
    private final Set<String> unreadable = ConcurrentHashMap.newKeySet();

    ClusterCatalog(Database db, WorldSupervisor supervisor, String directorId) {
        this.db = db;
        this.worlds = new WorldRepository(db);
        this.supervisor = supervisor;
        this.directorId = directorId;
    }

    /** Reads every world's row, owner and player count, and tells the supervisor what changed. */
    void refresh() {
        Set<String> stored = db.inTransaction("read the worlds of every director", c -> {
            Set<String> ids = new HashSet<>();
            try (PreparedStatement s = c.prepareStatement("SELECT w.world_id, w.name, w.last_snapshot_seq, "
                    + "w.settings::text, CASE WHEN w.lease_expires_at > now() THEN w.lease_owner END, "
                    + "(SELECT count(*) FROM memberships m WHERE m.world_id = w.world_id) FROM worlds w");
                 ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    String worldId = rs.getString(1);
                    ids.add(worldId);
                    if (!supervisor.exists(worldId)) {
                        addQuietly(new WorldRepository.WorldRecord(worldId, rs.getString(2), rs.getLong(3),
                                rs.getString(4)));
                    } else {
                        // Settings need no copy here: a spawn reads them when it claims the world.
                        supervisor.rename(worldId, rs.getString(2));
                    }
                    String owner = rs.getString(5);
                    boolean elsewhere = owner != null && !owner.equals(directorId);
                    supervisor.noteElsewhere(worldId, elsewhere ? rs.getInt(6) : -1, rs.getLong(3));
                }
            }
            return ids;
        });
        for (WorldView view : supervisor.views()) {
            if (!stored.contains(view.worldId()) && view.status() == WorldStatus.STOPPED) {
                forget(view.worldId());
            }
        }
    }

    private void addQuietly(WorldRepository.WorldRecord record) {
        try {
            supervisor.add(record);
        } catch (IllegalArgumentException e) {
            // Settings this build cannot run (a map it lacks): a director of another build made it; joins here fail.
            if (unreadable.add(record.worldId())) {
                LOG.warn("world {} of another director is unknown to this build: {}", record.worldId(),
                        e.getMessage());
            }
        }
    }

    private void forget(String worldId) {
        try {
            if (supervisor.beginRemoval(worldId) == null) {
                supervisor.endRemoval(worldId, true);
            }
        } catch (UnknownWorldException e) {
            // Forgotten already.
        }
    }

    /**
     * Makes a world created a moment ago through another director known here before a join for it is answered.
     *
     * @throws UnknownWorldException when no director has such a world
     */
    void knowOrLookUp(String worldId) {
        if (!Names.isWorldId(worldId)) {
            throw new UnknownWorldException(worldId);
        }
        if (!supervisor.exists(worldId)) {
            supervisor.add(worlds.find(worldId).orElseThrow(() -> new UnknownWorldException(worldId)));
        }
    }
}
