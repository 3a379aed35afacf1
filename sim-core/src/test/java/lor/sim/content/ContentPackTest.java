package lor.sim.content;

import static lor.sim.content.TestPacks.economy;
import static lor.sim.content.TestPacks.map;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import lor.sim.grid.Cells;
import org.junit.jupiter.api.Test;

class ContentPackTest {

    @Test
    void compilesNamesIntoIndices() {
        ContentPack pack = TestPacks.compiled(economy());
        assertThat(pack.itemCount()).isEqualTo(5);
        assertThat(pack.itemIndex("coal")).isEqualTo(2);
        assertThat(pack.itemIndex("gold")).isEqualTo(-1);
        assertThat(pack.startCount(pack.itemIndex("wood"))).isEqualTo(20);
        assertThat(pack.startCount(pack.itemIndex("iron"))).isZero();
        ObjectKind furnace = pack.kind(pack.kindIndex("furnace"));
        assertThat(furnace.costItem(0)).isEqualTo(pack.itemIndex("wood"));
        assertThat(furnace.costCount(0)).isEqualTo(4);
        assertThat(furnace.takesIn(3, pack.itemIndex("ore"))).isTrue();
        assertThat(furnace.takesIn(3, pack.itemIndex("iron"))).isFalse();
        assertThat(furnace.takesIn(1, pack.itemIndex("ore"))).isFalse();
        assertThat(furnace.outItems(1)).containsExactly(pack.itemIndex("iron"));
        assertThat(furnace.canRun(pack.recipeIndex("smelt_iron"))).isTrue();
        assertThat(furnace.canRun(pack.recipeIndex("forge_tool"))).isFalse();
        ObjectKind crate = pack.kind(pack.kindIndex("crate"));
        assertThat(crate.takesIn(3, pack.itemIndex("tool"))).isTrue();
        assertThat(pack.kind(pack.kindIndex("kiln")).every()).isEqualTo(4);
        assertThat(pack.kind(pack.kindIndex("kiln")).ruleReadsLine()).isTrue();
    }

    @Test
    void gatesRecipesByLine() {
        ContentPack pack = TestPacks.compiled(economy());
        Recipe smelt = pack.recipe(pack.recipeIndex("smelt_iron"));
        assertThat(smelt.runsOn(0)).isFalse();
        assertThat(smelt.runsOn(2)).isTrue();
        assertThat(smelt.isGated(3)).isTrue();
        Recipe forge = pack.recipe(pack.recipeIndex("forge_tool"));
        assertThat(forge.runsOn(0) && forge.runsOn(1) && forge.runsOn(2)).isTrue();
        assertThat(forge.isGated(3)).isFalse();
    }

    @Test
    void clockWalksItsLinesAndTransmutesByClass() {
        ClockSpec clock = TestPacks.compiled(economy()).clock();
        assertThat(clock.lineAt(0)).isZero();
        assertThat(clock.lineAt(9)).isZero();
        assertThat(clock.lineAt(10)).isEqualTo(1);
        assertThat(clock.lineAt(29)).isEqualTo(2);
        assertThat(clock.lineAt(30)).isZero();
        int water = Cells.floor(Cells.TERRAIN_WATER);
        assertThat(Cells.isWall(clock.transmute(2, water))).isTrue();
        assertThat(clock.transmute(0, water)).isEqualTo(water);
        assertThat(clock.transmute(2, Cells.FLOOR)).isEqualTo(Cells.FLOOR);
    }

    @Test
    void aPackWithoutClockHasOneLineThatChangesNothing() {
        ContentPack pack = ContentPack.empty();
        assertThat(pack.clock().lineCount()).isEqualTo(1);
        assertThat(pack.clock().lineAt(123_456_789L)).isZero();
        assertThat(pack.clock().transmutes(0)).isFalse();
    }

    @Test
    void namesTheEntryOfAnUndefinedRecipe() {
        PackDef bad = withObjects(new PackDef.KindDef("furnace", map("wood", 4), null, null, null,
                List.of("smelt"), null, null, null));
        assertThatThrownBy(() -> TestPacks.compiled(bad)).isInstanceOf(ContentException.class)
                .hasMessage("objects[0] \"furnace\".recipes[0]: recipe \"smelt\" is not defined");
    }

