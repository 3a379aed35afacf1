package lor.testclient.fuzz;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** What one shard sent and saw. Confined to the shard's thread until it returns. */
final class ShardReport {

    /** Failures kept in full; the rest are only counted. */
    private static final int KEPT_FAILURES = 20;

    final String name;
    final long seed;
    long messages;
    long bytes;
    long answers;
    long pongs;
    long connections;
    /** Game module actions refused at their tick, by reason. */
    final Map<String, Long> refusals = new TreeMap<>();
    /** Closes the frames asked for, by status. */
    final Map<Integer, Long> closes = new TreeMap<>();
    /** 1008 closes no frame asked for (flood and other policy limits): tolerated, counted. */
    long policyCloses;
    /** Connections reset (not closed with a close frame) while an oversized frame was still being sent. */
    long resetsAfterOversize;
    long failureCount;
    /** How long the shard took: the suite waits for the slowest. */
    long millis;
    /** Usernames of well-formed but refused registrations the shard sent. */
    final List<String> registerNames = new ArrayList<>();
    final List<String> failures = new ArrayList<>();

    ShardReport(String name, long seed) {
        this.name = name;
        this.seed = seed;
    }

    void fail(String failure) {
        failureCount++;
        if (failures.size() < KEPT_FAILURES) {
            failures.add(name + " (seed " + seed + ", message " + messages + "): " + failure);
        }
    }

    @Override
    public String toString() {
        return name + ": " + messages + " messages (" + bytes / 1024 + " KiB) on "
                + connections + " connections, " + answers + " errors, " + (refusals.isEmpty() ? ""
                : "refusals " + refusals + ", ") + pongs + " pongs, closes " + closes
                + ", unasked policy closes " + policyCloses + ", resets after oversize " + resetsAfterOversize
                + ", failures " + failureCount + ", in " + millis + " ms";
    }
}
