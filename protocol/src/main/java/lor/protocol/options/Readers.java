package lor.protocol.options;

import java.nio.file.Path;

import lor.protocol.Names;

/** The readers most options share, each refusing a value with a message that names the option. */
public final class Readers {

    private Readers() {
    }

    /**
     * A whole number from {@code min} to {@code max}; {@code _} may group digits ({@code 30_000}). Refuses with
     * {@code --x needs a whole number, got "TEXT"} or {@code --x must be between MIN and MAX, got N}.
     */
    public static Option.Reader<Long> longIn(long min, long max) {
        return (option, text) -> {
            long parsed;
            try {
                parsed = Long.parseLong(text.replace("_", ""));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(option + " needs a whole number, got \"" + text + "\"");
            }
            if (parsed < min || parsed > max) {
                throw new IllegalArgumentException(option + " must be between " + min + " and " + max + ", got "
                        + parsed);
            }
            return parsed;
        };
    }

    /** {@link #longIn} for an {@code int}. */
    public static Option.Reader<Integer> intIn(int min, int max) {
        Option.Reader<Long> whole = longIn(min, max);
        return (option, text) -> whole.read(option, text).intValue();
    }

    /** A content name (a map, a content pack, a world id): 1-32 of {@code [a-z0-9_-]}. */
    public static String contentName(String option, String text) {
        if (!Names.isContentName(text)) {
            throw new IllegalArgumentException(option + " must be 1-32 of [a-z0-9_-]");
        }
        return text;
    }

    /** A path as given (relative to the working directory). */
    public static Path path(String option, String text) {
        return Path.of(text);
    }

    /** A path made absolute: another process, started elsewhere, must find the same file. */
    public static Path absolutePath(String option, String text) {
        return Path.of(text).toAbsolutePath().normalize();
    }
}
