package lor.sim.module;

import java.util.List;

import lor.sim.content.Ids;

/**
 * The form of every name a module declares (module, action, field, attribute, cell value, enum value, reason), as
 * the contract gives it: 1 to 32 of {@code a-z}, {@code 0-9} and {@code _}, starting with a letter; the form of a
 * pack's ids.
 */
public final class ModuleNames {

    public static final String PATTERN = Ids.PATTERN;
    /** Keys of the {@code act} message itself, which no action field may take. */
    public static final List<String> RESERVED_FIELDS = List.of("type", "action", "seq", "ref");

    private ModuleNames() {
    }

    public static boolean isValid(String name) {
        return Ids.isValid(name);
    }

    /** @throws ModuleException naming {@code what} when {@code name} is not of the form */
    static String check(String what, String name) {
        if (!isValid(name)) {
            throw new ModuleException(what + " name " + quoted(name) + " must match " + PATTERN);
        }
        return name;
    }

    static String quoted(String name) {
        return name == null ? "null" : "\"" + name + "\"";
    }
}