    @Test
    void refusesARecipeListedTwiceByOneKind() {
        PackDef bad = withObjects(new PackDef.KindDef("furnace", map("wood", 4), null, null, null,
                List.of("smelt_iron", "smelt_iron"), null, null, null));
        assertThatThrownBy(() -> TestPacks.compiled(bad))
                .hasMessage("objects[0] \"furnace\".recipes[1]: \"smelt_iron\" is listed twice");
    }

    @Test
    void namesTheEntryOfAnUnknownItem() {
        PackDef bad = withObjects(new PackDef.KindDef("furnace", map("gold", 4), null, null, null, null, null, null,
                null));
        assertThatThrownBy(() -> TestPacks.compiled(bad))
                .hasMessage("objects[0] \"furnace\".cost: item \"gold\" is not in the pack's items");
    }

    @Test
    void refusesOutOfRangeNumbersWithTheLimits() {
        PackDef bad = withObjects(new PackDef.KindDef("crate", map(), 17, null, null, null, null, null, null));
        assertThatThrownBy(() -> TestPacks.compiled(bad))
                .hasMessage("objects[0] \"crate\".slots: must be between 1 and 16, not 17");
    }

    @Test
    void refusesTwoPortsOnOneSide() {
        PackDef bad = withObjects(new PackDef.KindDef("crate", map(), null, null, List.of(
                new PackDef.PortDef("W", List.of(), null), new PackDef.PortDef("W", null, List.of("ore"))),
                null, null, null, null));
        assertThatThrownBy(() -> TestPacks.compiled(bad))
                .hasMessage("objects[0] \"crate\".ports[1]: another port is on side W");
    }

    @Test
    void refusesAKindThatRunsTwoThings() {
        PackDef bad = withObjects(new PackDef.KindDef("both", map(), null, null, null, List.of("smelt_iron"),
                "kiln", null, null));
        assertThatThrownBy(() -> TestPacks.compiled(bad))
                .hasMessage("objects[0] \"both\": an object kind runs recipes, a formula or a rule, not several");
    }

    @Test
    void refusesBadIdsAndDuplicates() {
        PackDef badId = new PackDef("x", List.of("Wood"), null, null, null, null, null);
        assertThatThrownBy(() -> TestPacks.compiled(badId)).hasMessageStartingWith(
                "items[0]: \"Wood\" is not an id: ids are 1-32 of a-z, 0-9 and _, starting with a letter");
        PackDef twice = new PackDef("x", List.of("wood", "wood"), null, null, null, null, null);
        assertThatThrownBy(() -> TestPacks.compiled(twice)).hasMessage("items[1]: \"wood\" is listed twice");
        PackDef reserved = new PackDef("x", List.of("line"), null, null, null, null, null);
        assertThatThrownBy(() -> TestPacks.compiled(reserved)).hasMessageContaining("a word of formulas");
    }

    @Test
    void refusesATransmutationOnAnUnknownLineOrClass() {
        PackDef badLine = new PackDef("x", List.of(), null, new PackDef.ClockDef(List.of("day"), 10,
                List.of(new PackDef.TransmuteDef("night", "water", "wall"))), null, null, null);
        assertThatThrownBy(() -> TestPacks.compiled(badLine))
                .hasMessage("clock.transmute[0]: line \"night\" is not one of the clock's lines");
        PackDef badClass = new PackDef("x", List.of(), null, new PackDef.ClockDef(List.of("day"), 10,
                List.of(new PackDef.TransmuteDef("day", "lava", "wall"))), null, null, null);
        assertThatThrownBy(() -> TestPacks.compiled(badClass)).hasMessage(
                "clock.transmute[0].from: \"lava\" is not a cell class (floor, grass, water, road, wall)");
    }

    @Test
    void namesTheFormulaAndColumnOfABadExpression() {
        PackDef e = economy();
        PackDef bad = new PackDef(e.name(), e.items(), e.start(), e.clock(), List.of(), e.recipes(),
                List.of(new PackDef.FormulaDef("kiln", List.of(new PackDef.FormulaRuleDef("wood >= 2 &&",
                        TestPacks.smap("wood", "wood - 1"))))));
        assertThatThrownBy(() -> TestPacks.compiled(bad)).hasMessage(
                "formulas[0] \"kiln\": rules[0].when: the expression ends too soon at column 13 in \"wood >= 2 &&\"");
    }

