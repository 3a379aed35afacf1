package lor.world.sim;

import java.util.Arrays;
import java.util.List;

import lor.sim.module.ModuleHook;
import lor.sim.world.ModuleStats;
import lor.sim.world.World;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Watches a world's game modules after each tick: logs each failure, naming the world, module and hook, at most once a
 * second per module and hook (with how many it left out), and says when a module has failed in every tick for
 * {@link #FAILING_TICKS}: then the world must stop, its last good state saved (a failing hook's changes are already
 * undone). Tick-thread confined.
 */
public final class ModuleWatch {

    /** Five seconds of ticks, every one with a failure of the same module. */
    public static final int FAILING_TICKS = 5 * WorldLoop.TICK_RATE;

    private static final Logger LOG = LoggerFactory.getLogger(ModuleWatch.class);
    private static final int HOOKS = ModuleHook.values().length;

    private final String worldId;
    /** Per module and hook: the tick of the last line logged, and failures left out since. */
    private long[] lastLogged = new long[0];
    private long[] leftOut = new long[0];

    public ModuleWatch(String worldId) {
        this.worldId = worldId;
    }

    /**
     * After a step.
     *
     * @return why the world must stop, or null
     */
    public String afterStep(World world) {
        ModuleStats stats = world.moduleStats();
        if (stats == null) {
            return null;
        }
        if (lastLogged.length != stats.modules().size() * HOOKS) {
            lastLogged = new long[stats.modules().size() * HOOKS];
            Arrays.fill(lastLogged, Long.MIN_VALUE / 2);
            leftOut = new long[lastLogged.length];
        }
        List<ModuleStats.Failure> failures = stats.takeFailures();
        for (ModuleStats.Failure failure : failures) {
            int m = stats.modules().indexOf(failure.module());
            int at = m * HOOKS + failure.hook().ordinal();
            if (failure.tick() - lastLogged[at] < WorldLoop.TICK_RATE) {
                leftOut[at]++;
                continue;
            }
            LOG.warn("world {}: game module {} failed in its {} hook at tick {}; what it did there is undone{}: {}",
                    worldId, failure.module(), failure.hook().label(), failure.tick(),
                    leftOut[at] == 0 ? "" : " (" + leftOut[at] + " more failures of it since the last line)",
                    failure.error().toString(), failure.error());
            lastLogged[at] = failure.tick();
            leftOut[at] = 0;
        }
        long tick = world.tick() - 1;
        for (int m = 0; m < stats.modules().size(); m++) {
            if (stats.failingTicks(m, tick) >= FAILING_TICKS) {
                ModuleStats.Failure last = lastOf(failures, stats.modules().get(m));
                return "game module " + stats.modules().get(m) + " failed in every tick for "
                        + FAILING_TICKS / WorldLoop.TICK_RATE + " s"
                        + (last == null ? "" : " (" + last.hook().label() + " hook: " + last.error() + ")");
            }
        }
        return null;
    }

    private static ModuleStats.Failure lastOf(List<ModuleStats.Failure> failures, String module) {
        ModuleStats.Failure last = null;
        for (ModuleStats.Failure failure : failures) {
            if (failure.module().equals(module)) {
                last = failure;
            }
        }
        return last;
    }
}
