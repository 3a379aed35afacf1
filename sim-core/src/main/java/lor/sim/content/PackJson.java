package lor.sim.content;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;

/**
 * Reads a pack's JSON into a {@link PackDef} where Jackson is not available: in the browser, which is sent the pack
 * as the {@code content} of the {@code welcome} message and compiles it itself.
 *
 * <p>As strict as the server's reader of studio files, so a pack means the same in both places: an unknown field, a
 * value of the wrong type, a number that is not a whole {@code int} where one belongs, a repeated key, content after
 * the pack and a null inside a list or map are errors naming their path ({@code objects[1].cost.wood}); a null field
 * is the same as leaving it out, as Jackson writes absent fields. Like Jackson, a number or {@code true}/{@code false}
 * where a string belongs is read as its text, since a formula's expression may be written {@code "a": 0}.
 */
public final class PackJson {

    private PackJson() {
    }

    /** @throws ContentException naming where the text or the pack is at fault */
    public static PackDef read(String json) {
        if (json.trim().isEmpty()) {
            throw new ContentException("", "the pack is empty");
        }
        Object root = JsonText.parse(json);
        if (root == null) {
            throw new ContentException("", "the pack is empty");
        }
        Obj pack = new Obj(root, "", "name", "items", "start", "clock", "objects", "recipes", "formulas", "modules",
                "settings");
        return new PackDef(pack.string("name"), pack.strings("items"), pack.counts("start"),
                pack.object("clock", PackJson::clock), pack.list("objects", PackJson::kind),
                pack.list("recipes", PackJson::recipe), pack.list("formulas", PackJson::formula),
                pack.strings("modules"), pack.map("settings", PackJson::settingsSection));
    }

    /** One module's section of {@code settings}: whole numbers by setting name. */
    private static Map<String, Integer> settingsSection(Object value, String path) {
        if (!(value instanceof Map<?, ?> entries)) {
            throw mismatch(path, "an object", value);
        }
        Map<String, Integer> section = new LinkedHashMap<>();
        for (Map.Entry<?, ?> entry : entries.entrySet()) {
            String name = (String) entry.getKey();
            section.put(name, integer(entry.getValue(), at(path, name)));
        }
        return section;
    }

    private static PackDef.ClockDef clock(Object value, String path) {
        Obj o = new Obj(value, path, "lines", "ticksPerLine", "transmute");
        return new PackDef.ClockDef(o.strings("lines"), o.integer("ticksPerLine"),
                o.list("transmute", PackJson::transmute));
    }

    private static PackDef.TransmuteDef transmute(Object value, String path) {
        Obj o = new Obj(value, path, "line", "from", "to");
        return new PackDef.TransmuteDef(o.string("line"), o.string("from"), o.string("to"));
    }

    private static PackDef.KindDef kind(Object value, String path) {
        Obj o = new Obj(value, path, "kind", "cost", "slots", "capacity", "ports", "recipes", "formula", "rule",
                "every");
        return new PackDef.KindDef(o.string("kind"), o.counts("cost"), o.integer("slots"), o.integer("capacity"),
                o.list("ports", PackJson::port), o.strings("recipes"), o.string("formula"), o.string("rule"),
                o.integer("every"));
    }

    private static PackDef.PortDef port(Object value, String path) {
        Obj o = new Obj(value, path, "dir", "in", "out");
        return new PackDef.PortDef(o.string("dir"), o.strings("in"), o.strings("out"));
    }

    private static PackDef.RecipeDef recipe(Object value, String path) {
        Obj o = new Obj(value, path, "id", "inputs", "outputs", "ticks", "lines");
        return new PackDef.RecipeDef(o.string("id"), o.counts("inputs"), o.counts("outputs"), o.integer("ticks"),
                o.strings("lines"));
    }

    private static PackDef.FormulaDef formula(Object value, String path) {
        Obj o = new Obj(value, path, "id", "rules");
        return new PackDef.FormulaDef(o.string("id"), o.list("rules", PackJson::formulaRule));
    }

    private static PackDef.FormulaRuleDef formulaRule(Object value, String path) {
        Obj o = new Obj(value, path, "when", "set");
        return new PackDef.FormulaRuleDef(o.string("when"), o.map("set", PackJson::string));
    }

