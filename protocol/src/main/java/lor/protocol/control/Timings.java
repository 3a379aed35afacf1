package lor.protocol.control;

import java.time.Duration;

/**
 * The timings a director and its world processes rely on each other for, in one place: each side reads its own from
 * here, and {@code TimingsTest} states how they must relate. Change one only together with that test.
 *
 * <p>The safety argument they make together: a world is served by at most one process. A director that cannot renew
 * its leases fences itself ({@link #FENCE_DELAY} after the start of its last renewal that succeeded, checked every
 * {@link #FENCE_CHECK_PERIOD}) and lets its worlds go; a world that then finds no director to accept it ends itself
 * after {@link #ORPHAN_LIMIT}. Both happen before its lease, {@link #LEASE_TTL} from that same renewal at the
 * soonest, can expire and another director may start a second copy from the last snapshot.
 */
public final class Timings {

    /** How long a world's lease lives unrenewed; a crashed director's worlds are free again after it. */
    public static final Duration LEASE_TTL = Duration.ofSeconds(30);
    /** How often a director renews its leases (one statement for all of them). */
    public static final Duration LEASE_RENEWAL_PERIOD = Duration.ofSeconds(2);
    /** How long a director goes without a successful renewal before it fences itself. */
    public static final Duration FENCE_DELAY = Duration.ofSeconds(5);
    /** How often the fence is checked: how late it may come beyond {@link #FENCE_DELAY}. */
    public static final Duration FENCE_CHECK_PERIOD = Duration.ofMillis(250);
    /**
     * How long a world may go without a director that accepts it before it ends itself, an attempt in flight or
     * not: it has stopped serving its players before its lease can expire.
     */
    public static final Duration ORPHAN_LIMIT = Duration.ofSeconds(20);
    /** The longest wait between two of a world's attempts to reach a director (its reconnect backoff's cap). */
    public static final Duration RECONNECT_BACKOFF_CAP = Duration.ofSeconds(5);
    /**
     * How long a world left running by a director of this host that went away has to reconnect to the one that
     * takes it back; several of its attempts at the backoff's cap.
     */
    public static final Duration ADOPTION_WINDOW = Duration.ofSeconds(20);
    /** A running world's {@code world_heartbeat} period, which is also how often the director checks for them. */
    public static final Duration HEARTBEAT_PERIOD = Duration.ofSeconds(1);
    /** Beats missed in a row after which the director takes a world for dead and kills it. */
    public static final int MISSED_HEARTBEATS = 3;

    private Timings() {
    }
}
