package lor.sim.module;

import java.util.Map;

import lor.sim.content.ContentPack;

/**
 * An {@code act} as a world's tick is handed it: the module's action and its fields as ints, or the reason it is
 * refused before any module sees it ({@code unknown_action}, {@code bad_field}). The world server checks every
 * {@code act} frame with it on the event loop, and the test kit every action a test sends, so that a test is refused
 * exactly as a client would be.
 *
 * @param refusal null for an action to run
 */
public record CheckedAct(WorldModules.ActionRef action, int[] fields, String refusal) {

    /** The contract's reason for an action no module of the world declares. */
    public static final String UNKNOWN_ACTION = "unknown_action";
    /** The contract's reason for fields that do not match the action's declaration. */
    public static final String BAD_FIELD = "bad_field";

    private static final CheckedAct UNKNOWN = new CheckedAct(null, null, UNKNOWN_ACTION);
    private static final CheckedAct BAD = new CheckedAct(null, null, BAD_FIELD);

    /**
     * @param action the action's name as sent, or null
     * @param fields the fields as sent ({@link ActionArguments#check}); the tick never sees a client's string
     */
    public static CheckedAct of(String action, Map<String, ?> fields, WorldModules modules, ContentPack pack) {
        WorldModules.ActionRef ref = action == null ? null : modules.action(action);
        if (ref == null) {
            return UNKNOWN;
        }
        ActionArguments.Checked checked = ActionArguments.check(ref.spec(), fields, pack);
        if (!checked.ok()) {
            return BAD;
        }
        return new CheckedAct(ref, checked.values(), null);
    }
}
