package lor.sim.content;

import java.util.regex.Pattern;

/**
 * The form of every id in a pack, and of every name a game module declares: short, lower case, usable as a name in a
 * formula.
 */
public final class Ids {

    public static final String PATTERN = "[a-z][a-z0-9_]{0,31}";
    private static final Pattern COMPILED = Pattern.compile(PATTERN);

    private Ids() {
    }

    public static boolean isValid(String id) {
        return id != null && COMPILED.matcher(id).matches();
    }
}
