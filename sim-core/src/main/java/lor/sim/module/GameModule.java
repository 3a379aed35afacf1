package lor.sim.module;

/**
 * A studio's game rules, written once in Java against this package and run by the worlds whose pack names the module:
 * with authority on the server, and by every predicting client with the very same code. A module's code keeps to the
 * determinism rules of docs/modules.md: no threads, I/O, wall clock or static mutable state; what it reads comes from
 * the world it is handed, and its randomness from the world's seed and the tick.
 *
 * <p>An implementation is a factory without state of its own: one instance serves every world of a process.
 */
public interface GameModule {

    /** What the module adds to a world: its name, API version, actions, attributes, cell values and reasons. */
    ModuleSpec spec();

    /**
     * The rules one world runs, tuned by its pack's settings section for this module.
     *
     * @throws lor.sim.content.ContentException naming the entry when a setting is missing, unknown or out of range
     */
    ModuleRules rules(ModuleSettings settings);
}
