package lor.sim.module;

/**
 * The hooks of {@link ModuleRules}, by the names metrics and logs give them, and {@link #RULE}: the runs of the Java
 * object rules a module provides ({@link ModuleSpec.Builder#objectRule}), counted and contained as a hook's calls are.
 * New hooks go last: a hook's ordinal is part of the randomness a module draws.
 */
public enum ModuleHook {
    BEGIN("begin"), ENTER("enter"), LEAVE("leave"), ACT("act"), WAKE("wake"), RULE("rule");

    private final String label;

    ModuleHook(String label) {
        this.label = label;
    }

    /** The name in {@code /metrics} ({@code hook="wake"}) and in logs. */
    public String label() {
        return label;
    }
}
