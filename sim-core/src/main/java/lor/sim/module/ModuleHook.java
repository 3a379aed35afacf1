package lor.sim.module;

/** The hooks of {@link ModuleRules}, by the names metrics and logs give them. */
public enum ModuleHook {
    BEGIN("begin"), ENTER("enter"), LEAVE("leave"), ACT("act"), WAKE("wake");

    private final String label;

    ModuleHook(String label) {
        this.label = label;
    }

    /** The name in {@code /metrics} ({@code hook="wake"}) and in logs. */
    public String label() {
        return label;
    }
}
