package lor.sim.content;

import static lor.sim.content.TestPacks.economy;
import static lor.sim.content.TestPacks.map;
import static lor.sim.content.TestPacks.smap;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

class PackJsonTest {

    /** {@link TestPacks#economy()} as a studio would write it, with every kind of field. */
    private static final String ECONOMY = """
            {
              "name": "economy",
              "items": ["wood", "ore", "coal", "iron", "tool"],
              "start": {"wood": 20, "ore": 8, "coal": 4},
              "clock": {
                "lines": ["day", "dusk", "night"],
                "ticksPerLine": 10,
                "transmute": [{"line": "night", "from": "water", "to": "wall"}]
              },
              "objects": [
                {"kind": "furnace", "cost": {"wood": 4}, "slots": 4, "capacity": 20,
                 "ports": [{"dir": "W", "in": ["ore", "coal"]}, {"dir": "E", "out": ["iron"]}],
                 "recipes": ["smelt_iron"]},
                {"kind": "anvil", "cost": {"wood": 3}, "slots": 4, "capacity": 20,
                 "ports": [{"dir": "W", "in": ["iron", "wood"]}], "recipes": ["forge_tool"]},
                {"kind": "crate", "cost": {"wood": 2}, "slots": 8, "capacity": 100, "ports": [{"dir": "W", "in": []}]},
                {"kind": "kiln", "cost": {"wood": 3}, "slots": 2, "capacity": 20,
                 "ports": [{"dir": "E", "out": ["coal"]}], "formula": "kiln", "every": 4}
              ],
              "recipes": [
                {"id": "smelt_iron", "inputs": {"ore": 2, "coal": 1}, "outputs": {"iron": 1}, "ticks": 5,
                 "lines": ["night"]},
                {"id": "forge_tool", "inputs": {"iron": 2, "wood": 1}, "outputs": {"tool": 1}, "ticks": 6}
              ],
              "formulas": [
                {"id": "kiln", "rules": [{"when": "wood >= 2 && on(day)",
                                          "set": {"wood": "wood - 2", "coal": "coal + 1"}}]}
              ]
            }
            """;

    @Test
    void aCompletePackBindsToTheSameRecordsAndKeepsTheOrderOfItsMaps() {
        PackDef read = PackJson.read(ECONOMY);

        assertThat(read).isEqualTo(economy());
        assertThat(new ArrayList<>(read.start().keySet())).containsExactly("wood", "ore", "coal");
        assertThat(new ArrayList<>(read.recipes().get(0).inputs().keySet())).containsExactly("ore", "coal");
        assertThat(new ArrayList<>(read.formulas().get(0).rules().get(0).set().keySet()))
                .containsExactly("wood", "coal");
        assertThat(TestPacks.compiled(read).kindIndex("kiln")).isEqualTo(3);
    }

    @Test
    void mapsKeepTheOrderOfTheTextNotOfTheirKeys() {
        PackDef read = PackJson.read("{\"items\":[\"a\",\"b\",\"c\"],\"start\":{\"c\":3,\"a\":1,\"b\":2}}");
        assertThat(new ArrayList<>(read.start().keySet())).containsExactly("c", "a", "b");
    }

    @Test
    void aNullFieldIsTheSameAsLeavingItOut() {
        PackDef withNulls = PackJson.read("""
                {"name": null, "items": ["a"], "start": null, "clock": null, "recipes": null, "formulas": null,
                 "objects": [{"kind": "box", "cost": null, "slots": null, "capacity": null, "ports": null,
                              "recipes": null, "formula": null, "rule": null, "every": null}]}
                """);
        PackDef without = PackJson.read("{\"items\": [\"a\"], \"objects\": [{\"kind\": \"box\"}]}");

        assertThat(withNulls).isEqualTo(without).isEqualTo(new PackDef(null, List.of("a"), null, null,
                List.of(new PackDef.KindDef("box", null, null, null, null, null, null, null, null)), null, null));
    }

