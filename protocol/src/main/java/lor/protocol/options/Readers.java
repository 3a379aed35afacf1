package lor.protocol.options;

import java.nio.file.Path;

import lor.protocol.Names;

/**
 * The readers most options share, each refusing a value with a message that names the option. They are classes, not
 * lambdas: a world process reads its options first thing, and each lambda's first linkage costs a cold JVM about a
 * millisecond.
 */
public final class Readers {

    /** A content name (a map, a content pack): 1-32 of {@code [a-z0-9_-]}. */
    public static final Option.Reader<String> CONTENT_NAME = new ContentName();
    /** A path as given (relative to the working directory). */
    public static final Option.Reader<Path> PATH = new AsPath(false);
    /** A path made absolute: another process, started elsewhere, must find the same file. */
    public static final Option.Reader<Path> ABSOLUTE_PATH = new AsPath(true);

    private Readers() {
    }

    /**
     * A whole number from {@code min} to {@code max}; {@code _} may group digits ({@code 30_000}). Refuses with
     * {@code --x needs a whole number, got "TEXT"} or {@code --x must be between MIN and MAX, got N}.
     */
    public static Option.Reader<Long> longIn(long min, long max) {
        return new WholeNumber(min, max);
    }

    /** {@link #longIn} for an {@code int}. */
    public static Option.Reader<Integer> intIn(int min, int max) {
        return new IntNumber(new WholeNumber(min, max));
    }

    private static final class WholeNumber implements Option.Reader<Long> {
        private final long min;
        private final long max;

        WholeNumber(long min, long max) {
            this.min = min;
            this.max = max;
        }

        @Override
        public Long read(String option, String text) {
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
        }
    }

    private static final class IntNumber implements Option.Reader<Integer> {
        private final WholeNumber whole;

        IntNumber(WholeNumber whole) {
            this.whole = whole;
        }

        @Override
        public Integer read(String option, String text) {
            return whole.read(option, text).intValue();
        }
    }

    private static final class ContentName implements Option.Reader<String> {
        @Override
        public String read(String option, String text) {
            if (!Names.isContentName(text)) {
                throw new IllegalArgumentException(option + " must be 1-32 of [a-z0-9_-]");
            }
            return text;
        }
    }

    private static final class AsPath implements Option.Reader<Path> {
        private final boolean absolute;

        AsPath(boolean absolute) {
            this.absolute = absolute;
        }

        @Override
        public Path read(String option, String text) {
            Path path = Path.of(text);
            return absolute ? path.toAbsolutePath().normalize() : path;
        }
    }
}
