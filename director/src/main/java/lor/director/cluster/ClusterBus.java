package lor.director.cluster;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import lor.director.db.Database;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Messages between the directors that share a database, carried by that database: PostgreSQL's
 * {@code LISTEN}/{@code NOTIFY}. Nothing else to run, no port between directors to open or to secure: whoever may
 * use the database is trusted with the worlds already. Each director listens on a channel of its own (requests to
 * it, answers for it) and on one shared by all (news every director may act on).
 *
 * <p>A notification is delivered to the sessions listening when it is sent and is lost for a session that is not:
 * what is sent here is either asked again on a timeout (requests) or also kept in a table that is read again
 * (memberships). The listening session is a connection of its own, checked every {@link #PING_MILLIS} ms and
 * opened again after a failure, so a database restart or a network cut costs the messages of that moment only.
 */
public final class ClusterBus implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(ClusterBus.class);

    /** The channel every director listens on. */
    public static final String SHARED = "lor_cluster";
    /** PostgreSQL refuses payloads of 8000 bytes or more. */
    public static final int MAX_PAYLOAD = 7_900;
    static final long PING_MILLIS = 2_000;
    private static final long MAX_RETRY_MILLIS = 2_000;

    /** Told of every message on a listened channel, on the bus's own thread: it must hand work off, not block. */
    @FunctionalInterface
    public interface Receiver {
        void received(String channel, String payload);
    }

    private final Database db;
    private final String ownChannel;
    private final Receiver receiver;
    private final Thread thread;
    private final CountDownLatch closed = new CountDownLatch(1);
    private volatile boolean listening;

    public ClusterBus(Database db, String directorId, Receiver receiver) {
        this.db = db;
        this.ownChannel = channelOf(directorId);
        this.receiver = receiver;
        this.thread = new Thread(this::run, "cluster-bus");
        thread.setDaemon(true);
    }

    /** The channel a director listens on: a name PostgreSQL takes unquoted, whatever the director's identity. */
    public static String channelOf(String directorId) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(directorId.getBytes(StandardCharsets.UTF_8));
            return "lor_d_" + HexFormat.of().formatHex(digest, 0, 12);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    public String ownChannel() {
        return ownChannel;
    }

    public void start() {
        thread.start();
    }

    /** Whether the listening session is up: messages sent to this director now reach it. */
    public boolean listening() {
        return listening;
    }

    /**
     * Sends {@code payload} to whoever listens on {@code channel}, once this returns (committed). Blocking.
     *
     * @throws IllegalArgumentException for a payload PostgreSQL would refuse
     * @throws lor.director.db.DataAccessException when the database cannot be reached
     */
    public void send(String channel, String payload) {
        if (payload.getBytes(StandardCharsets.UTF_8).length > MAX_PAYLOAD) {
            throw new IllegalArgumentException("cluster message of " + payload.length() + " characters is too long");
        }
        db.autocommit("notify " + channel, c -> {
            try (PreparedStatement s = c.prepareStatement("SELECT pg_notify(?, ?)")) {
                s.setString(1, channel);
                s.setString(2, payload);
                s.execute();
                return null;
            }
        });
    }

    private void run() {
        long retryMillis = 100;
        while (closed.getCount() > 0) {
            try (Connection c = db.openDedicated("lor-director-bus", 5)) {
                try (Statement s = c.createStatement()) {
                    for (String channel : List.of(ownChannel, SHARED)) {
                        s.execute("LISTEN " + channel);
                    }
                }
                listening = true;
                retryMillis = 100;
                LOG.info("listening for the other directors on {} and {}", ownChannel, SHARED);
                listen(c);
            } catch (SQLException e) {
                if (closed.getCount() > 0) {
                    LOG.warn("cluster messages interrupted: {}; listening again in {} ms", e.getMessage(),
                            retryMillis);
                }
            } finally {
                listening = false;
            }
            try {
                if (closed.await(retryMillis, TimeUnit.MILLISECONDS)) {
                    return;
                }
            } catch (InterruptedException e) {
                return;
            }
            retryMillis = Math.min(MAX_RETRY_MILLIS, retryMillis * 2);
        }
    }

    private void listen(Connection c) throws SQLException {
        PGConnection pg = c.unwrap(PGConnection.class);
        long lastPing = System.nanoTime();
        while (closed.getCount() > 0) {
            PGNotification[] notifications = pg.getNotifications(250);
            if (notifications != null) {
                for (PGNotification n : notifications) {
                    try {
                        receiver.received(n.getName(), n.getParameter());
                    } catch (RuntimeException e) {
                        LOG.error("cluster message on {} not handled", n.getName(), e);
                    }
                }
            }
            if (System.nanoTime() - lastPing > TimeUnit.MILLISECONDS.toNanos(PING_MILLIS)) {
                // Waiting for notifications never fails on a connection the network dropped without a word; a
                // query does, within the socket timeout.
                try (Statement s = c.createStatement()) {
                    s.execute("SELECT 1");
                }
                lastPing = System.nanoTime();
            }
        }
    }

    @Override
    public void close() {
        closed.countDown();
        try {
            thread.join(TimeUnit.SECONDS.toMillis(6));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
