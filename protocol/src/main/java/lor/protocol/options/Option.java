package lor.protocol.options;

/**
 * One command-line option, declared once: its name, the value it takes and how that value is read and checked, the
 * environment variable it falls back to, its default and its help line. The usage text and the parser both come from
 * this declaration ({@link OptionSet}), so a default is written in one place. Immutable: each {@code with}-style call
 * returns a copy, so a declaration reads as one expression.
 *
 * @param <T> what the option's value is read into
 */
public final class Option<T> {

    /** Reads an option's text into its value; refuses it with an {@link IllegalArgumentException} naming the option. */
    @FunctionalInterface
    public interface Reader<T> {
        /** @param option the name the option was given under (an alias reads its own name) */
        T read(String option, String text);
    }

    /** A second name for the same option with a help line of its own, such as {@code --game-port N}. */
    record Alias(String name, String valueLabel, String help) {
    }

    /** Classes rather than lambdas: see {@link Readers}. */
    private static final Reader<String> AS_TEXT = new Reader<>() {
        @Override
        public String read(String option, String text) {
            return text;
        }
    };
    private static final Reader<Boolean> GIVEN = new Reader<>() {
        @Override
        public Boolean read(String option, String text) {
            return Boolean.TRUE;
        }
    };

    private final String name;
    private final String valueLabel;
    private final Reader<T> reader;
    private final T defaultValue;
    private final String shownDefault;
    private final boolean describedDefault;
    private final String env;
    private final String help;
    private final Alias alias;

    private Option(String name, String valueLabel, Reader<T> reader, T defaultValue, String shownDefault,
                   boolean describedDefault, String env, String help, Alias alias) {
        this.name = name;
        this.valueLabel = valueLabel;
        this.reader = reader;
        this.defaultValue = defaultValue;
        this.shownDefault = shownDefault;
        this.describedDefault = describedDefault;
        this.env = env;
        this.help = help;
        this.alias = alias;
    }

    /**
     * An option that takes a value, without a default (its value is null unless given).
     *
     * @param valueLabel what the usage calls its value: {@code N}, {@code FILE}, {@code local|agones}
     */
    public static <T> Option<T> of(String name, String valueLabel, Reader<T> reader) {
        return new Option<>(checkedName(name), valueLabel, reader, null, null, false, null, "", null);
    }

    /** An option whose value is its text. */
    public static Option<String> text(String name, String valueLabel) {
        return of(name, valueLabel, AS_TEXT);
    }

    /** A switch: true when given, false otherwise; it takes no value. */
    public static Option<Boolean> flag(String name) {
        return new Option<>(checkedName(name), null, GIVEN, Boolean.FALSE, null, false, null, "", null);
    }

    private static String checkedName(String name) {
        if (!name.startsWith("--")) {
            throw new IllegalArgumentException("an option's name starts with --: " + name);
        }
        return name;
    }

    /** The value when the option is not given; the usage shows it as {@code (default VALUE)}. */
    public Option<T> defaultValue(T value) {
        return new Option<>(name, valueLabel, reader, value, value == null ? null : String.valueOf(value), false, env,
                help, alias);
    }

    /** The value when the option is not given, which the usage describes as {@code (default: DESCRIPTION)}. */
    public Option<T> defaultDescribed(T value, String description) {
        return new Option<>(name, valueLabel, reader, value, description, true, env, help, alias);
    }

    /**
     * The value when the option is not given, which the usage shows as {@code shown} where the help says
     * {@code {default}}, or as {@code (default SHOWN)} at its end.
     */
    public Option<T> defaultValue(T value, String shown) {
        return new Option<>(name, valueLabel, reader, value, shown, false, env, help, alias);
    }

    /** The environment variable read when the option is not given (the help line names it where it fits). */
    public Option<T> env(String variable) {
        return new Option<>(name, valueLabel, reader, defaultValue, shownDefault, describedDefault, variable, help,
                alias);
    }

    /**
     * Its help line, wrapped to the usage's width. The default is appended as {@code (default VALUE)}, unless the
     * text places it itself with {@code {default}} (for a default followed by a remark: {@code (default {default};
     * 0 = none)}).
     */
    public Option<T> help(String text) {
        return new Option<>(name, valueLabel, reader, defaultValue, shownDefault, describedDefault, env, text, alias);
    }

    /** A second name read by the same reader, listed in the usage with its own value label and help line. */
    public Option<T> alias(String otherName, String otherLabel, String otherHelp) {
        return new Option<>(name, valueLabel, reader, defaultValue, shownDefault, describedDefault, env, help,
                new Alias(otherName, otherLabel, otherHelp));
    }

    public String name() {
        return name;
    }

    public T defaultValue() {
        return defaultValue;
    }

    /** Whether the option takes a value (else it is a switch). */
    boolean takesValue() {
        return valueLabel != null;
    }

    String valueLabel() {
        return valueLabel;
    }

    String env() {
        return env;
    }

    Alias alias() {
        return alias;
    }

    T read(String givenAs, String text) {
        return reader.read(givenAs, text);
    }

    /** The help line with its default in place. */
    String helpLine() {
        if (shownDefault == null) {
            return help;
        }
        if (help.contains("{default}")) {
            return help.replace("{default}", shownDefault);
        }
        String shown = describedDefault ? "(default: " + shownDefault + ")" : "(default " + shownDefault + ")";
        return help.isEmpty() ? shown : help + " " + shown;
    }

    @Override
    public String toString() {
        return name;
    }
}