    @Test
    void javaRulesAreBuiltFromTheFinishedPack() {
        PackDef e = economy();
        PackDef withRule = withObjects(new PackDef.KindDef("mill", map(), null, null, null, null, null, "mill",
                null));
        RuleRegistry rules = RuleRegistry.empty().register("mill", pack -> {
            int wood = pack.itemIndex("wood");
            return object -> object.set(wood, object.count(wood) + 1);
        });
        ContentPack pack = ContentPack.compile(withRule, rules);
        assertThat(pack.kind(0).rule()).isNotNull();
        assertThatThrownBy(() -> TestPacks.compiled(withRule))
                .hasMessage("objects[0] \"mill\".rule: no Java rule is registered as \"mill\" (Java rules come from "
                        + "the game modules the pack names in \"modules\"; those provide [])");
        RuleRegistry saws = RuleRegistry.empty().register("saw", compiled -> object -> { });
        assertThatThrownBy(() -> ContentPack.compile(withRule, saws)).hasMessageEndingWith("those provide [saw])");
    }

    @Test
    void keepsTheModulesItNamesAndTheirSettingsInThePacksOrder() {
        ContentPack pack = TestPacks.compiled(withModules(List.of("weather", "elementals"),
                "elementals", map("regrow_ticks", 100, "burn_ticks", 40), "weather", map()));

        assertThat(pack.modules()).containsExactly("weather", "elementals");
        assertThat(pack.moduleSettings().keySet()).containsExactly("elementals", "weather");
        assertThat(pack.moduleSettings().get("elementals").keySet()).containsExactly("regrow_ticks", "burn_ticks");
        assertThat(pack.moduleSettings().get("elementals")).containsEntry("burn_ticks", 40);
        assertThat(TestPacks.compiled(economy()).modules()).as("no modules").isEmpty();
        assertThat(TestPacks.compiled(economy()).moduleSettings()).isEmpty();
        assertThat(ContentPack.empty().modules()).isEmpty();
        assertThat(ContentPack.compile(PackJson.read("{\"name\": \"m\", \"modules\": [\"garden\"]}"),
                RuleRegistry.empty()).isEmpty()).as("a pack of modules only is content").isFalse();
    }

    @Test
    void refusesABadModuleNameAModuleNamedTwiceAndSettingsOfAModuleItDoesNotName() {
        assertThatThrownBy(() -> TestPacks.compiled(withModules(List.of("elementals", "Tides"))))
                .isInstanceOf(ContentException.class)
                .hasMessage("modules[1]: \"Tides\" is not a module name: module names are 1-32 of a-z, 0-9 and _, "
                        + "starting with a letter");
        assertThatThrownBy(() -> TestPacks.compiled(withModules(Arrays.asList("elementals", null))))
                .hasMessageStartingWith("modules[1]: the module name is missing");
        assertThatThrownBy(() -> TestPacks.compiled(withModules(List.of("a".repeat(33)))))
                .hasMessageStartingWith("modules[0]: \"" + "a".repeat(33) + "\" is not a module name");
        assertThatThrownBy(() -> TestPacks.compiled(withModules(List.of("elementals", "tides", "elementals"))))
                .hasMessage("modules[2]: \"elementals\" is listed twice");
        assertThatThrownBy(() -> TestPacks.compiled(withModules(List.of("elementals"),
                "tides", map("height", 3))))
                .hasMessage("settings.tides: the pack has settings for a module it does not name in \"modules\"");
        assertThatThrownBy(() -> TestPacks.compiled(withModules(List.of("elementals"), "elementals", null)))
                .hasMessage("settings.elementals: is empty");
        assertThatThrownBy(() -> TestPacks.compiled(withModules(List.of("elementals"),
                "elementals", map("burn_ticks", null))))
                .hasMessage("settings.elementals \"burn_ticks\": is missing");
    }

    /** The economy with these modules and settings sections ({@code name, section, …}), or no settings. */
    private static PackDef withModules(List<String> modules, Object... sections) {
        PackDef e = economy();
        Map<String, Map<String, Integer>> settings = new LinkedHashMap<>();
        for (int i = 0; i < sections.length; i += 2) {
            @SuppressWarnings("unchecked")
            Map<String, Integer> section = (Map<String, Integer>) sections[i + 1];
            settings.put((String) sections[i], section);
        }
        return new PackDef(e.name(), e.items(), e.start(), e.clock(), e.objects(), e.recipes(), e.formulas(), modules,
                sections.length == 0 ? null : settings);
    }

    private static PackDef withObjects(PackDef.KindDef... kinds) {
        PackDef e = economy();
        return new PackDef(e.name(), e.items(), e.start(), e.clock(), List.of(kinds), e.recipes(), e.formulas());
    }
}
