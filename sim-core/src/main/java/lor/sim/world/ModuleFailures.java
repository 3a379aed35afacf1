package lor.sim.world;

import java.util.ArrayList;
import java.util.List;

import lor.sim.module.ModuleHook;

/**
 * How a world's modules have failed: each failure counted by module and hook, the failures of the last tick kept for
 * the server's log, and for each module the ticks in a row in which it failed, on which a server decides to stop a
 * world whose module keeps failing. Statistics of this run, not state: not in the hash, not in snapshots.
 */
public final class ModuleFailures {

    /** One failure: which module, in which hook, at which tick, what it threw. */
    public record Failure(String module, ModuleHook hook, long tick, RuntimeException error) {
    }

    /** At most this many of a tick's failures are kept for the log; the count has them all. */
    static final int KEPT_PER_TICK = 8;

    private final List<String> modules;
    private final long[][] counts;
    private final long[] failingSince;
    private final long[] lastFailed;
    private final List<Failure> lastTick = new ArrayList<>();

    ModuleFailures(List<String> modules) {
        this.modules = List.copyOf(modules);
        this.counts = new long[modules.size()][ModuleHook.values().length];
        this.failingSince = new long[modules.size()];
        this.lastFailed = new long[modules.size()];
        java.util.Arrays.fill(lastFailed, Long.MIN_VALUE);
    }

    void startTick() {
        lastTick.clear();
    }

    void failed(int module, ModuleHook hook, long tick, RuntimeException error) {
        counts[module][hook.ordinal()]++;
        if (lastFailed[module] < tick - 1) {
            failingSince[module] = tick;
        }
        lastFailed[module] = tick;
        if (lastTick.size() < KEPT_PER_TICK) {
            lastTick.add(new Failure(modules.get(module), hook, tick, error));
        }
    }

    /** The modules, in the world's order. */
    public List<String> modules() {
        return modules;
    }

    /** Failures of a module's hook since the world was made. */
    public long count(int module, ModuleHook hook) {
        return counts[module][hook.ordinal()];
    }

    /** The failures of the last tick stepped (at most {@link #KEPT_PER_TICK}). */
    public List<Failure> lastTick() {
        return List.copyOf(lastTick);
    }

    /**
     * How many ticks in a row, up to and including {@code tick}, the module has failed in; 0 when it did not fail at
     * {@code tick}.
     */
    public long failingTicks(int module, long tick) {
        return lastFailed[module] == tick ? tick - failingSince[module] + 1 : 0;
    }
}
