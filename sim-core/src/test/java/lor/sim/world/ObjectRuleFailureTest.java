package lor.sim.world;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import lor.sim.content.ContentPack;
import lor.sim.content.ObjectContext;
import lor.sim.content.ObjectRule;
import lor.sim.content.PackDef;
import lor.sim.content.TestPacks;
import lor.sim.grid.Direction;
import lor.sim.grid.Grid;
import lor.sim.grid.MapText;
import lor.sim.module.GameModule;
import lor.sim.module.ModuleCatalog;
import lor.sim.module.ModuleHook;
import lor.sim.module.ModuleRules;
import lor.sim.module.ModuleSettings;
import lor.sim.module.ModuleSpec;
import lor.sim.module.WorldModules;
import lor.sim.objects.ObjectEngine;
import lor.sim.util.StateHash;
import org.junit.jupiter.api.Test;

/**
 * A module's Java object rule that throws: its run changes nothing, the failure counts against the module under the
 * {@code rule} hook, and the world, its other objects and its hashes go on as if the run had not happened.
 */
class ObjectRuleFailureTest {

    /** Player 1 spawns at S; a kiln west and one east of it. */
    private static final Grid MAP = MapText.parse("""
            ........
            ........
            ...S....
            ........
            ........
            """);

    /**
     * The test economy's kiln formula in Java, broken for a stock of 7 wood: it sets the new counts, then throws, so
     * that only an undo leaves the stock as it was.
     */
    static final class BrittleKiln implements ObjectRule {
        private final int wood;
        private final int coal;
        private final int day;

        BrittleKiln(ContentPack pack) {
            wood = pack.itemIndex("wood");
            coal = pack.itemIndex("coal");
            day = pack.lines().indexOf("day");
        }

        @Override
        public void run(ObjectContext object) {
            int woodNow = object.count(wood);
            if (woodNow >= 2 && object.line() == day) {
                object.set(wood, woodNow - 2);
                object.set(coal, object.count(coal) + 1);
                if (woodNow == 7) {
                    throw new IllegalStateException("seven wood");
                }
            }
        }
    }

    static final GameModule BRITTLE = new GameModule() {
        private final ModuleSpec spec = ModuleSpec.builder("brittle").objectRule("kiln", BrittleKiln::new).build();

        @Override
        public ModuleSpec spec() {
            return spec;
        }

        @Override
        public ModuleRules rules(ModuleSettings settings) {
            settings.onlyKeys(Set.of());
            return (world, entity, action, fields) -> "unknown_action";
        }
    };

    private static final ModuleCatalog CATALOG = ModuleCatalog.of(BRITTLE);
    private static final ContentPack PACK = CATALOG.compile(withBrittleKiln(TestPacks.economy()));

    /** The economy with its kiln running the brittle module's rule, and the module named. */
    static PackDef withBrittleKiln(PackDef economy) {
        List<PackDef.KindDef> kinds = new ArrayList<>();
        for (PackDef.KindDef k : economy.objects()) {
            kinds.add(!k.kind().equals("kiln") ? k : new PackDef.KindDef(k.kind(), k.cost(), k.slots(),
                    k.capacity(), k.ports(), k.recipes(), null, "kiln", k.every()));
        }
        return new PackDef(economy.name(), economy.items(), economy.start(), economy.clock(), kinds,
                economy.recipes(), economy.formulas(), List.of("brittle"), null);
    }

    /** A kiln west of the player with 7 wood (its rule throws by day), one east with 6 (its rule works). */
    private static final long[] INTENTS = {
        ObjectIntent.pack(ObjectIntent.Type.BUILD, Direction.W, PACK.kindIndex("kiln"), 1),
        ObjectIntent.pack(ObjectIntent.Type.PUT, Direction.W, PACK.itemIndex("wood"), 7),
        ObjectIntent.pack(ObjectIntent.Type.BUILD, Direction.E, PACK.kindIndex("kiln"), 1),
        ObjectIntent.pack(ObjectIntent.Type.PUT, Direction.E, PACK.itemIndex("wood"), 6),
    };
    private static final int TICKS = 60;

    private static World world(boolean withModules) {
        WorldModules modules = withModules ? CATALOG.resolve("economy", List.of("brittle"), Map.of())
                : WorldModules.none();
        return World.create(MAP, PACK, modules, 7, ObjectEngine.NO_BLOCKS);
    }

    /** Plays the intents, then steps to {@link #TICKS}; the state hash after each tick. */
    private static long[] play(World world) {
        int player = world.spawnPlayer(1);
        long[] hashes = new long[TICKS];
        for (int tick = 0; tick < TICKS; tick++) {
            if (tick < INTENTS.length) {
                world.setAction(player, INTENTS[tick]);
            }
            world.step();
            hashes[tick] = world.stateHash();
        }
        return hashes;
    }

    @Test
    void aThrowingRuleChangesNothingAndCountsAgainstItsModule() {
        World world = world(true);
        play(world);

        assertThat(world.tick()).as("the world kept ticking").isEqualTo(TICKS);
        ObjectEngine objects = world.objects();
        int west = objects.objectAt(2 + 2 * 8);
        int east = objects.objectAt(4 + 2 * 8);
        int wood = PACK.itemIndex("wood");
        int coal = PACK.itemIndex("coal");
        assertThat(objects.count(west, wood)).as("the brittle kiln's stock is as the player left it").isEqualTo(7);
        assertThat(objects.count(west, coal)).isZero();
        assertThat(objects.count(east, wood)).as("the other kiln ran its rule to the end").isZero();
        assertThat(objects.count(east, coal)).isEqualTo(3);

        ModuleStats stats = world.moduleStats();
        // It fails when the wood is put in by day (tick 1), sleeps as after any run that changed nothing, wakes with
        // each line, and fails again when day is back (tick 30).
        assertThat(stats.count(0, ModuleHook.RULE)).isEqualTo(2);
        assertThat(stats.calls(0, ModuleHook.RULE)).as("both kilns' runs").isGreaterThan(2);
        assertThat(stats.takeFailures()).extracting(ModuleStats.Failure::module, ModuleStats.Failure::hook,
                        ModuleStats.Failure::tick, failure -> failure.error().getMessage())
                .containsExactly(tuple("brittle", ModuleHook.RULE, 1L, "seven wood"),
                        tuple("brittle", ModuleHook.RULE, 30L, "seven wood"));
        assertThat(stats.failingTicks(0, 30)).isEqualTo(1);
        assertThat(stats.count(0, ModuleHook.WAKE)).as("no hook failed").isZero();
    }

    @Test
    void aWorldWhoseRuleThrowsHashesTheSameInEveryRun() {
        assertThat(play(world(true))).containsExactly(play(world(true)));
    }

    @Test
    void aWorldWithoutModulesToCountItContainsTheRuleAllTheSame() {
        // A predicting client's objects run on an engine nobody listens to: a throwing rule must change nothing there
        // either, or the client would disagree with the server.
        World counted = world(true);
        World uncounted = world(false);
        play(counted);
        play(uncounted);
        assertThat(uncounted.moduleStats()).isNull();
        assertThat(uncounted.objects().stateHash(new StateHash()).value())
                .isEqualTo(counted.objects().stateHash(new StateHash()).value());
    }
}