    @Test
    void modulesAndTheirSettingsBindInTheOrderOfTheText() {
        PackDef read = PackJson.read("""
                {"items": ["fire"], "modules": ["weather", "elementals"],
                 "settings": {"elementals": {"regrow_ticks": 200, "burn_ticks": 40}, "weather": {}}}
                """);

        assertThat(read.modules()).containsExactly("weather", "elementals");
        assertThat(new ArrayList<>(read.settings().keySet())).containsExactly("elementals", "weather");
        assertThat(new ArrayList<>(read.settings().get("elementals").keySet()))
                .containsExactly("regrow_ticks", "burn_ticks");
        assertThat(read.settings().get("elementals")).isEqualTo(map("regrow_ticks", 200, "burn_ticks", 40));
        assertThat(PackJson.read("{\"modules\": null, \"settings\": null}"))
                .isEqualTo(new PackDef(null, null, null, null, null, null, null));
    }

    @Test
    void aModuleNameOrASettingOfTheWrongTypeNamesItsPath() {
        assertRefused("{\"modules\": \"elementals\"}", "modules: expected a list, found \"elementals\"");
        assertRefused("{\"modules\": [\"elementals\", {}]}", "modules[1]: expected a string, found an object");
        assertRefused("{\"modules\": [\"elementals\", null]}", "modules[1]: expected a string, found null");
        assertRefused("{\"settings\": [\"elementals\"]}", "settings: expected an object, found a list");
        assertRefused("{\"settings\": {\"elementals\": 40}}", "settings.elementals: expected an object, found 40");
        assertRefused("{\"settings\": {\"elementals\": null}}",
                "settings.elementals: expected an object, found null");
        assertRefused("{\"settings\": {\"elementals\": {\"burn_ticks\": \"40\"}}}",
                "settings.elementals.burn_ticks: expected a whole number, found \"40\"");
        assertRefused("{\"settings\": {\"elementals\": {\"burn_ticks\": 4.5}}}",
                "settings.elementals.burn_ticks: expected a whole number, found 4.5");
        assertRefused("{\"settings\": {\"elementals\": {\"burn_ticks\": null}}}",
                "settings.elementals.burn_ticks: expected a whole number, found null");
        assertRefused("{\"settings\": {\"elementals\": {\"burn_ticks\": 2147483648}}}",
                "settings.elementals.burn_ticks: expected a whole number, found 2147483648, which is out of range");
    }

    @Test
    void stringsMayUseEveryEscape() {
        PackDef read = PackJson.read(
                "{\"name\": \"q\\\" b\\\\ s\\/ \\b\\f\\n\\r\\t \\u00e9\\u20AC \\ud83d\\ude00 é😀\"}");
        assertThat(read.name()).isEqualTo("q\" b\\ s/ \b\f\n\r\t é€ \uD83D\uDE00 é😀");
        assertThat(read.name().codePointCount(0, read.name().length())).isEqualTo(read.name().length() - 2);
    }

    @Test
    void aNumberOrBooleanWhereAStringBelongsIsReadAsItsText() {
        PackDef read = PackJson.read(
                "{\"formulas\":[{\"id\":\"f\",\"rules\":[{\"when\":true,\"set\":{\"a\":0,\"b\":-0,\"c\":1.5}}]}]}");
        PackDef.FormulaRuleDef rule = read.formulas().get(0).rules().get(0);
        assertThat(rule.when()).isEqualTo("true");
        assertThat(rule.set()).isEqualTo(smap("a", "0", "b", "0", "c", "1.5"));
    }

    @Test
    void wholeNumbersCoverTheRangeOfAnInt() {
        PackDef read = PackJson.read("{\"start\":{\"a\":2147483647,\"b\":-2147483648,\"c\":-0}}");
        assertThat(read.start()).isEqualTo(map("a", Integer.MAX_VALUE, "b", Integer.MIN_VALUE, "c", 0));
    }

