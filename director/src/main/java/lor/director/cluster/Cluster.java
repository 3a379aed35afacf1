package lor.director.cluster;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

import lor.director.account.LoginThrottle;
import lor.director.db.DataAccessException;
import lor.director.db.Database;
import lor.director.world.WorldSupervisor;
import lor.director.world.admission.Admissions;
import lor.protocol.Json;
import lor.protocol.control.WorldDirectorsMessage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * This director's part among the directors sharing one database. Any director answers any join
 * ({@link ClusterAdmissions}), one account plays in one world across all of them ({@link ClusterMemberships}),
 * failed logins count wherever they happen ({@link ClusterLogins}), and a world started here is told every other
 * director's {@code /control} address ({@link DirectorDirectory}), to reconnect to one of them if this one dies.
 * The database carries it all ({@link ClusterBus}); on one director alone it costs one idle connection.
 */
public final class Cluster implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(Cluster.class);
    private static final long REFRESH_MILLIS = 2_000;

    private final DirectorDirectory directory;
    private final ClusterBus bus;
    private final ClusterAdmissions admissions;
    private final ClusterMemberships memberships;
    private final ClusterLogins logins;
    private final ClusterCatalog catalog;
    private final Executor blocking;
    private final WorldSupervisor supervisor;
    private volatile List<String> peers = List.of();
    /** This director's {@code /control}; null until announced. */
    private volatile String ownControlUrl;
    private ScheduledFuture<?> refreshing;

    private Cluster(Database db, String directorId, WorldSupervisor supervisor, LoginThrottle throttle,
                    Executor blocking, long joinTimeoutMs) {
        this.blocking = blocking;
        this.supervisor = supervisor;
        this.directory = new DirectorDirectory(db, directorId);
        this.bus = new ClusterBus(db, directorId, this::received);
        this.catalog = new ClusterCatalog(db, supervisor, directorId);
        this.admissions = new ClusterAdmissions(supervisor, new LeaseOwners(db), catalog, bus, directorId, blocking,
                joinTimeoutMs);
        this.memberships = new ClusterMemberships(db, bus, supervisor);
        this.logins = new ClusterLogins(bus, blocking, throttle);
    }

    /**
     * Joins the directors of the database: listens to them, routes this director's portals and memberships through
     * them and shares its login verdicts. Call {@link #announce} once {@code /control} accepts connections.
     */
    public static Cluster join(Database db, String directorId, WorldSupervisor supervisor, LoginThrottle throttle,
                               Executor blocking, long joinTimeoutMs) {
        Cluster cluster = new Cluster(db, directorId, supervisor, throttle, blocking, joinTimeoutMs);
        supervisor.routePortalsThrough(cluster.admissions);
        supervisor.onSpawnEnding(cluster::spawnEnding);
        supervisor.shareMembershipThrough(cluster.memberships);
        throttle.shareWith(cluster.logins);
        cluster.bus.start();
        return cluster;
    }

    /** Whether messages from the other directors reach this one now. */
    public boolean listening() {
        return bus.listening();
    }

    /** Joins through this director, wherever the world runs. */
    public Admissions admissions() {
        return admissions;
    }

    /** This director's {@code /control} is at {@code controlUrl}: the other directors' worlds may come to it. */
    public void announce(String controlUrl, ScheduledExecutorService timers) {
        ownControlUrl = controlUrl;
        directory.announce(controlUrl);
        refresh();
        refreshing = timers.scheduleWithFixedDelay(() -> blocking.execute(this::refresh), REFRESH_MILLIS,
                REFRESH_MILLIS, TimeUnit.MILLISECONDS);
    }

    /**
     * Where a world started now reaches a director: {@code own} first, then the other directors seen lately, as a
     * {@code --control-url} list.
     */
    public String controlUrls(String own) {
        return String.join(",", directors(own));
    }

    /** {@code own} and the other directors, each once, as many as a world takes. */
    private List<String> directors(String own) {
        List<String> urls = new ArrayList<>();
        urls.add(own);
        for (String peer : peers) {
            if (!urls.contains(peer) && urls.size() < WorldDirectorsMessage.MAX_URLS) {
                urls.add(peer);
            }
        }
        return urls;
    }

    /** The other directors' addresses and the worlds they run, as the database says now. */
    private void refresh() {
        try {
            List<String> now = new ArrayList<>(directory.peers());
            // An earlier life of this director, on the same port, is not another director.
            now.remove(ownControlUrl);
            now = List.copyOf(now);
            if (!now.equals(peers)) {
                LOG.info("other directors: {} {}", now.size(), now);
                peers = now;
                String own = ownControlUrl;
                if (own != null) {
                    supervisor.announceDirectors(directors(own));
                }
            }
            catalog.refresh();
        } catch (DataAccessException e) {
            LOG.debug("cannot read the other directors' state: {}", e.getMessage());
        }
    }

    /**
     * A spawn of a world this director runs is ending (stopping, or its process exited): every director is told,
     * lest it go on signing tickets for it ({@link KnownOwners}). Called under the world's lock.
     */
    private void spawnEnding(String worldId, long epoch) {
        String message = Json.MAPPER.createObjectNode().put("t", "ending").put("world", worldId)
                .put("epoch", epoch).toString();
        try {
            blocking.execute(() -> {
                try {
                    bus.send(ClusterBus.SHARED, message);
                } catch (DataAccessException e) {
                    LOG.warn("cannot tell the other directors that world {} is ending: {}", worldId, e.getMessage());
                }
            });
        } catch (RejectedExecutionException e) {
            LOG.warn("cannot tell the other directors that world {} is ending: the director is busy", worldId);
        }
    }

    private void received(String channel, String payload) {
        JsonNode message;
        try {
            message = Json.MAPPER.readTree(payload);
        } catch (JacksonException e) {
            LOG.warn("ignored an unreadable message on cluster channel {}", channel);
            return;
        }
        switch (message.path("t").asString()) {
            case "admit" -> admissions.asked(message);
            case "admitted", "refused", "not_here" -> admissions.answered(message);
            case "joined" -> admissions.joinedElsewhere(message);
            case "ending" -> admissions.spawnEnding(message);
            case "entered" -> blocking.execute(() -> memberships.enteredElsewhere(message));
            case "login_failed", "login_ok" -> logins.received(message);
            default -> LOG.warn("ignored a cluster message of unknown type on {}", channel);
        }
    }

    /** Leaves the directors: this one's address is not handed out any more, and it stops listening. */
    @Override
    public void close() {
        if (refreshing != null) {
            refreshing.cancel(false);
        }
        try {
            directory.leave();
        } catch (DataAccessException e) {
            LOG.warn("cannot remove this director from the directors table: {}; it ages out", e.getMessage());
        }
        bus.close();
    }
}
