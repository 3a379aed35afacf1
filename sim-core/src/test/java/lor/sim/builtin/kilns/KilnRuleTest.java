package lor.sim.builtin.kilns;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;

import lor.sim.content.ContentException;
import lor.sim.content.ContentPack;
import lor.sim.content.ObjectContext;
import lor.sim.content.ObjectRule;
import lor.sim.content.PackDef;
import lor.sim.content.TestPacks;
import lor.sim.grid.Direction;
import lor.sim.grid.Grid;
import lor.sim.grid.MapText;
import lor.sim.module.ModuleCatalog;
import lor.sim.util.SplitMix64;
import lor.sim.world.ObjectIntent;
import lor.sim.world.World;
import org.junit.jupiter.api.Test;

/**
 * The kilns module's Java rule against the formula it was written from (the test economy's kiln: the default pack's,
 * with lines of 10 ticks and {@code every} 4): the same counts from the same stock and line, alone and in worlds
 * played tick by tick with the same intents.
 */
class KilnRuleTest {

    private static final ModuleCatalog CATALOG = ModuleCatalog.of(new Kilns());
    private static final ContentPack FORMULA = TestPacks.compiled(TestPacks.economy());
    private static final ContentPack RULE = CATALOG.compile(withRule(TestPacks.economy()));
    /** Player 1 spawns at S; open floor around it. */
    private static final Grid MAP = MapText.parse("""
            ........
            ........
            ...S....
            ........
            ........
            """);

    /** The economy with its kiln running the module's rule instead of the formula, and the module named. */
    static PackDef withRule(PackDef economy) {
        List<PackDef.KindDef> kinds = new ArrayList<>();
        for (PackDef.KindDef k : economy.objects()) {
            kinds.add(!k.kind().equals("kiln") ? k : new PackDef.KindDef(k.kind(), k.cost(), k.slots(),
                    k.capacity(), k.ports(), k.recipes(), null, KilnRule.ID, k.every()));
        }
        return new PackDef(economy.name(), economy.items(), economy.start(), economy.clock(), kinds,
                economy.recipes(), economy.formulas(), List.of(Kilns.NAME), null);
    }

    @Test
    void theRuleSetsWhatTheFormulaSetsForEveryStockAndLine() {
        ObjectRule formula = FORMULA.kind(FORMULA.kindIndex("kiln")).rule();
        ObjectRule rule = RULE.kind(RULE.kindIndex("kiln")).rule();
        assertThat(rule).isInstanceOf(KilnRule.class);
        int wood = FORMULA.itemIndex("wood");
        int coal = FORMULA.itemIndex("coal");
        int ore = FORMULA.itemIndex("ore");
        int cases = 0;
        for (int line = 0; line < FORMULA.clock().lineCount(); line++) {
            for (int w = 0; w <= 20; w++) {
                for (int c = -1; c <= 20; c++) {
                    // c = -1: no coal slot, and the second slot taken by ore, so the coal cannot be added.
                    Stock byFormula = new Stock(line, wood, w, c < 0 ? ore : coal, Math.max(c, 1));
                    Stock byRule = new Stock(line, wood, w, c < 0 ? ore : coal, Math.max(c, 1));
                    formula.run(byFormula);
                    rule.run(byRule);
                    assertThat(byRule.counts).as("line %d, wood %d, coal %d", line, w, c)
                            .containsExactly(byFormula.counts);
                    cases++;
                }
            }
        }
        assertThat(cases).isEqualTo(3 * 21 * 22);
    }

