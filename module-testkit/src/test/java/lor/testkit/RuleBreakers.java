package lor.testkit;

import lor.sim.module.GameModule;
import lor.sim.module.ModuleRules;
import lor.sim.module.ModuleSettings;
import lor.sim.module.ModuleSpec;
import lor.sim.module.ModuleWorld;

/** Modules that break the determinism rules, each its own way, for the harness to catch. */
final class RuleBreakers {

    private RuleBreakers() {
    }

    private static ModuleSpec declare(String name) {
        return ModuleSpec.builder(name).action("count").attribute("count", 0, Integer.MAX_VALUE, 0).build();
    }

    /** Counts actions in a static field: two worlds in one JVM share it (rule 2, no static mutable state). */
    static final class StaticCounter implements GameModule {

        static final ModuleSpec SPEC = declare("static_counter");
        private static int counted;

        @Override
        public ModuleSpec spec() {
            return SPEC;
        }

        @Override
        public ModuleRules rules(ModuleSettings settings) {
            return (world, entity, action, fields) -> {
                world.setAttribute(entity, 0, ++counted);
                return null;
            };
        }
    }

    /**
     * Counts actions in a field of its rules: the same in two straight runs, lost when a world restarts (rule 1,
     * every piece of state in the world).
     */
    static final class HiddenState implements GameModule {

        static final ModuleSpec SPEC = declare("hidden_state");

        @Override
        public ModuleSpec spec() {
            return SPEC;
        }

        @Override
        public ModuleRules rules(ModuleSettings settings) {
            return new ModuleRules() {
                private int counted;

                @Override
                public String act(ModuleWorld world, int entity, int action, int[] fields) {
                    world.setAttribute(entity, 0, ++counted);
                    return null;
                }
            };
        }
    }
}
