package lor.world.content;

import java.util.Set;

import lor.sim.module.GameModule;
import lor.sim.module.ModuleApi;
import lor.sim.module.ModuleRules;
import lor.sim.module.ModuleSettings;
import lor.sim.module.ModuleSpec;

/**
 * Modules as a studio's jars provide them, for {@link GameModulesTest}: a test writes a jar whose service file names
 * these classes, and {@link java.util.ServiceLoader} makes them by name, as it does a studio's.
 */
public final class StudioModules {

    private static final ModuleRules NOTHING = (world, entity, action, fields) -> null;

    private StudioModules() {
    }

    /** A module that declares {@code spec} and whose rules do nothing. */
    private abstract static class Declared implements GameModule {

        private final ModuleSpec spec;

        Declared(ModuleSpec spec) {
            this.spec = spec;
        }

        @Override
        public ModuleSpec spec() {
            return spec;
        }

        @Override
        public ModuleRules rules(ModuleSettings settings) {
            return NOTHING;
        }
    }

    /** A module as it should be: a declaration, and one setting with a default and bounds. */
    public static final class Tides extends Declared {

        public Tides() {
            super(ModuleSpec.builder("tides").attribute("wet", 0, 10, 0).action("wade").build());
        }

        @Override
        public ModuleRules rules(ModuleSettings settings) {
            settings.onlyKeys(Set.of("period"));
            settings.integer("period", 100, 1, 1000);
            return super.rules(settings);
        }
    }

    /** Written against a module API this server does not run. */
    public static final class Currents extends Declared {

        public Currents() {
            super(ModuleSpec.builder("currents").apiVersion(ModuleApi.VERSION + 1).build());
        }
    }

    /** A second module called elementals, which the server has built in. */
    public static final class OtherElementals extends Declared {

        public OtherElementals() {
            super(ModuleSpec.builder("elementals").build());
        }
    }

    /** Its constructor fails, so nobody learns which module it would have been. */
    public static final class Unlicensed extends Declared {

        public Unlicensed() {
            super(null);
            throw new IllegalStateException("no licence file");
        }
    }

    /** Made, but cannot say what it is. */
    public static final class Unready extends Declared {

        public Unready() {
            super(null);
        }

        @Override
        public ModuleSpec spec() {
            throw new IllegalStateException("spec not ready");
        }
    }

    /** Declares itself, then fails when a world asks for its rules. */
    public static final class Quakes extends Declared {

        public Quakes() {
            super(ModuleSpec.builder("quakes").build());
        }

        @Override
        public ModuleRules rules(ModuleSettings settings) {
            throw new IllegalStateException("boom");
        }
    }
}