    @Test
    void worldsPlayedWithTheSameIntentsAgreeTickByTick() {
        for (long seed : new long[] {1, 2, 3}) {
            World byFormula = World.create(MAP, FORMULA, seed);
            World byRule = World.create(MAP, RULE, seed);
            int playerA = byFormula.spawnPlayer(1);
            int playerB = byRule.spawnPlayer(1);
            assertThat(playerB).isEqualTo(playerA);
            SplitMix64 random = new SplitMix64(seed);
            int kiln = FORMULA.kindIndex("kiln");
            int crate = FORMULA.kindIndex("crate");
            int wood = FORMULA.itemIndex("wood");
            int coal = FORMULA.itemIndex("coal");
            // A kiln west of the player, which stands on the cell its coal port faces: the coal stays in the kiln
            // until the player takes it. Now and then a crate east of the player (refused once it stands).
            long[] opening = {
                ObjectIntent.pack(ObjectIntent.Type.BUILD, Direction.W, kiln, 1),
                ObjectIntent.pack(ObjectIntent.Type.PUT, Direction.W, wood, 10),
            };
            int coalSeen = 0;
            for (int tick = 0; tick < 400; tick++) {
                long action = tick < opening.length ? opening[tick] : 0;
                if (action == 0 && random.nextInt(8) == 0) {
                    action = switch (random.nextInt(3)) {
                        case 0 -> ObjectIntent.pack(ObjectIntent.Type.PUT, Direction.W, wood, 1 + random.nextInt(3));
                        case 1 -> ObjectIntent.pack(ObjectIntent.Type.TAKE, Direction.W, coal, 1 + random.nextInt(2));
                        default -> ObjectIntent.pack(ObjectIntent.Type.BUILD, Direction.E, crate, 1);
                    };
                }
                if (action != 0) {
                    byFormula.setAction(playerA, action);
                    byRule.setAction(playerB, action);
                }
                byFormula.step();
                byRule.step();
                assertThat(byRule.stateHash()).as("seed %d, tick %d", seed, tick).isEqualTo(byFormula.stateHash());
                coalSeen = Math.max(coalSeen, byRule.inventories().of(1).count(coal));
            }
            assertThat(coalSeen).as("coal the player took out, seed %d", seed).isPositive();
        }
    }

    @Test
    void aPackWithoutTheRulesItemsOrLineFailsNamingTheEntry() {
        PackDef economy = withRule(TestPacks.economy());
        PackDef noDay = new PackDef(economy.name(), economy.items(), economy.start(),
                new PackDef.ClockDef(List.of("dawn", "dusk", "night"), 10, null), economy.objects(), economy.recipes(),
                List.of(), economy.modules(), null);
        assertThatThrownBy(() -> CATALOG.compile(noDay)).isInstanceOf(ContentException.class)
                .hasMessage("objects[3] \"kiln\".rule: Java rule \"kiln\" cannot run on this pack: the pack has no "
                        + "clock line \"day\"");
    }

    @Test
    void aPackThatDoesNotNameTheModuleHasNoSuchRule() {
        PackDef economy = withRule(TestPacks.economy());
        PackDef unnamed = new PackDef(economy.name(), economy.items(), economy.start(), economy.clock(),
                economy.objects(), economy.recipes(), economy.formulas());
        assertThatThrownBy(() -> CATALOG.compile(unnamed)).isInstanceOf(ContentException.class)
                .hasMessage("objects[3] \"kiln\".rule: no Java rule is registered as \"kiln\" (Java rules come from "
                        + "the game modules the pack names in \"modules\"; those provide [])");
    }

    /** Two stock slots, as the kiln has, with a formula's clamping to the capacity of 20. */
    private static final class Stock implements ObjectContext {

        final int[] counts = new int[5];
        private final int line;

        Stock(int line, int first, int firstCount, int second, int secondCount) {
            this.line = line;
            counts[first] = firstCount;
            counts[second] = secondCount;
        }

        @Override
        public int count(int item) {
            return counts[item];
        }

        @Override
        public void set(int item, int count) {
            int held = 0;
            for (int c : counts) {
                held += c > 0 ? 1 : 0;
            }
            if (counts[item] == 0 && held >= 2) {
                return;
            }
            counts[item] = Math.max(0, Math.min(capacity(), count));
        }

        @Override
        public int line() {
            return line;
        }

        @Override
        public int capacity() {
            return 20;
        }
    }
}
