package lor.sim.world;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import lor.sim.module.ModuleHook;

/**
 * How a world's modules have run: each hook's calls and failures counted by module and hook, the time they took when
 * the world's owner gave it a clock ({@link World#timeModules}), the recent failures kept for the server's log, and
 * for each module the ticks in a row in which it failed, on which a server decides to stop a world whose module keeps
 * failing. Statistics of this run, not state: not in the hash, not in snapshots.
 */
public final class ModuleStats {

    /** One failure: which module, in which hook, at which tick, what it threw. */
    public record Failure(String module, ModuleHook hook, long tick, RuntimeException error) {
    }

    /** At most this many failures are kept between two {@link #takeFailures()}; the counts have them all. */
    static final int KEPT = 8;

    private final List<String> modules;
    private final long[][] counts;
    private final long[][] calls;
    private final long[][] nanos;
    private final long[] failingSince;
    private final long[] lastFailed;
    private final List<Failure> kept = new ArrayList<>();

    ModuleStats(List<String> modules) {
        this.modules = List.copyOf(modules);
        this.counts = new long[modules.size()][ModuleHook.values().length];
        this.calls = new long[modules.size()][ModuleHook.values().length];
        this.nanos = new long[modules.size()][ModuleHook.values().length];
        this.failingSince = new long[modules.size()];
        this.lastFailed = new long[modules.size()];
        Arrays.fill(lastFailed, Long.MIN_VALUE);
    }

    /** {@code calls} calls of a hook ran, together taking {@code tookNanos}. */
    void ran(int module, ModuleHook hook, int calls, long tookNanos) {
        this.calls[module][hook.ordinal()] += calls;
        nanos[module][hook.ordinal()] += tookNanos;
    }

    void failed(int module, ModuleHook hook, long tick, RuntimeException error) {
        counts[module][hook.ordinal()]++;
        if (lastFailed[module] < tick - 1) {
            failingSince[module] = tick;
        }
        lastFailed[module] = tick;
        if (kept.size() < KEPT) {
            kept.add(new Failure(modules.get(module), hook, tick, error));
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

    /** Calls of a module's hook since the world was made, failed ones included. */
    public long calls(int module, ModuleHook hook) {
        return calls[module][hook.ordinal()];
    }

    /** Time a module's hook took since the world was made, by the owner's clock; 0 without one. */
    public long nanos(int module, ModuleHook hook) {
        return nanos[module][hook.ordinal()];
    }

    /**
     * The failures since the last call (at most {@link #KEPT}), and forgets them: those of the last step, and of the
     * players who entered or left since, whose hooks run between steps. A server takes them after each step to log.
     */
    public List<Failure> takeFailures() {
        if (kept.isEmpty()) {
            return List.of();
        }
        List<Failure> taken = List.copyOf(kept);
        kept.clear();
        return taken;
    }

    /**
     * How many ticks in a row, up to and including {@code tick}, the module has failed in; 0 when it did not fail at
     * {@code tick}.
     */
    public long failingTicks(int module, long tick) {
        return lastFailed[module] == tick ? tick - failingSince[module] + 1 : 0;
    }
}
