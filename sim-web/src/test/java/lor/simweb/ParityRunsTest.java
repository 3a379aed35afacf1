package lor.simweb;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The browser parity test's runs ({@link ParityRuns}), checked on the JVM before any browser sees them: a script
 * replays to the hashes it was played with, and the runs exercise what the comparison is for. Were the players to
 * stop building, or ports never to meet, the browser would compare little; this fails instead.
 */
class ParityRunsTest {

    private static List<ParityRuns.Run> runs;
    private static List<ParityRuns.Run> elementals;

    @BeforeAll
    static void play() {
        runs = ParityRuns.all();
        elementals = ParityRuns.elementals();
    }

    @Test
    void aScriptReplaysToTheHashesItWasPlayedWith() {
        for (ParityRuns.Run run : runs) {
            long[] replayed = new ScriptedRun(run.pack(), run.map(), run.seed(), run.npcs()).run(run.script());

            assertThat(replayed).as("%s replayed", run).containsExactly(run.hashes());
        }
    }

    @Test
    void inEveryRunPlayersWalkAndEveryObjectActionIsCarriedOut() {
        for (ParityRuns.Run run : runs) {
            assertThat(run.coverage()).as("%s", run).containsKeys("move moved", "build done", "put done",
                    "take done", "set_recipe done", "dismantle done", "port delivered");
        }
    }

    @Test
    void theDefaultPackSmeltsAtNightBurnsInItsKilnAndFloods() {
        assertThat(runs.get(0).coverage()).as("%s", runs.get(0)).containsKeys("gated recipe finished",
                "formula changed a stock", "cells transmuted", "move wall");
    }

    @Test
    void theRandomPacksTogetherRunRecipesOnLinesChainedPortsFormulasAndTransmutes() {
        Map<String, Integer> all = new TreeMap<>();
        for (ParityRuns.Run run : runs.subList(1, runs.size())) {
            run.coverage().forEach((what, n) -> all.merge(what, n, Integer::sum));
        }

        assertThat(all).containsKeys("recipe finished", "gated recipe finished", "formula changed a stock",
                "port chain", "cells transmuted", "build missing_items", "put no_room", "take bad_count",
                "set_recipe unknown_recipe", "dismantle no_object", "move wall", "move occupied");
    }

    @Test
    void aDescriptionShowsEntitiesObjectsAndInventories() {
        ParityRuns.Run run = runs.get(1);
        String state = run.describeAfter(400);

        assertThat(state).startsWith("tick 400, clock line ").contains(" NPC account 0 at ")
                .contains(" PLAYER account ").contains("\nobject ").contains("\ninventory ");
    }

    @Test
    void elementalsRunsReplayAndCastFightAndBurn() {
        for (ParityRuns.Run run : elementals) {
            long[] replayed = new ScriptedRun(run.pack(), run.map(), run.seed(), run.npcs()).run(run.script());

            assertThat(replayed).as("%s replayed", run).containsExactly(run.hashes());
            assertThat(run.coverage()).as("%s", run).containsKeys("move moved", "cast done", "field fire",
                    "field ash", "field water", "field earth", "hp below default");
        }
    }

    @Test
    void anElementalsDescriptionShowsAttributesAndTheField() {
        String state = elementals.get(0).describeAfter(2_000);

        assertThat(state).contains("\nattributes ").contains(" hp=").contains("\nfield elementals {");
    }
}
