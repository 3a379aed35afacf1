package lor.sim.module;

/**
 * The game-module API's version. A module declares the version it was written against ({@link ModuleSpec#apiVersion});
 * a world refuses a module of another version, naming it, rather than run it against rules it does not know.
 */
public final class ModuleApi {

    /** This build's version of the module API. */
    public static final int VERSION = 1;

    private ModuleApi() {
    }
}
