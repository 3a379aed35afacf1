package lor.protocol.netty;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.function.LongSupplier;

import io.netty.channel.Channel;
import lor.protocol.log.LogRate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Connections per remote address, on one listening port: at most {@code maxConcurrent} open at once and new ones at
 * {@code newPerSecond} (a token bucket holding two seconds' worth). A connection over either limit is closed at once,
 * before any handler reads from it. IPv6 addresses count per /64, the block one host usually has.
 *
 * <p>The map of addresses is bounded: an address with no open connection and a full bucket is forgotten (it is
 * indistinguishable from a new one); when {@link #maxTracked} addresses are still remembered after a sweep, connections
 * from addresses not yet known are refused until some are forgotten. Thread-safe: event loops share one instance.
 */
public final class ConnectionThrottle {

    private static final Logger LOG = LoggerFactory.getLogger(ConnectionThrottle.class);

    /** Addresses remembered at most (about 100 bytes each). */
    public static final int DEFAULT_MAX_TRACKED = 65_536;
    /** A full map is swept at most this often, so that a flood of new addresses costs no full sweep per connection. */
    static final long SWEEP_INTERVAL_NANOS = 1_000_000_000L;

    private final String name;
    private final int maxConcurrent;
    private final int newPerSecond;
    private final int maxTracked;
    private final LongSupplier clock;
    private final Map<InetAddress, Entry> entries = new HashMap<>();
    private long lastSweepNanos;
    /** A flood refuses thousands a second: one line per interval says enough. */
    private final LogRate refusals;
    private long refusedTotal;

    /**
     * @param name          what the port serves, for the log
     * @param maxConcurrent open connections per address; 0 = unlimited
     * @param newPerSecond  new connections per second per address, with a burst of twice that; 0 = unlimited
     */
    public ConnectionThrottle(String name, int maxConcurrent, int newPerSecond) {
        this(name, maxConcurrent, newPerSecond, DEFAULT_MAX_TRACKED, System::nanoTime);
    }

    ConnectionThrottle(String name, int maxConcurrent, int newPerSecond, int maxTracked, LongSupplier clock) {
        if (maxConcurrent < 0 || newPerSecond < 0 || maxTracked < 1) {
            throw new IllegalArgumentException("limits must not be negative");
        }
        this.name = name;
        this.maxConcurrent = maxConcurrent;
        this.newPerSecond = newPerSecond;
        this.maxTracked = maxTracked;
        this.clock = clock;
        this.lastSweepNanos = clock.getAsLong() - SWEEP_INTERVAL_NANOS;
        this.refusals = new LogRate(LogRate.DEFAULT_INTERVAL_NANOS, clock);
    }

    /**
     * Admits a freshly accepted connection, or closes it when its address is over a limit. An admitted connection is
     * released when it closes.
     *
     * @return whether the connection may be served
     */
    public boolean admit(Channel channel) {
        if (!enabled()) {
            return true;
        }
        SocketAddress remote = channel.remoteAddress();
        if (!(remote instanceof InetSocketAddress inet) || inet.getAddress() == null) {
            return true;
        }
        InetAddress key = key(inet.getAddress());
        if (!tryAcquire(key)) {
            channel.close();
            return false;
        }
        channel.closeFuture().addListener(closed -> release(key));
        return true;
    }

    synchronized boolean tryAcquire(InetAddress address) {
        long now = clock.getAsLong();
        Entry entry = entries.get(address);
        if (entry == null) {
            if (entries.size() >= maxTracked && !sweep(now)) {
                return refused(address, "too many addresses tracked");
            }
            entry = new Entry(newPerSecond == 0 ? null : new TokenBucket(newPerSecond, 2.0 * newPerSecond, now));
            entries.put(address, entry);
        }
        if (maxConcurrent > 0 && entry.open >= maxConcurrent) {
            return refused(address, "too many open connections");
        }
        if (entry.bucket != null && !entry.bucket.tryTake(now)) {
            return refused(address, "too many new connections");
        }
        entry.open++;
        return true;
    }

    synchronized void release(InetAddress address) {
        Entry entry = entries.get(address);
        if (entry == null) {
            return;
        }
        entry.open--;
        if (entry.open <= 0 && (entry.bucket == null || entry.bucket.isFull(clock.getAsLong()))) {
            entries.remove(address);
        }
    }

    /** Open connections of {@code address} (of its /64 for IPv6) admitted and not yet closed. */
    public synchronized int open(InetAddress address) {
        Entry entry = entries.get(key(address));
        return entry == null ? 0 : entry.open;
    }

    synchronized int tracked() {
        return entries.size();
    }

    public synchronized long refusedTotal() {
        return refusedTotal;
    }

    private boolean enabled() {
        return maxConcurrent > 0 || newPerSecond > 0;
    }

    /** Forgets every idle address; false when the map is still full (or was swept too recently to try again). */
    private boolean sweep(long now) {
        if (now - lastSweepNanos < SWEEP_INTERVAL_NANOS) {
            return false;
        }
        lastSweepNanos = now;
        Iterator<Entry> it = entries.values().iterator();
        while (it.hasNext()) {
            Entry entry = it.next();
            if (entry.open <= 0 && (entry.bucket == null || entry.bucket.isFull(now))) {
                it.remove();
            }
        }
        return entries.size() < maxTracked;
    }

    private boolean refused(InetAddress address, String why) {
        refusedTotal++;
        long reported = refusals.occurred();
        if (reported > 0) {
            LOG.warn("{}: refused {} connection(s) since the last report; latest from {}: {}", name, reported,
                    address.getHostAddress(), why);
        }
        return false;
    }

    /** IPv4 addresses as they are; IPv6 ones cut to their /64. */
    static InetAddress key(InetAddress address) {
        if (!(address instanceof Inet6Address)) {
            return address;
        }
        byte[] prefix = Arrays.copyOf(address.getAddress(), 16);
        Arrays.fill(prefix, 8, 16, (byte) 0);
        try {
            return InetAddress.getByAddress(prefix);
        } catch (UnknownHostException e) {
            throw new IllegalStateException("16 bytes are an IPv6 address", e);
        }
    }

    private static final class Entry {
        final TokenBucket bucket;
        int open;

        Entry(TokenBucket bucket) {
            this.bucket = bucket;
        }
    }
}
