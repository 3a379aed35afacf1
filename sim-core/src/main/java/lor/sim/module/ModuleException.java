package lor.sim.module;

/**
 * A module or a world's set of modules that cannot run: a bad declaration, a missing module, another API version, two
 * modules that claim one name. The message names the module and the entry, for the operator who reads a failed
 * world's reason.
 */
public final class ModuleException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public ModuleException(String message) {
        super(message);
    }
}
