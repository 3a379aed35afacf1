package lor.protocol.control;

import java.util.List;

import lor.protocol.Message;

/**
 * World → director, once a second beside {@code world_load} while the world runs game modules: how each hook of each
 * of its modules has run. Counts and {@code seconds} are totals since the world was built in this process (a
 * restarted world starts them again, as a restarted process's counters do); {@code secondsPerTick} is over the
 * interval since the previous report.
 *
 * @param hooks one entry per module and hook, each pair once, at most {@link #MAX_HOOKS}
 */
public record WorldModulesMessage(String worldId, List<HookStats> hooks) implements Message {

    public static final String TYPE = "world_modules";
    /** The hooks' names, as sim-core's {@code ModuleHook} labels them: protocol does not depend on sim-core. */
    public static final List<String> HOOK_NAMES = List.of("begin", "enter", "leave", "act", "wake", "rule");
    /** More modules than any pack is expected to name; each is a few series on the director's {@code /metrics}. */
    public static final int MAX_MODULES = 64;
    public static final int MAX_HOOKS = MAX_MODULES * HOOK_NAMES.size();

    public WorldModulesMessage {
        hooks = List.copyOf(hooks);
    }

    /**
     * One module's hook.
     *
     * @param module         the module's name ({@code lor.protocol.Names#MODULE_NAME})
     * @param hook           one of {@link #HOOK_NAMES}
     * @param calls          times it ran, failed ones included
     * @param errors         times it threw
     * @param seconds        time it took, by the world's clock
     * @param secondsPerTick time it took over the last report's interval, divided by the ticks in it
     */
    public record HookStats(String module, String hook, long calls, long errors, double seconds,
                            double secondsPerTick) {
    }

    @Override
    public String type() {
        return TYPE;
    }
}
