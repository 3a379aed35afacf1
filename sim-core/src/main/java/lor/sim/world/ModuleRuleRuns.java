package lor.sim.world;

import java.util.Arrays;
import java.util.function.LongSupplier;

import lor.sim.content.ContentPack;
import lor.sim.module.ModuleHook;
import lor.sim.module.ObjectRuleSpec;
import lor.sim.module.WorldModules;
import lor.sim.objects.RuleRuns;

/**
 * Counts the runs of modules' Java object rules in the world's {@link ModuleStats}, under {@link ModuleHook#RULE}
 * and the module that provides each rule: a rule that throws (its run undone by the object engine) is a failure of
 * its module as a hook's is, logged, reported and judged by the server alike. One hook name for every rule keeps the
 * metrics' labels a fixed set; the log's stack trace names the rule's class.
 */
final class ModuleRuleRuns implements RuleRuns {

    private final ModuleStats stats;
    /** Per object kind, the module providing its Java rule, -1 for none of the world's. */
    private final int[] moduleOfKind;
    /** The owner's clock in nanoseconds, to time runs by; null for none. */
    private LongSupplier clock;

    ModuleRuleRuns(ContentPack pack, WorldModules modules, ModuleStats stats) {
        this.stats = stats;
        this.moduleOfKind = new int[pack.kindCount()];
        Arrays.fill(moduleOfKind, -1);
        for (int k = 0; k < moduleOfKind.length; k++) {
            String id = pack.kind(k).ruleId();
            for (int m = 0; id != null && m < modules.size(); m++) {
                for (ObjectRuleSpec rule : modules.spec(m).objectRules()) {
                    if (rule.id().equals(id)) {
                        moduleOfKind[k] = m;
                    }
                }
            }
        }
    }

    void clock(LongSupplier nanoTime) {
        this.clock = nanoTime;
    }

    @Override
    public long starting(int kind) {
        return clock == null || moduleOfKind[kind] < 0 ? 0 : clock.getAsLong();
    }

    @Override
    public void ran(int kind, long start, long tick, RuntimeException failure) {
        int module = moduleOfKind[kind];
        if (module < 0) {
            // A rule registered by hand (a test's pack), not by one of this world's modules: contained, not counted.
            return;
        }
        if (failure != null) {
            stats.failed(module, ModuleHook.RULE, tick, failure);
        }
        stats.ran(module, ModuleHook.RULE, 1, clock == null ? 0 : clock.getAsLong() - start);
    }
}
