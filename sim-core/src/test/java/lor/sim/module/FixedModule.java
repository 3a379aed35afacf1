package lor.sim.module;

/** A module for tests: a declaration and the one rules instance every world of the test runs. */
public final class FixedModule implements GameModule {

    private final ModuleSpec spec;
    private final ModuleRules rules;

    private FixedModule(ModuleSpec spec, ModuleRules rules) {
        this.spec = spec;
        this.rules = rules;
    }

    public static GameModule of(ModuleSpec spec, ModuleRules rules) {
        return new FixedModule(spec, rules);
    }

    @Override
    public ModuleSpec spec() {
        return spec;
    }

    @Override
    public ModuleRules rules(ModuleSettings settings) {
        return rules;
    }
}