    @Test
    void anUnknownFieldIsAnErrorNamingItsPathAndTheFieldsThatAre() {
        assertRefused("{\"items\":[\"a\"],\"objects\":[{\"kind\":\"box\",\"colour\":\"red\"}]}",
                "objects[0].colour: unknown field (the fields here are kind, cost, slots, capacity, ports, recipes, "
                        + "formula, rule, every)");
        assertRefused("{\"item\":[\"a\"]}",
                "item: unknown field (the fields here are name, items, start, clock, objects, recipes, formulas, "
                        + "modules, settings)");
        assertRefused("{\"clock\":{\"lines\":[\"d\"],\"transmute\":[{\"line\":\"d\",\"from\":\"w\",\"too\":\"x\"}]}}",
                "clock.transmute[0].too: unknown field (the fields here are line, from, to)");
    }

    @Test
    void aValueOfTheWrongTypeNamesItsPathAndTheValueFound() {
        assertRefused("{\"objects\":[{\"kind\":\"a\"},{\"kind\":\"b\",\"cost\":{\"wood\":\"4\"}}]}",
                "objects[1].cost.wood: expected a whole number, found \"4\"");
        assertRefused("{\"objects\":[{\"kind\":\"b\",\"capacity\":\"lots\"}]}",
                "objects[0].capacity: expected a whole number, found \"lots\"");
        assertRefused("{\"clock\":[\"day\"]}", "clock: expected an object, found a list");
        assertRefused("{\"items\":\"a\"}", "items: expected a list, found \"a\"");
        assertRefused("{\"items\":[{}]}", "items[0]: expected a string, found an object");
        assertRefused("{\"start\":[]}", "start: expected an object, found a list");
        assertRefused("{\"recipes\":[{\"id\":\"r\",\"ticks\":true}]}",
                "recipes[0].ticks: expected a whole number, found true");
        assertRefused("{\"formulas\":[\"f\"]}", "formulas[0]: expected an object, found \"f\"");
        assertRefused("[]", "expected an object, found a list");
    }

    @Test
    void numbersAreNeitherRoundedNorReadFromStringsNorOutOfRange() {
        assertRefused("{\"objects\":[{\"kind\":\"box\",\"slots\":1.5}]}",
                "objects[0].slots: expected a whole number, found 1.5");
        assertRefused("{\"objects\":[{\"kind\":\"box\",\"slots\":4.0}]}",
                "objects[0].slots: expected a whole number, found 4.0");
        assertRefused("{\"objects\":[{\"kind\":\"box\",\"slots\":1e2}]}",
                "objects[0].slots: expected a whole number, found 1e2");
        assertRefused("{\"start\":{\"a\":\"12\"}}", "start.a: expected a whole number, found \"12\"");
        assertRefused("{\"start\":{\"a\":2147483648}}",
                "start.a: expected a whole number, found 2147483648, which is out of range");
        assertRefused("{\"start\":{\"a\":-99999999999999999999999}}",
                "start.a: expected a whole number, found -99999999999999999999999, which is out of range");
    }

    @Test
    void aNullInsideAListOrAMapIsAnError() {
        assertRefused("{\"items\":[\"a\",null]}", "items[1]: expected a string, found null");
        assertRefused("{\"start\":{\"a\":null}}", "start.a: expected a whole number, found null");
        assertRefused("{\"objects\":[null]}", "objects[0]: expected an object, found null");
        assertRefused("{\"formulas\":[{\"id\":\"f\",\"rules\":[{\"set\":{\"a\":null}}]}]}",
                "formulas[0].rules[0].set.a: expected a string, found null");
    }

    @Test
    void aDuplicateKeyIsAnErrorNamingWhereItIs() {
        assertRefused("{\"items\": [\"a\"],\n \"items\": [\"b\"]}", "line 2, column 2: \"items\" is given twice");
        assertRefused("{\"objects\": [{\"kind\": \"box\", \"cost\": {\"a\": 1, \"a\": 2}}]}",
                "line 1, column 47: \"a\" is given twice in objects[0].cost");
    }

