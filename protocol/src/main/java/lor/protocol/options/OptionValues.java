package lor.protocol.options;

import java.util.List;
import java.util.Map;

/** A parsed command line: each option's value, read from its text, its environment variable or its default. */
public final class OptionValues {

    /** What the line held for an option: the name it was given under and its text ({@code ""} for a switch). */
    record Given(String name, String text) {
    }

    private final Map<Option<?>, Given> given;
    private final Map<String, String> env;
    private final List<Option<?>> declared;

    OptionValues(Map<Option<?>, Given> given, Map<String, String> env, List<Option<?>> declared) {
        this.given = given;
        this.env = env;
        this.declared = declared;
    }

    /**
     * The option's value: its text as given, else its environment variable's, else its default.
     *
     * @throws IllegalArgumentException from the option's reader when it refuses the text
     */
    public <T> T get(Option<T> option) {
        Given g = given.get(checked(option));
        if (g != null) {
            return option.read(g.name(), g.text());
        }
        String fromEnv = fromEnv(option);
        return fromEnv != null ? option.read(option.name(), fromEnv) : option.defaultValue();
    }

    /** Whether the option was given, on the line or in its environment variable. */
    public boolean has(Option<?> option) {
        return given.containsKey(checked(option)) || fromEnv(option) != null;
    }

    private String fromEnv(Option<?> option) {
        return option.env() == null ? null : env.get(option.env());
    }

    private Option<?> checked(Option<?> option) {
        for (Option<?> d : declared) {
            if (d == option) {
                return option;
            }
        }
        throw new IllegalStateException(option + " is not an option of this command");
    }
}