    /** One JSON object being bound to a record: its fields, checked against the record's, and its path. */
    private static final class Obj {

        private final Map<?, ?> fields;
        private final String path;

        Obj(Object value, String path, String... known) {
            if (!(value instanceof Map<?, ?> map)) {
                throw mismatch(path, "an object", value);
            }
            for (Object key : map.keySet()) {
                if (!List.of(known).contains(key)) {
                    throw new ContentException(at(path, (String) key),
                            "unknown field (the fields here are " + String.join(", ", known) + ")");
                }
            }
            this.fields = map;
            this.path = path;
        }

        String string(String key) {
            Object value = fields.get(key);
            return value == null ? null : PackJson.string(value, at(path, key));
        }

        Integer integer(String key) {
            Object value = fields.get(key);
            return value == null ? null : PackJson.integer(value, at(path, key));
        }

        List<String> strings(String key) {
            return list(key, PackJson::string);
        }

        Map<String, Integer> counts(String key) {
            return map(key, PackJson::integer);
        }

        <T> T object(String key, BiFunction<Object, String, T> bind) {
            Object value = fields.get(key);
            return value == null ? null : bind.apply(value, at(path, key));
        }

        <T> List<T> list(String key, BiFunction<Object, String, T> bind) {
            Object value = fields.get(key);
            if (value == null) {
                return null;
            }
            String where = at(path, key);
            if (!(value instanceof List<?> items)) {
                throw mismatch(where, "a list", value);
            }
            List<T> list = new ArrayList<>(items.size());
            for (Object item : items) {
                list.add(bind.apply(item, where + "[" + list.size() + "]"));
            }
            return list;
        }

        <T> Map<String, T> map(String key, BiFunction<Object, String, T> bind) {
            Object value = fields.get(key);
            if (value == null) {
                return null;
            }
            String where = at(path, key);
            if (!(value instanceof Map<?, ?> entries)) {
                throw mismatch(where, "an object", value);
            }
            Map<String, T> map = new LinkedHashMap<>();
            for (Map.Entry<?, ?> entry : entries.entrySet()) {
                String name = (String) entry.getKey();
                map.put(name, bind.apply(entry.getValue(), at(where, name)));
            }
            return map;
        }
    }

    private static String string(Object value, String path) {
        if (value instanceof String s) {
            return s;
        }
        if (value instanceof Boolean b) {
            return b.toString();
        }
        if (value instanceof JsonText.Num n) {
            return numberText(n);
        }
        throw mismatch(path, "a string", value);
    }

    private static Integer integer(Object value, String path) {
        if (!(value instanceof JsonText.Num n) || !n.integral()) {
            throw mismatch(path, "a whole number", value);
        }
        String digits = n.text().startsWith("-") ? n.text().substring(1) : n.text();
        // More than ten digits is out of range for an int and could overflow a long too.
        long parsed = digits.length() > 10 ? Long.MAX_VALUE : Long.parseLong(n.text());
        if (parsed < Integer.MIN_VALUE || parsed > Integer.MAX_VALUE) {
            throw new ContentException(path, "expected a whole number, found " + n.text() + ", which is out of range");
        }
        return (int) parsed;
    }

    /** The text Jackson gives a number bound to a string: {@code -0} as {@code 0}, {@code 1E2} as {@code 100.0}. */
    private static String numberText(JsonText.Num n) {
        if (!n.integral()) {
            return Double.toString(Double.parseDouble(n.text()));
        }
        return n.text().equals("-0") ? "0" : n.text();
    }

    private static ContentException mismatch(String path, String expected, Object found) {
        return new ContentException(path, "expected " + expected + ", found " + describe(found));
    }

    private static String describe(Object value) {
        if (value == null) {
            return "null";
        }
        if (value instanceof List) {
            return "a list";
        }
        if (value instanceof Map) {
            return "an object";
        }
        if (value instanceof String s) {
            return JsonText.quote(s);
        }
        if (value instanceof JsonText.Num n) {
            return n.text();
        }
        return value.toString();
    }

    private static String at(String path, String key) {
        return path.isEmpty() ? key : path + "." + key;
    }
}
