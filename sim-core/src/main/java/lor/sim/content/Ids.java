package lor.sim.content;

import java.util.regex.Pattern;

/** The form of every id in a pack: short, lower case, usable as a name in a formula. */
final class Ids {

    static final String PATTERN = "[a-z][a-z0-9_]{0,31}";
    private static final Pattern COMPILED = Pattern.compile(PATTERN);

    private Ids() {
    }

    static boolean isValid(String id) {
        return id != null && COMPILED.matcher(id).matches();
    }
}
