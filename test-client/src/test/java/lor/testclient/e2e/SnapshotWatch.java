package lor.testclient.e2e;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Every world's {@code last_snapshot_seq}, sampled ten times a second on a connection of its own: the latest
 * values, and every time one went down (an acknowledged snapshot replaced by an older one).
 */
final class SnapshotWatch implements AutoCloseable {
    private final Connection db;
    private final List<String> worlds;
    private final Map<String, Long> latest = new ConcurrentHashMap<>();
    private final ConcurrentLinkedQueue<String> decreases = new ConcurrentLinkedQueue<>();
    private final ScheduledExecutorService sampler = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "snapshot-watch");
        t.setDaemon(true);
        return t;
    });

    SnapshotWatch(SharedDatabase database, List<String> worlds) throws SQLException {
        this.db = database.connect();
        this.worlds = worlds;
        sample();
        sampler.scheduleWithFixedDelay(this::sampleQuietly, 100, 100, TimeUnit.MILLISECONDS);
    }

    private void sampleQuietly() {
        try {
            sample();
        } catch (SQLException e) {
            System.out.println("ClusterBench: snapshot watch could not read: " + e.getMessage());
        }
    }

    private synchronized void sample() throws SQLException {
        try (PreparedStatement s = db.prepareStatement("SELECT world_id, last_snapshot_seq FROM worlds");
             ResultSet rs = s.executeQuery()) {
            while (rs.next()) {
                String world = rs.getString(1);
                if (!worlds.contains(world)) {
                    continue;
                }
                long seq = rs.getLong(2);
                Long before = latest.put(world, seq);
                if (before != null && seq < before) {
                    decreases.add(world + ": " + before + " -> " + seq + " at " + Instant.now());
                }
            }
        }
    }

    Map<String, Long> latest() {
        return Map.copyOf(latest);
    }

    List<String> decreases() {
        return List.copyOf(decreases);
    }

    @Override
    public void close() throws SQLException {
        sampler.shutdownNow();
        synchronized (this) {
            db.close();
        }
    }
}
