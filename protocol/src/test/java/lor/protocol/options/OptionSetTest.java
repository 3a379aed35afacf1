package lor.protocol.options;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;

class OptionSetTest {

    private static final Option<Integer> PORT = Option.of("--port", "N", Readers.intIn(0, 65535)).defaultValue(8080)
            .help("the port");
    private static final Option<String> DB_URL = Option.text("--db-url", "URL").env("LOR_DB_URL")
            .help("the database (env LOR_DB_URL)");
    private static final Option<Path> DATA_DIR = Option.of("--data-dir", "DIR", Readers.PATH)
            .defaultValue(Path.of("data"), "./data").help("where data lives");
    private static final Option<Boolean> VERBOSE = Option.flag("--verbose").help("say more");
    private static final Option<Boolean> HELP = Option.flag("--help").alias("-h", null, null).help("print this");

    private final OptionSet options = OptionSet.of(PORT, DB_URL, DATA_DIR, VERBOSE, HELP).header("usage: x\n");

    @Test
    void readsBothFormsOfAValueAndSwitches() {
        OptionValues values = options.parse("--port", "1", "--db-url=jdbc:x", "--verbose");

        assertThat(values.get(PORT)).isEqualTo(1);
        assertThat(values.get(DB_URL)).isEqualTo("jdbc:x");
        assertThat(values.get(VERBOSE)).isTrue();
        assertThat(values.get(HELP)).isFalse();
    }

    @Test
    void fallsBackOnTheEnvironmentThenOnTheDefault() {
        OptionValues values = options.parse(new String[0], Map.of("LOR_DB_URL", "jdbc:env"));

        assertThat(values.get(DB_URL)).isEqualTo("jdbc:env");
        assertThat(values.has(DB_URL)).isTrue();
        assertThat(values.get(PORT)).isEqualTo(8080);
        assertThat(values.has(PORT)).isFalse();
        assertThat(options.parse("--db-url", "jdbc:arg").get(DB_URL)).isEqualTo("jdbc:arg");
        assertThat(options.parse(new String[] {"--db-url", "jdbc:arg"}, Map.of("LOR_DB_URL", "jdbc:env"))
                .get(DB_URL)).isEqualTo("jdbc:arg");
    }

    @Test
    void readsAValueOnlyWhenAskedSoHelpWinsOverABadOne() {
        OptionValues values = options.parse("--port", "many", "-h");

        assertThat(values.get(HELP)).isTrue();
        assertThatThrownBy(() -> values.get(PORT)).hasMessage("--port needs a whole number, got \"many\"");
    }

    @Test
    void namesWhatIsWrongWithTheLine() {
        assertThatThrownBy(() -> options.parse("8080")).hasMessage("unexpected argument 8080");
        assertThatThrownBy(() -> options.parse("--colour=red")).hasMessage("unknown option --colour (see --help)");
        assertThatThrownBy(() -> options.parse("--port")).hasMessage("option --port needs a value");
        assertThatThrownBy(() -> options.parse("--verbose=yes")).hasMessage("option --verbose takes no value");
        assertThatThrownBy(() -> OptionSet.of(PORT).parse("--colour")).hasMessage("unknown option --colour");
    }

    @Test
    void mayTakeAnUnknownOptionLastOnTheLineForOneMissingItsValue() {
        assertThatThrownBy(() -> options.parse("--port", "1", "--kill"))
                .hasMessage("unknown option --kill (see --help)");
        assertThatThrownBy(() -> options.missingValueFirst().parse("--port", "1", "--kill"))
                .hasMessage("option --kill needs a value");
        assertThatThrownBy(() -> options.missingValueFirst().parse("--kill", "1"))
                .hasMessage("unknown option --kill (see --help)");
    }

    @Test
    void takesTheLastOfARepeatedOptionUnlessRepeatsAreRefused() {
        assertThat(options.parse("--port", "1", "--port", "2").get(PORT)).isEqualTo(2);
        assertThatThrownBy(() -> options.refusingRepeats().parse("--port", "1", "--port", "2"))
                .hasMessage("option --port given twice");
    }

    @Test
    void readsAnAliasUnderItsOwnName() {
        Option<String> ports = Option.of("--game-ports", "FROM-TO", (option, text) -> option + "=" + text)
                .alias("--game-port", "N", "one port");

        assertThat(OptionSet.of(ports).parse("--game-port", "9").get(ports)).isEqualTo("--game-port=9");
        assertThat(OptionSet.of(ports).usage()).contains("--game-ports FROM-TO").contains("--game-port N");
    }

    @Test
    void writesTheUsageFromTheDeclarations() {
        assertThat(options.usage()).isEqualTo("""
                usage: x
                  --port N                  the port (default 8080)
                  --db-url URL              the database (env LOR_DB_URL)
                  --data-dir DIR            where data lives (default ./data)
                  --verbose                 say more
                  --help                    print this
                """);
    }

    @Test
    void placesADefaultWhereTheHelpSaysAndDescribesOneThatIsNotAValue() {
        Option<Integer> spares = Option.of("--warm-spares", "N", Readers.intIn(0, 16)).defaultValue(1)
                .help("spare processes (default {default}; 0 = none)");
        Option<Integer> threads = Option.of("--threads", "N", Readers.intIn(1, 64)).defaultDescribed(4,
                "available processors").help("threads");

        assertThat(OptionSet.of(spares, threads).usage()).contains("spare processes (default 1; 0 = none)")
                .contains("threads (default: available processors)");
    }

    @Test
    void wrapsLongHelpAndPutsALongLabelOnALineOfItsOwn() {
        Option<Integer> longName = Option.of("--max-new-connections-per-second", "N", Readers.intIn(0, 9))
                .help("word ".repeat(40).trim());

        String usage = OptionSet.of(longName).usage();

        assertThat(usage).startsWith("  --max-new-connections-per-second N\n                            word word");
        assertThat(usage.lines()).allSatisfy(line -> assertThat(line.length()).isLessThanOrEqualTo(118));
        assertThat(usage.lines().count()).isGreaterThan(2);
    }

    @Test
    void refusesAnOptionItDoesNotDeclare() {
        assertThatThrownBy(() -> OptionSet.of(PORT).parse().get(DB_URL)).isInstanceOf(IllegalStateException.class);
    }
}
