package lor.protocol.options;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * A command's options, in the order its usage lists them: parses a command line into {@link OptionValues} and
 * writes the usage text, both from the same {@link Option} declarations.
 *
 * <p>An option is given as {@code --name value} or {@code --name=value}; a switch as {@code --name}. Parsing refuses
 * an argument that is not an option ({@code unexpected argument X}), an undeclared option ({@code unknown option
 * --x}, with {@code (see --help)} when the command has a {@code --help}) and an option without its value
 * ({@code option --x needs a value}). Values are read only when asked for ({@link OptionValues#get}), so a command
 * can answer {@code --help} whatever else its line holds. A repeated option takes its last value, unless the set
 * {@link #refusingRepeats() refuses repeats}.
 */
public final class OptionSet {

    /** Where a usage line's help text starts, and how wide the usage is. */
    private static final int DEFAULT_COLUMN = 28;
    private static final int WIDTH = 118;

    private final List<Option<?>> options;
    private final Map<String, Option<?>> byName = new HashMap<>();
    private final String header;
    private final String footer;
    private final int column;
    private final boolean refuseRepeats;
    private final boolean missingValueFirst;

    private OptionSet(List<Option<?>> options, String header, String footer, int column, boolean refuseRepeats,
                      boolean missingValueFirst) {
        this.options = List.copyOf(options);
        this.header = header;
        this.footer = footer;
        this.column = column;
        this.refuseRepeats = refuseRepeats;
        this.missingValueFirst = missingValueFirst;
        for (Option<?> option : this.options) {
            declare(option.name(), option);
            if (option.alias() != null) {
                declare(option.alias().name(), option);
            }
        }
    }

    public static OptionSet of(List<Option<?>> options) {
        return new OptionSet(options, "", "", DEFAULT_COLUMN, false, false);
    }

    public static OptionSet of(Option<?>... options) {
        return of(List.of(options));
    }

    /** The text the usage starts with (its {@code usage:} line and what the command does), up to the options. */
    public OptionSet header(String text) {
        return new OptionSet(options, text, footer, column, refuseRepeats, missingValueFirst);
    }

    /** The text the usage ends with, after the options. */
    public OptionSet footer(String text) {
        return new OptionSet(options, header, text, column, refuseRepeats, missingValueFirst);
    }

    /** The column where the usage's help lines start (a longer name and value label goes on a line of its own). */
    public OptionSet helpColumn(int helpColumn) {
        return new OptionSet(options, header, footer, helpColumn, refuseRepeats, missingValueFirst);
    }

    /** An option given twice is refused ({@code option --x given twice}) instead of taking its last value. */
    public OptionSet refusingRepeats() {
        return new OptionSet(options, header, footer, column, true, missingValueFirst);
    }

    /**
     * An unknown option last on the line is refused as missing its value ({@code option --x needs a value}): for a
     * command whose users more often cut a line short than mistype a switch.
     */
    public OptionSet missingValueFirst() {
        return new OptionSet(options, header, footer, column, refuseRepeats, true);
    }

    /** Parses a command line with no environment to fall back on. */
    public OptionValues parse(String... args) {
        return parse(args, Map.of());
    }

    /**
     * @param env read for an option not given, when it names a variable
     * @throws IllegalArgumentException naming what in {@code args} cannot be an option line
     */
    public OptionValues parse(String[] args, Map<String, String> env) {
        Map<Option<?>, OptionValues.Given> given = new IdentityHashMap<>();
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            String name = arg;
            String value = null;
            int eq = arg.indexOf('=');
            if (arg.startsWith("--") && eq > 0) {
                name = arg.substring(0, eq);
                value = arg.substring(eq + 1);
            }
            Option<?> option = byName.get(name);
            if (option == null) {
                if (!arg.startsWith("--")) {
                    throw new IllegalArgumentException("unexpected argument " + arg);
                }
                if (missingValueFirst && value == null && i + 1 == args.length) {
                    throw new IllegalArgumentException("option " + name + " needs a value");
                }
                throw new IllegalArgumentException("unknown option " + name
                        + (byName.containsKey("--help") ? " (see --help)" : ""));
            }
            if (!option.takesValue()) {
                if (value != null) {
                    throw new IllegalArgumentException("option " + name + " takes no value");
                }
                value = "";
            } else if (value == null) {
                if (i + 1 >= args.length) {
                    throw new IllegalArgumentException("option " + name + " needs a value");
                }
                value = args[++i];
            }
            if (given.put(option, new OptionValues.Given(name, value)) != null && refuseRepeats
                    && option.takesValue()) {
                throw new IllegalArgumentException("option " + name + " given twice");
            }
        }
        return new OptionValues(given, env, options);
    }

    /** The header, one entry per option (and alias) with its help line and default, and the footer. */
    public String usage() {
        StringBuilder out = new StringBuilder(header);
        for (Option<?> option : options) {
            entry(out, option.name(), option.valueLabel(), option.helpLine());
            Option.Alias alias = option.alias();
            if (alias != null && alias.help() != null) {
                entry(out, alias.name(), alias.valueLabel(), alias.help());
            }
        }
        return out.append(footer).toString();
    }

    private void entry(StringBuilder out, String name, String valueLabel, String help) {
        String label = "  " + name + (valueLabel == null ? "" : " " + valueLabel);
        out.append(label);
        int at = label.length();
        if (at >= column && !help.isEmpty()) {
            out.append('\n');
            at = 0;
        }
        for (String word : help.split(" ")) {
            if (at > column && at + 1 + word.length() > WIDTH) {
                out.append('\n');
                at = 0;
            }
            if (at < column) {
                out.append(" ".repeat(column - at));
                at = column;
            } else {
                out.append(' ');
                at++;
            }
            out.append(word);
            at += word.length();
        }
        out.append('\n');
    }

    private void declare(String name, Option<?> option) {
        if (byName.put(name, option) != null) {
            throw new IllegalArgumentException("option " + name + " is declared twice");
        }
    }

    /** The declared options, in usage order. */
    public List<Option<?>> options() {
        return new ArrayList<>(options);
    }
}
