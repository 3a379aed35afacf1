package lor.world.sim;

import java.util.ArrayList;
import java.util.List;

import lor.protocol.control.WorldModulesMessage;
import lor.sim.module.ModuleHook;
import lor.sim.world.ModuleStats;
import lor.sim.world.World;

/**
 * The figures behind {@code world_modules}: each module hook's calls, failures and time since the world was built,
 * from its {@link ModuleStats}, and its time per tick over the interval since the previous report. Tick-thread
 * confined.
 *
 * <p>{@code begin} runs while the world is built, before its owner can give it a clock, so its time is always 0.
 */
public final class ModuleReport {

    private static final ModuleHook[] HOOKS = ModuleHook.values();

    /** The world the figures below are of: a new world's totals start again from 0. */
    private World world;
    /** Per module and hook, the nanos total at the previous report. */
    private long[] lastNanos = new long[0];

    /**
     * @param ticks the ticks stepped since the previous report
     * @return the report, or null when the world runs no modules
     */
    public WorldModulesMessage next(World world, String worldId, long ticks) {
        ModuleStats stats = world.moduleStats();
        if (stats == null) {
            return null;
        }
        List<String> names = stats.modules();
        // More modules than the message carries would have the director refuse it whole: the first ones still show.
        int modules = Math.min(names.size(), WorldModulesMessage.MAX_MODULES);
        if (world != this.world || lastNanos.length != modules * HOOKS.length) {
            this.world = world;
            lastNanos = new long[modules * HOOKS.length];
        }
        List<WorldModulesMessage.HookStats> hooks = new ArrayList<>(modules * HOOKS.length);
        for (int m = 0; m < modules; m++) {
            for (ModuleHook hook : HOOKS) {
                int at = m * HOOKS.length + hook.ordinal();
                long nanos = stats.nanos(m, hook);
                double perTick = ticks > 0 ? (nanos - lastNanos[at]) / 1e9 / ticks : 0;
                lastNanos[at] = nanos;
                hooks.add(new WorldModulesMessage.HookStats(names.get(m), hook.label(), stats.calls(m, hook),
                        stats.count(m, hook), nanos / 1e9, perTick));
            }
        }
        return new WorldModulesMessage(worldId, hooks);
    }
}