    @Test
    void syntaxErrorsNameTheLineAndColumn() {
        assertRefused("{\n  \"items\": [\"a\",\n}\n", "line 3, column 1: unexpected character '}': expected a value");
        assertRefused("{\"items\": [\"a\"]", "line 1, column 16: the text ends too soon: expected ',' or '}'");
        assertRefused("{items: []}", "line 1, column 2: unexpected character 'i': expected '\"' to start a field name");
        assertRefused("{\"a\" 1}", "line 1, column 6: unexpected character '1': expected ':'");
        assertRefused("{\"items\": [01]}", "line 1, column 13: unexpected character '1': expected ',' or ']'");
        assertRefused("{\"items\": [-]}", "line 1, column 13: unexpected character ']': expected a digit");
        assertRefused("{\"items\": [1.]}", "line 1, column 14: unexpected character ']': expected a digit");
        assertRefused("{\"items\": [tru]}", "line 1, column 12: unexpected character 't': expected a value");
        assertRefused("{\"name\": \"a\tb\"}",
                "line 1, column 12: unexpected a control character (code 9) in a string: write it as an escape");
        assertRefused("{\"name\": \"\\x\"}", "line 1, column 12: unexpected character 'x' after '\\': not an escape");
        assertRefused("{\"name\": \"\\u12g4\"}", "line 1, column 15: expected four hex digits after '\\u'");
        assertRefused("{\"name\": \"abc", "line 1, column 14: the text ends too soon: expected '\"'");
        assertRefused("{\"items\": [\"a\",]}", "line 1, column 16: unexpected character ']': expected a value");
    }

    @Test
    void contentAfterThePackAndAnEmptyTextAreErrors() {
        assertRefused("{\"items\": [\"a\"]}\n{\"items\": [\"b\"]}\n",
                "line 2, column 1: more follows the end of the pack (a text holds one pack)");
        assertRefused("{} x", "line 1, column 4: more follows the end of the pack (a text holds one pack)");
        assertRefused(" \n", "the pack is empty");
        assertRefused("null", "the pack is empty");
    }

    @Test
    void whitespaceOfEveryKindIsAllowedBetweenTokens() {
        assertThat(PackJson.read(" \t\r\n{ \"items\" :\r\n[ \"a\" ,\t\"b\" ] }\n ").items()).containsExactly("a", "b");
    }

    /** Any pack written out as JSON, with escapes where a writer may choose them, reads back equal. */
    @Property(tries = 200)
    void aWrittenPackReadsBackEqual(@ForAll long seed) {
        Random random = new Random(seed);
        PackDef pack = randomPack(random);
        assertThat(PackJson.read(write(pack, random))).isEqualTo(pack);
    }

    private static void assertRefused(String json, String message) {
        assertThatThrownBy(() -> PackJson.read(json)).isInstanceOf(ContentException.class).hasMessage(message);
    }

    // ---- random packs and a plain writer for them --------------------------------------------------------------

    private static PackDef randomPack(Random r) {
        return new PackDef(maybe(r, () -> text(r)), maybe(r, () -> texts(r)), maybe(r, () -> counts(r)),
                maybe(r, () -> new PackDef.ClockDef(maybe(r, () -> texts(r)), maybe(r, () -> number(r)),
                        maybe(r, () -> listOf(r, () -> new PackDef.TransmuteDef(text(r), text(r), text(r)))))),
                maybe(r, () -> listOf(r, () -> new PackDef.KindDef(text(r), maybe(r, () -> counts(r)),
                        maybe(r, () -> number(r)), maybe(r, () -> number(r)),
                        maybe(r, () -> listOf(r, () -> new PackDef.PortDef(text(r), maybe(r, () -> texts(r)),
                                maybe(r, () -> texts(r))))),
                        maybe(r, () -> texts(r)), maybe(r, () -> text(r)), maybe(r, () -> text(r)),
                        maybe(r, () -> number(r))))),
                maybe(r, () -> listOf(r, () -> new PackDef.RecipeDef(text(r), maybe(r, () -> counts(r)),
                        maybe(r, () -> counts(r)), maybe(r, () -> number(r)), maybe(r, () -> texts(r))))),
                maybe(r, () -> listOf(r, () -> new PackDef.FormulaDef(text(r),
                        maybe(r, () -> listOf(r, () -> new PackDef.FormulaRuleDef(maybe(r, () -> text(r)),
                                maybe(r, () -> {
                                    Map<String, String> set = new LinkedHashMap<>();
                                    for (int i = r.nextInt(4); i > 0; i--) {
                                        set.put(text(r), text(r));
                                    }
                                    return set;
                                }))))))),
                maybe(r, () -> texts(r)), maybe(r, () -> {
                    Map<String, Map<String, Integer>> settings = new LinkedHashMap<>();
                    for (int i = r.nextInt(3); i > 0; i--) {
                        settings.put(text(r), counts(r));
                    }
                    return settings;
                }));
    }

