package lor.testclient.bots;

/**
 * When one bot's intents are due: slot {@code k} at {@code origin + phase + k × period}, rounded up to a whole
 * {@link #RESOLUTION_NANOS} past the origin, as the timers of libuv (which the peer's bots run on) are. With a
 * thousand bots at nanosecond phases, a loop woke ten thousand times a second, once per intent, and the generator
 * spent more of the machine than the server it measured; at millisecond slots it wakes once for all of a
 * millisecond's intents. The origin is the fleet's, so every bot's slots fall on the same milliseconds.
 */
final class WalkSlots {

    static final long RESOLUTION_NANOS = 1_000_000;

    private final long origin;
    private final long phase;
    private final long period;

    /** @param phase this bot's offset into the period, in {@code [0, period)} */
    WalkSlots(long origin, long phase, long period) {
        if (period <= 0 || phase < 0 || phase >= period) {
            throw new IllegalArgumentException("need 0 <= phase < period, got phase " + phase + ", period " + period);
        }
        this.origin = origin;
        this.phase = phase;
        this.period = period;
    }

    /** The first slot whose exact time is not before {@code now}. */
    long firstAtOrAfter(long now) {
        long first = origin + phase;
        return now - first <= 0 ? 0 : (now - first + period - 1) / period;
    }

    /** When slot {@code k} is due. */
    long at(long k) {
        long offset = phase + k * period;
        return origin + (offset + RESOLUTION_NANOS - 1) / RESOLUTION_NANOS * RESOLUTION_NANOS;
    }

    /** How many whole periods a step that ran at {@code now} for slot {@code k} came too late: slots it skips. */
    long missed(long k, long now) {
        return Math.max(0, now - at(k)) / period;
    }
}
