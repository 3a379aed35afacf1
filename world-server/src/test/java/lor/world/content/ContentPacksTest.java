package lor.world.content;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import lor.sim.content.ContentPack;
import lor.sim.content.ObjectContext;
import lor.sim.content.ObjectKind;
import lor.sim.content.Recipe;
import lor.sim.content.RuleRegistry;
import lor.sim.grid.Cells;
import lor.sim.grid.Direction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ContentPacksTest {

    private static final int N = Direction.N.ordinal();
    private static final int E = Direction.E.ordinal();
    private static final int W = Direction.W.ordinal();

    @TempDir
    Path dir;

    @Test
    void theBuiltInDefaultPackLoadsAndCompiles() {
        ContentPack pack = ContentPacks.load("default", null, RuleRegistry.empty());

        assertThat(pack.name()).isEqualTo("default");
        assertThat(pack.itemCount()).isEqualTo(5);
        assertThat(items(pack)).containsExactly("wood", "ore", "coal", "iron", "tool");
        assertThat(pack.startCount(pack.itemIndex("wood"))).isEqualTo(20);
        assertThat(pack.startCount(pack.itemIndex("ore"))).isEqualTo(8);
        assertThat(pack.startCount(pack.itemIndex("coal"))).isEqualTo(4);
        assertThat(pack.startCount(pack.itemIndex("tool"))).isZero();

        ObjectKind furnace = pack.kind(pack.kindIndex("furnace"));
        assertThat(furnace.costItemCount()).isEqualTo(1);
        assertThat(pack.item(furnace.costItem(0))).isEqualTo("wood");
        assertThat(furnace.costCount(0)).isEqualTo(4);
        assertThat(furnace.slots()).isEqualTo(4);
        assertThat(furnace.capacity()).isEqualTo(20);
        assertThat(furnace.takesIn(W, pack.itemIndex("ore"))).isTrue();
        assertThat(furnace.takesIn(W, pack.itemIndex("coal"))).isTrue();
        assertThat(furnace.takesIn(W, pack.itemIndex("iron"))).isFalse();
        assertThat(furnace.takesIn(E, pack.itemIndex("ore"))).isFalse();
        assertThat(furnace.outItems(E)).containsExactly(pack.itemIndex("iron"));
        assertThat(furnace.outItems(W)).isEmpty();
        assertThat(furnace.recipeCount()).isEqualTo(1);
        assertThat(furnace.recipe(0)).isEqualTo(pack.recipeIndex("smelt_iron"));

        ObjectKind crate = pack.kind(pack.kindIndex("crate"));
        assertThat(crate.slots()).isEqualTo(8);
        assertThat(crate.capacity()).isEqualTo(100);
        assertThat(crate.takesIn(W, pack.itemIndex("tool"))).as("an empty in list takes any item").isTrue();
        assertThat(crate.takesIn(N, pack.itemIndex("tool"))).isFalse();
        assertThat(crate.hasOutputs()).isFalse();

        ObjectKind kiln = pack.kind(pack.kindIndex("kiln"));
        assertThat(kiln.every()).isEqualTo(40);
        assertThat(kiln.rule()).isNotNull();
        assertThat(kiln.ruleReadsLine()).isTrue();
        assertThat(kiln.outItems(E)).containsExactly(pack.itemIndex("coal"));

        assertThat(pack.lines()).containsExactly("day", "dusk", "night");
        assertThat(pack.clock().ticksPerLine()).isEqualTo(200);
        assertThat(pack.clock().lineAt(199)).isEqualTo(0);
        assertThat(pack.clock().lineAt(400)).isEqualTo(2);
        assertThat(pack.clock().lineAt(600)).isEqualTo(0);

        Recipe smelt = pack.recipe(pack.recipeIndex("smelt_iron"));
        assertThat(smelt.ticks()).isEqualTo(40);
        assertThat(smelt.runsOn(2)).isTrue();
        assertThat(smelt.runsOn(0)).isFalse();
        assertThat(smelt.runsOn(1)).isFalse();
        Recipe forge = pack.recipe(pack.recipeIndex("forge_tool"));
        assertThat(forge.ticks()).isEqualTo(60);
        assertThat(forge.runsOn(0) && forge.runsOn(1) && forge.runsOn(2)).isTrue();
        assertThat(pack.item(forge.outputItem(0))).isEqualTo("tool");

        int water = Cells.floor(Cells.TERRAIN_WATER);
        int night = pack.clock().transmute(2, water);
        assertThat(Cells.isWall(night)).isTrue();
        assertThat(Cells.terrain(night)).as("the flooded river keeps its terrain").isEqualTo(Cells.TERRAIN_WATER);
        assertThat(pack.clock().transmute(0, water)).isEqualTo(water);
        assertThat(pack.clock().transmute(1, water)).isEqualTo(water);
        int grass = Cells.floor(Cells.TERRAIN_GRASS);
        assertThat(pack.clock().transmute(2, grass)).isEqualTo(grass);
    }

    @Test
    void theKilnTurnsTwoWoodIntoOneCoalByDayOnly() {
        ContentPack pack = ContentPacks.load("default", null, RuleRegistry.empty());
        ObjectKind kiln = pack.kind(pack.kindIndex("kiln"));
        int wood = pack.itemIndex("wood");
        int coal = pack.itemIndex("coal");

        Stock byDay = new Stock(pack, 0, kiln.capacity()).with(wood, 5);
        kiln.rule().run(byDay);
        assertThat(byDay.counts[wood]).isEqualTo(3);
        assertThat(byDay.counts[coal]).isEqualTo(1);

        Stock atNight = new Stock(pack, 2, kiln.capacity()).with(wood, 5);
        kiln.rule().run(atNight);
        assertThat(atNight.counts[wood]).isEqualTo(5);
        assertThat(atNight.counts[coal]).isZero();

        Stock short1 = new Stock(pack, 0, kiln.capacity()).with(wood, 1);
        kiln.rule().run(short1);
        assertThat(short1.counts[wood]).isEqualTo(1);
        assertThat(short1.counts[coal]).isZero();
    }

    @Test
    void theYamlTwinCompilesToTheSamePack() throws IOException {
        copyResource("content/default-as.yaml", "default.yaml");
        ContentPack yaml = ContentPacks.load("default", dir, RuleRegistry.empty());
        ContentPack json = ContentPacks.load("default", null, RuleRegistry.empty());

        assertThat(yaml.source()).isEqualTo(json.source());
        assertThat(describe(yaml)).isEqualTo(describe(json));
    }

    @Test
    void aStudioPackShadowsTheBuiltInOne() throws IOException {
        write("default.json", "{\"name\":\"mine\",\"items\":[\"stone\"],\"start\":{\"stone\":3}}");
        ContentPack pack = ContentPacks.load("default", dir, RuleRegistry.empty());
        assertThat(pack.name()).isEqualTo("mine");
        assertThat(items(pack)).containsExactly("stone");
        assertThat(pack.startCount(0)).isEqualTo(3);
    }

    @Test
    void aStudioPackMayBeYamlAndJsonWinsOverYaml() throws IOException {
        write("meadow.yml", "name: from-yml\nitems: [seed]\n");
        assertThat(ContentPacks.load("meadow", dir, RuleRegistry.empty()).name()).isEqualTo("from-yml");
        write("meadow.yaml", "name: from-yaml\nitems: [seed]\n");
        assertThat(ContentPacks.load("meadow", dir, RuleRegistry.empty()).name()).isEqualTo("from-yaml");
        write("meadow.json", "{\"name\": \"from-json\", \"items\": [\"seed\"]}");
        assertThat(ContentPacks.load("meadow", dir, RuleRegistry.empty()).name()).isEqualTo("from-json");
    }

    @Test
    void mapsKeepTheOrderOfTheFile() throws IOException {
        write("order.yaml", "items: [a, b, c]\nstart: {c: 3, a: 1, b: 2}\n");
        ContentPack pack = ContentPacks.load("order", dir, RuleRegistry.empty());
        assertThat(pack.source().start().keySet()).containsExactly("c", "a", "b");
    }

    @Test
    void aNumberWhereAnExpressionBelongsIsReadAsItsText() throws IOException {
        write("reset.yaml", "items: [a]\nformulas:\n  - id: reset\n    rules:\n      - set: {a: 0}\n");
        ContentPack pack = ContentPacks.load("reset", dir, RuleRegistry.empty());
        assertThat(pack.source().formulas().get(0).rules().get(0).set()).containsEntry("a", "0");
    }

    @Test
    void aJavaRuleIsFoundInTheRegistryThePackIsCompiledWith() throws IOException {
        write("ruled.json", "{\"items\":[\"a\"],\"objects\":[{\"kind\":\"box\",\"rule\":\"fill\"}]}");
        RuleRegistry rules = RuleRegistry.empty().register("fill", pack -> object -> object.set(0, 1));
        assertThat(ContentPacks.load("ruled", dir, rules).kind(0).rule()).isNotNull();
        assertThatThrownBy(() -> ContentPacks.load("ruled", dir, RuleRegistry.empty()))
                .hasMessage(file("ruled.json") + ": objects[0] \"box\".rule: no Java rule is registered as \"fill\" "
                        + "(Java rules come from the game modules the pack names in \"modules\"; those provide [])");
    }

    @Test
    void aJsonSyntaxErrorNamesTheLineAndColumn() throws IOException {
        write("broken.json", "{\n  \"items\": [\"a\",\n}\n");
        assertThatThrownBy(() -> ContentPacks.load("broken", dir, RuleRegistry.empty()))
                .isInstanceOf(ContentLoadException.class)
                .hasMessage(file("broken.json") + ": line 3, column 1: unexpected character '}': expected a value");
    }

    @Test
    void aJsonFileThatEndsTooSoonSaysWhatIsMissing() throws IOException {
        write("short.json", "{\"items\": [\"a\"]");
        assertThatThrownBy(() -> ContentPacks.load("short", dir, RuleRegistry.empty()))
                .hasMessage(file("short.json") + ": line 1, column 16: the file ends too soon: expected '}'");
    }

    @Test
    void aYamlSyntaxErrorNamesTheLineAndColumn() throws IOException {
        write("broken.yaml", "items: [a, b\nstart: {a: 1}\n");
        assertThatThrownBy(() -> ContentPacks.load("broken", dir, RuleRegistry.empty()))
                .hasMessage(file("broken.yaml") + ": line 2, column 6: expected ',' or ']', but got : "
                        + "(while parsing a flow sequence)");
    }

    @Test
    void anUnknownFieldIsAnErrorNamingItsPath() throws IOException {
        write("typo.json", "{\"items\":[\"a\"],\"objects\":[{\"kind\":\"box\",\"colour\":\"red\"}]}");
        assertThatThrownBy(() -> ContentPacks.load("typo", dir, RuleRegistry.empty()))
                .hasMessage(file("typo.json") + ": objects[0].colour: unknown field (the fields here are kind, cost, "
                        + "slots, capacity, ports, recipes, formula, rule, every)");
    }

    @Test
    void aValueOfTheWrongTypeNamesItsPathAndTheValue() throws IOException {
        write("type.yaml", "items: [a]\nobjects:\n  - kind: box\n  - kind: bag\n    capacity: lots\n");
        assertThatThrownBy(() -> ContentPacks.load("type", dir, RuleRegistry.empty()))
                .hasMessage(file("type.yaml") + ": objects[1].capacity: expected a whole number, got \"lots\"");
    }

    @Test
    void numbersAreNeitherRoundedNorReadFromStrings() throws IOException {
        write("half.json", "{\"items\":[\"a\"],\"objects\":[{\"kind\":\"box\",\"slots\":1.5}]}");
        assertThatThrownBy(() -> ContentPacks.load("half", dir, RuleRegistry.empty()))
                .hasMessage(file("half.json") + ": objects[0].slots: expected a whole number, got 1.5");
        write("quoted.json", "{\"items\":[\"a\"],\"start\":{\"a\":\"12\"}}");
        assertThatThrownBy(() -> ContentPacks.load("quoted", dir, RuleRegistry.empty()))
                .hasMessage(file("quoted.json") + ": start.a: expected a whole number, got \"12\"");
        write("huge.json", "{\"items\":[\"a\"],\"start\":{\"a\":99999999999}}");
        assertThatThrownBy(() -> ContentPacks.load("huge", dir, RuleRegistry.empty()))
                .hasMessage(file("huge.json") + ": start.a: expected a whole number, got 99999999999, which is out "
                        + "of range");
    }

    @Test
    void aListWhereAnObjectBelongsAndANullInAListAreErrors() throws IOException {
        write("shape.json", "{\"items\":[\"a\"],\"clock\":[\"day\"]}");
        assertThatThrownBy(() -> ContentPacks.load("shape", dir, RuleRegistry.empty()))
                .hasMessage(file("shape.json") + ": clock: expected an object, got a list");
        write("hole.json", "{\"items\":[\"a\",null]}");
        assertThatThrownBy(() -> ContentPacks.load("hole", dir, RuleRegistry.empty()))
                .hasMessage(file("hole.json") + ": items[1]: expected a string, got null");
    }

    @Test
    void aPackNamesItsModulesAndTheirSettingsInJsonOrYaml() throws IOException {
        write("tides.yaml", """
                items: [fire]
                modules: [elementals, tides]
                settings:
                  tides: {period: 50, height: 3}
                  elementals: {burn_ticks: 40}
                """);
        ContentPack pack = ContentPacks.load("tides", dir, RuleRegistry.empty());

        assertThat(pack.modules()).containsExactly("elementals", "tides");
        assertThat(new ArrayList<>(pack.moduleSettings().keySet())).containsExactly("tides", "elementals");
        assertThat(new ArrayList<>(pack.moduleSettings().get("tides").keySet())).containsExactly("period", "height");
        assertThat(pack.moduleSettings().get("elementals")).containsEntry("burn_ticks", 40);
        assertThat(ContentPacks.load("default", null, RuleRegistry.empty()).modules()).isEmpty();
    }

    @Test
    void aModuleNameOrASettingOfTheWrongFormNamesItsEntry() throws IOException {
        write("one.json", "{\"modules\": \"elementals\"}");
        assertThatThrownBy(() -> ContentPacks.load("one", dir, RuleRegistry.empty()))
                .hasMessage(file("one.json") + ": modules: expected a list, got \"elementals\"");
        write("hole.json", "{\"modules\": [\"elementals\", null]}");
        assertThatThrownBy(() -> ContentPacks.load("hole", dir, RuleRegistry.empty()))
                .hasMessage(file("hole.json") + ": modules[1]: expected a string, got null");
        write("caps.json", "{\"modules\": [\"elementals\", \"Tides\"]}");
        assertThatThrownBy(() -> ContentPacks.load("caps", dir, RuleRegistry.empty()))
                .hasMessage(file("caps.json") + ": modules[1]: \"Tides\" is not a module name: module names are 1-32 "
                        + "of a-z, 0-9 and _, starting with a letter");
        write("twice.yaml", "modules: [elementals, elementals]\n");
        assertThatThrownBy(() -> ContentPacks.load("twice", dir, RuleRegistry.empty()))
                .hasMessage(file("twice.yaml") + ": modules[1]: \"elementals\" is listed twice");
        write("quoted.json", "{\"modules\": [\"elementals\"], "
                + "\"settings\": {\"elementals\": {\"burn_ticks\": \"40\"}}}");
        assertThatThrownBy(() -> ContentPacks.load("quoted", dir, RuleRegistry.empty()))
                .hasMessage(file("quoted.json") + ": settings.elementals.burn_ticks: expected a whole number, got "
                        + "\"40\"");
        write("half.yaml", "modules: [elementals]\nsettings:\n  elementals: {burn_ticks: 4.5}\n");
        assertThatThrownBy(() -> ContentPacks.load("half", dir, RuleRegistry.empty()))
                .hasMessage(file("half.yaml") + ": settings.elementals.burn_ticks: expected a whole number, got 4.5");
        write("flat.json", "{\"modules\": [\"elementals\"], \"settings\": {\"elementals\": 40}}");
        assertThatThrownBy(() -> ContentPacks.load("flat", dir, RuleRegistry.empty()))
                .hasMessage(file("flat.json") + ": settings.elementals: expected an object, got 40");
        write("empty.json", "{\"modules\": [\"elementals\"], "
                + "\"settings\": {\"elementals\": {\"burn_ticks\": null}}}");
        assertThatThrownBy(() -> ContentPacks.load("empty", dir, RuleRegistry.empty()))
                .hasMessage(file("empty.json") + ": settings.elementals.burn_ticks: expected a whole number, got null");
        write("stray.json", "{\"modules\": [\"elementals\"], \"settings\": {\"tides\": {\"period\": 5}}}");
        assertThatThrownBy(() -> ContentPacks.load("stray", dir, RuleRegistry.empty()))
                .hasMessage(file("stray.json") + ": settings.tides: the pack has settings for a module it does not "
                        + "name in \"modules\"");
    }

    @Test
    void aDuplicateKeyIsAnError() throws IOException {
        write("twice.json", "{\"items\": [\"a\"],\n \"items\": [\"b\"]}");
        assertThatThrownBy(() -> ContentPacks.load("twice", dir, RuleRegistry.empty()))
                .hasMessage(file("twice.json") + ": line 2, column 9: \"items\" is given twice");
    }

    @Test
    void aNestedDuplicateKeyNamesTheObject() throws IOException {
        write("nested.yaml", "items: [a]\nobjects:\n  - kind: box\n    cost: {a: 1, a: 2}\n");
        assertThatThrownBy(() -> ContentPacks.load("nested", dir, RuleRegistry.empty()))
                .hasMessage(file("nested.yaml") + ": line 4, column 19: \"a\" is given twice in objects[0].cost");
    }

    @Test
    void contentAfterThePackIsAnError() throws IOException {
        write("two.json", "{\"items\": [\"a\"]}\n{\"items\": [\"b\"]}\n");
        assertThatThrownBy(() -> ContentPacks.load("two", dir, RuleRegistry.empty()))
                .hasMessage(file("two.json") + ": line 2, column 1: more follows the end of the pack (a file holds one "
                        + "pack)");
        write("docs.yaml", "items: [a]\n---\nitems: [b]\n");
        assertThatThrownBy(() -> ContentPacks.load("docs", dir, RuleRegistry.empty()))
                .hasMessage(file("docs.yaml") + ": line 3, column 1: more follows the end of the pack (a file holds "
                        + "one pack)");
    }

    @Test
    void anEmptyFileAndAYamlAliasAreErrors() throws IOException {
        write("empty.yaml", "# nothing yet\n");
        assertThatThrownBy(() -> ContentPacks.load("empty", dir, RuleRegistry.empty()))
                .hasMessage(file("empty.yaml") + ": the file is empty");
        write("alias.yaml", "items: [a]\nstart: &kit {a: 1}\nobjects:\n  - kind: box\n    cost: *kit\n");
        assertThatThrownBy(() -> ContentPacks.load("alias", dir, RuleRegistry.empty()))
                .hasMessage(file("alias.yaml") + ": line 5, column 11: the alias *kit is not supported: write the "
                        + "value out");
    }

    @Test
    void aPackErrorIsPassedOnWithTheFileInFront() throws IOException {
        write("bad.json", "{\"items\":[\"a\"],\"objects\":[{\"kind\":\"furnace\",\"recipes\":[\"smelt\"]}]}");
        assertThatThrownBy(() -> ContentPacks.load("bad", dir, RuleRegistry.empty()))
                .isInstanceOf(ContentLoadException.class)
                .hasMessage(file("bad.json") + ": objects[0] \"furnace\".recipes[0]: recipe \"smelt\" is not defined");
    }

    @Test
    void aMissingPackIsAnError() {
        assertThatThrownBy(() -> ContentPacks.load("nowhere", dir, RuleRegistry.empty()))
                .isInstanceOf(ContentLoadException.class)
                .hasMessage("no content pack named nowhere (looked in " + dir + " and in this build)");
        assertThatThrownBy(() -> ContentPacks.load("nowhere", null, RuleRegistry.empty()))
                .hasMessage("no content pack named nowhere (looked in this build)");
    }

    @Test
    void aNameThatIsNotOneIsRefusedBeforeAnyFileIsRead() {
        assertThatThrownBy(() -> ContentPacks.load("../etc", dir, RuleRegistry.empty()))
                .isInstanceOf(ContentLoadException.class)
                .hasMessage("a content pack name is 1-32 of [a-z0-9_-], not \"../etc\"");
        assertThatThrownBy(() -> ContentPacks.load("Default", dir, RuleRegistry.empty()))
                .hasMessage("a content pack name is 1-32 of [a-z0-9_-], not \"Default\"");
        assertThatThrownBy(() -> ContentPacks.load("a".repeat(33), dir, RuleRegistry.empty()))
                .isInstanceOf(ContentLoadException.class);
    }

    private String file(String name) {
        return dir.resolve(name).toString();
    }

    private void write(String name, String text) throws IOException {
        Files.writeString(dir.resolve(name), text, StandardCharsets.UTF_8);
    }

    private void copyResource(String resource, String name) throws IOException {
        try (InputStream in = getClass().getClassLoader().getResourceAsStream(resource)) {
            assertThat(in).as(resource).isNotNull();
            Files.write(dir.resolve(name), in.readAllBytes());
        }
    }

    private static List<String> items(ContentPack pack) {
        List<String> items = new ArrayList<>();
        for (int i = 0; i < pack.itemCount(); i++) {
            items.add(pack.item(i));
        }
        return items;
    }

    /** Everything the compiled pack says, by id, in one comparable text. */
    private static String describe(ContentPack pack) {
        StringBuilder s = new StringBuilder(pack.name()).append('\n');
        for (int i = 0; i < pack.itemCount(); i++) {
            s.append("item ").append(pack.item(i)).append(" start ").append(pack.startCount(i)).append('\n');
        }
        for (int k = 0; k < pack.kindCount(); k++) {
            ObjectKind kind = pack.kind(k);
            s.append("kind ").append(kind.id()).append(" slots ").append(kind.slots()).append(" capacity ")
                    .append(kind.capacity()).append(" every ").append(kind.every()).append(" rule ")
                    .append(kind.rule() != null).append(" cost");
            for (int c = 0; c < kind.costItemCount(); c++) {
                s.append(' ').append(pack.item(kind.costItem(c))).append('=').append(kind.costCount(c));
            }
            for (Direction side : Direction.values()) {
                s.append(' ').append(side).append(" out");
                for (int item : kind.outItems(side.ordinal())) {
                    s.append(' ').append(pack.item(item));
                }
                s.append(" in");
                for (int item = 0; item < pack.itemCount(); item++) {
                    if (kind.takesIn(side.ordinal(), item)) {
                        s.append(' ').append(pack.item(item));
                    }
                }
            }
            s.append(" recipes");
            for (int r = 0; r < kind.recipeCount(); r++) {
                s.append(' ').append(pack.recipe(kind.recipe(r)).id());
            }
            s.append('\n');
        }
        for (int r = 0; r < pack.recipeCount(); r++) {
            Recipe recipe = pack.recipe(r);
            s.append("recipe ").append(recipe.id()).append(" ticks ").append(recipe.ticks()).append(" in");
            for (int i = 0; i < recipe.inputCount(); i++) {
                s.append(' ').append(pack.item(recipe.inputItem(i))).append('=').append(recipe.inputAmount(i));
            }
            s.append(" out");
            for (int i = 0; i < recipe.outputCount(); i++) {
                s.append(' ').append(pack.item(recipe.outputItem(i))).append('=').append(recipe.outputAmount(i));
            }
            s.append(" lines");
            for (int l = 0; l < pack.clock().lineCount(); l++) {
                if (recipe.runsOn(l)) {
                    s.append(' ').append(pack.clock().line(l));
                }
            }
            s.append('\n');
        }
        s.append("clock ").append(pack.lines()).append(" x ").append(pack.clock().ticksPerLine());
        for (int l = 0; l < pack.clock().lineCount(); l++) {
            for (int terrain = 0; terrain < 4; terrain++) {
                s.append(' ').append(pack.clock().transmute(l, Cells.floor(terrain)));
            }
        }
        return s.toString();
    }

    /** An object's stock as a formula sees it. */
    private static final class Stock implements ObjectContext {

        final int[] counts;
        private final int line;
        private final int capacity;

        Stock(ContentPack pack, int line, int capacity) {
            this.counts = new int[pack.itemCount()];
            this.line = line;
            this.capacity = capacity;
        }

        Stock with(int item, int count) {
            counts[item] = count;
            return this;
        }

        @Override
        public int count(int item) {
            return counts[item];
        }

        @Override
        public void set(int item, int count) {
            counts[item] = Math.max(0, Math.min(capacity, count));
        }

        @Override
        public int line() {
            return line;
        }

        @Override
        public int capacity() {
            return capacity;
        }
    }
}
