package lor.sim.module;

/**
 * One world's instance of a module's rules: the hooks the world runs on its tick thread, each at a fixed point of the
 * tick (docs/modules.md, "The tick"). Each hook gets the {@link ModuleWorld} view of this world for this module and
 * may change the world only through it. A hook that throws changes nothing: whatever it did through the view in that
 * call is undone, an action is refused with {@code module_error}, and the world counts the failure.
 *
 * <p>What the world must remember for the module lives in the world, through the view: its field layer, its
 * attributes and entity data, its NPCs and its wakes; all of it is in the world's state hash and snapshots. Fields of
 * the object implementing this interface are for what can be computed again (caches, scratch arrays), never for
 * state: a world hydrated from a snapshot, or a predicting client, has a fresh instance.
 */
public interface ModuleRules {

    /** A world that starts with nothing of this module yet (not one hydrated from a snapshot holding its state). */
    default void begin(ModuleWorld world) {
    }

    /** A player's entity has entered the world (joined, or arrived through a portal). */
    default void playerEntered(ModuleWorld world, int entity) {
    }

    /** A player's entity is about to leave the world; it is still there during the call. */
    default void playerLeft(ModuleWorld world, int entity) {
    }

    /**
     * One of this module's actions, in the tick's actions phase, in ascending entity id order with the players'
     * other intents. The fields have been checked against the declaration: one int per declared field, in its order.
     *
     * @param action the action's index among this module's declared actions
     * @return null when the action was carried out, else the reason it was refused (one the module declares, or one of
     *         the contract's); a refused action's changes are undone
     */
    String act(ModuleWorld world, int entity, int action, int[] fields);

    /** A wake this module scheduled ({@link ModuleWorld#wakeAt}) has come due, in the tick's module phase. */
    default void wake(ModuleWorld world, int key, int tag) {
    }
}