    private static <T> T maybe(Random r, java.util.function.Supplier<T> value) {
        return r.nextInt(4) == 0 ? null : value.get();
    }

    private static <T> List<T> listOf(Random r, java.util.function.Supplier<T> item) {
        List<T> list = new ArrayList<>();
        for (int i = r.nextInt(4); i > 0; i--) {
            list.add(item.get());
        }
        return list;
    }

    private static List<String> texts(Random r) {
        return listOf(r, () -> text(r));
    }

    private static Map<String, Integer> counts(Random r) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        for (int i = r.nextInt(5); i > 0; i--) {
            counts.put(text(r), number(r));
        }
        return counts;
    }

    private static Integer number(Random r) {
        return switch (r.nextInt(4)) {
            case 0 -> r.nextInt();
            case 1 -> r.nextBoolean() ? Integer.MAX_VALUE : Integer.MIN_VALUE;
            default -> r.nextInt(100);
        };
    }

    /** Short strings over letters, quotes, backslashes, control characters, accents and a character beyond the BMP. */
    private static String text(Random r) {
        String[] pieces = {"a", "b", "z", " ", "\"", "\\", "/", "\n", "\t", "\u0001", "é", "€", "😀", "{", "]", ","};
        StringBuilder s = new StringBuilder();
        for (int i = r.nextInt(6); i > 0; i--) {
            s.append(pieces[r.nextInt(pieces.length)]);
        }
        return s.toString();
    }

    private static String write(Object value, Random r) {
        StringBuilder out = new StringBuilder();
        write(value, r, out);
        return out.toString();
    }

    private static void write(Object value, Random r, StringBuilder out) {
        if (value instanceof Record record) {
            Map<String, Object> fields = new LinkedHashMap<>();
            for (var component : record.getClass().getRecordComponents()) {
                try {
                    Object field = component.getAccessor().invoke(record);
                    // Leave a null field out or write it as null, as both mean the same.
                    if (field != null || r.nextBoolean()) {
                        fields.put(component.getName(), field);
                    }
                } catch (ReflectiveOperationException e) {
                    throw new AssertionError(e);
                }
            }
            value = fields;
        }
        if (value == null || value instanceof Integer) {
            out.append(value);
        } else if (value instanceof String s) {
            writeString(s, r, out);
        } else if (value instanceof List<?> list) {
            out.append('[');
            for (int i = 0; i < list.size(); i++) {
                out.append(i == 0 ? "" : ",").append(r.nextBoolean() ? " " : "\n\t");
                write(list.get(i), r, out);
            }
            out.append(']');
        } else if (value instanceof Map<?, ?> map) {
            out.append('{');
            String comma = "";
            for (Map.Entry<?, ?> entry : map.entrySet()) {
                out.append(comma).append(r.nextBoolean() ? "" : "\r\n ");
                writeString((String) entry.getKey(), r, out);
                out.append(r.nextBoolean() ? ":" : " : ");
                write(entry.getValue(), r, out);
                comma = ",";
            }
            out.append('}');
        } else {
            throw new AssertionError(value);
        }
    }

    private static void writeString(String s, Random r, StringBuilder out) {
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"' || c == '\\') {
                out.append('\\').append(c);
            } else if (c < 0x20 || r.nextInt(4) == 0) {
                String hex = Integer.toHexString(c);
                out.append("\\u").append("0".repeat(4 - hex.length()))
                        .append(r.nextBoolean() ? hex : hex.toUpperCase());
            } else {
                out.append(c);
            }
        }
        out.append('"');
    }
}
