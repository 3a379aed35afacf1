package lor.sim.content;

import static lor.sim.content.ContentPack.MAX_COUNT;
import static lor.sim.content.ContentPack.MAX_ITEMS;
import static lor.sim.content.ContentPack.MAX_KINDS;
import static lor.sim.content.ContentPack.MAX_LINES;
import static lor.sim.content.ContentPack.MAX_RECIPES;
import static lor.sim.content.ContentPack.MAX_SLOTS;
import static lor.sim.content.ContentPack.MAX_TICKS;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import lor.sim.grid.Direction;

/**
 * Turns a {@link PackDef} into a {@link ContentPack}: checks every entry in the order a pack is written and resolves
 * names to indices. One instance is one pass; the first problem found is thrown.
 */
final class PackCompiler {

    private static final int DEFAULT_SLOTS = 4;
    private static final int DEFAULT_CAPACITY = 50;

    private final PackDef def;
    private final RuleRegistry rules;
    private final Map<String, Integer> items = new LinkedHashMap<>();
    private final Map<String, Integer> lines = new LinkedHashMap<>();
    private final Map<String, Integer> recipeIds = new LinkedHashMap<>();
    private final Map<String, Formula> formulas = new HashMap<>();
    /** Kinds that run a Java rule, whose factories need the finished pack. */
    private final Map<Integer, ObjectRule.Factory> javaRules = new LinkedHashMap<>();
    private int maxStack = 1;

    PackCompiler(PackDef def, RuleRegistry rules) {
        this.def = def;
        this.rules = rules;
    }

    ContentPack run() {
        if (def == null) {
            throw new ContentException("", "the pack is empty");
        }
        String name = def.name() == null ? "unnamed" : def.name();
        List<String> itemIds = orEmpty(def.items());
        if (itemIds.size() > MAX_ITEMS) {
            throw new ContentException("items", "more than " + MAX_ITEMS + " items");
        }
        for (int i = 0; i < itemIds.size(); i++) {
            String id = itemIds.get(i);
            String entry = "items[" + i + "]";
            requireId(entry, id);
            if (id.equals("line") || id.equals("capacity")) {
                throw new ContentException(entry, quoted(id) + " is a word of formulas; name the item otherwise");
            }
            if (items.putIfAbsent(id, i) != null) {
                throw new ContentException(entry, quoted(id) + " is listed twice");
            }
        }
        int[] start = new int[items.size()];
        for (Map.Entry<String, Integer> e : orEmpty(def.start()).entrySet()) {
            start[item("start", e.getKey())] = count("start." + e.getKey(), e.getValue(), 0);
        }
        ClockSpec clock = clock(def.clock());
        Recipe[] recipes = recipes(clock);
        compileFormulas();
        ObjectKind[] kinds = kinds();
        Map<String, Integer> kindIndex = new HashMap<>();
        for (ObjectKind kind : kinds) {
            kindIndex.put(kind.id(), kind.index());
        }
        List<String> modules = modules();
        Map<String, Map<String, Integer>> settings = moduleSettings(modules);
        ContentPack pack = new ContentPack(def, name, itemIds.toArray(new String[0]),
                Collections.unmodifiableMap(items), start, kinds, kindIndex, recipes,
                Collections.unmodifiableMap(recipeIds), clock, maxStack, modules, settings);
        for (Map.Entry<Integer, ObjectRule.Factory> e : javaRules.entrySet()) {
            String entry = "objects[" + e.getKey() + "] " + quoted(kinds[e.getKey()].id());
            ObjectRule rule;
            try {
                rule = e.getValue().create(pack);
            } catch (RuntimeException problem) {
                // A rule that cannot run on this pack (an item or line it needs is missing: IllegalArgumentException,
                // by the API's convention) fails like a pack error; any other failure is named as the factory's bug.
                throw new ContentException(entry + ".rule", "Java rule " + quoted(def.objects().get(e.getKey())
                        .rule()) + " cannot run on this pack: " + (problem instanceof IllegalArgumentException
                        ? problem.getMessage() : problem.toString()));
            }
            if (rule == null) {
                throw new ContentException(entry, "its Java rule's factory built no rule");
            }
            kinds[e.getKey()].bindRule(rule, def.objects().get(e.getKey()).rule());
        }
        return pack;
    }

    private ClockSpec clock(PackDef.ClockDef clock) {
        if (clock == null) {
            lines.put("always", 0);
            return new ClockSpec(new String[] {"always"}, MAX_TICKS, new CellClass[][] {{}},
                    new CellClass[][] {{}});
        }
        List<String> names = orEmpty(clock.lines());
        if (names.isEmpty() || names.size() > MAX_LINES) {
            throw new ContentException("clock.lines", "a clock needs 1 to " + MAX_LINES + " lines");
        }
        for (int i = 0; i < names.size(); i++) {
            requireId("clock.lines[" + i + "]", names.get(i));
            if (lines.putIfAbsent(names.get(i), i) != null) {
                throw new ContentException("clock.lines[" + i + "]", quoted(names.get(i)) + " is listed twice");
            }
        }
        int ticksPerLine = bounded("clock.ticksPerLine", clock.ticksPerLine(), 1, MAX_TICKS);
        List<List<CellClass>> from = new ArrayList<>();
        List<List<CellClass>> to = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            from.add(new ArrayList<>());
            to.add(new ArrayList<>());
        }
        List<PackDef.TransmuteDef> transmute = orEmpty(clock.transmute());
        for (int i = 0; i < transmute.size(); i++) {
            PackDef.TransmuteDef t = transmute.get(i);
            String entry = "clock.transmute[" + i + "]";
            if (t == null) {
                throw new ContentException(entry, "is empty");
            }
            Integer line = lines.get(t.line());
            if (line == null) {
                throw new ContentException(entry, "line " + quoted(t.line()) + " is not one of the clock's lines");
            }
            CellClass f = cellClass(entry + ".from", t.from());
            CellClass c = cellClass(entry + ".to", t.to());
            if (f == c) {
                throw new ContentException(entry, "from and to are both " + quoted(t.from()));
            }
            from.get(line).add(f);
            to.get(line).add(c);
        }
        CellClass[][] fromArrays = new CellClass[names.size()][];
        CellClass[][] toArrays = new CellClass[names.size()][];
        for (int i = 0; i < names.size(); i++) {
            fromArrays[i] = from.get(i).toArray(new CellClass[0]);
            toArrays[i] = to.get(i).toArray(new CellClass[0]);
        }
        return new ClockSpec(names.toArray(new String[0]), ticksPerLine, fromArrays, toArrays);
    }

    private Recipe[] recipes(ClockSpec clock) {
        List<PackDef.RecipeDef> defs = orEmpty(def.recipes());
        if (defs.size() > MAX_RECIPES) {
            throw new ContentException("recipes", "more than " + MAX_RECIPES + " recipes");
        }
        Recipe[] recipes = new Recipe[defs.size()];
        for (int i = 0; i < defs.size(); i++) {
            PackDef.RecipeDef r = defs.get(i);
            String entry = "recipes[" + i + "]";
            if (r == null) {
                throw new ContentException(entry, "is empty");
            }
            requireId(entry + ".id", r.id());
            entry += " " + quoted(r.id());
            if (recipeIds.putIfAbsent(r.id(), i) != null) {
                throw new ContentException(entry, "another recipe has this id");
            }
            Map<String, Integer> inputs = orEmpty(r.inputs());
            Map<String, Integer> outputs = orEmpty(r.outputs());
            if (outputs.isEmpty()) {
                throw new ContentException(entry, "a recipe needs at least one output");
            }
            int[][] in = amounts(entry + ".inputs", inputs);
            int[][] out = amounts(entry + ".outputs", outputs);
            int ticks = bounded(entry + ".ticks", r.ticks(), 1, MAX_TICKS);
            long mask = 0;
            List<String> onLines = orEmpty(r.lines());
            for (int l = 0; l < onLines.size(); l++) {
                Integer line = lines.get(onLines.get(l));
                if (line == null) {
                    throw new ContentException(entry + ".lines[" + l + "]",
                            quoted(onLines.get(l)) + " is not one of the clock's lines");
                }
                mask |= 1L << line;
            }
            if (onLines.isEmpty()) {
                mask = clock.lineCount() == 64 ? -1L : (1L << clock.lineCount()) - 1;
            }
            recipes[i] = new Recipe(i, r.id(), in[0], in[1], out[0], out[1], ticks, mask);
        }
        return recipes;
    }

    private void compileFormulas() {
        List<PackDef.FormulaDef> defs = orEmpty(def.formulas());
        for (int i = 0; i < defs.size(); i++) {
            PackDef.FormulaDef f = defs.get(i);
            String entry = "formulas[" + i + "]";
            if (f == null) {
                throw new ContentException(entry, "is empty");
            }
            requireId(entry + ".id", f.id());
            entry += " " + quoted(f.id());
            List<PackDef.FormulaRuleDef> ruleDefs = orEmpty(f.rules());
            if (ruleDefs.isEmpty()) {
                throw new ContentException(entry, "a formula needs at least one rule");
            }
            List<String> whens = new ArrayList<>();
            List<Map<String, String>> sets = new ArrayList<>();
            for (int r = 0; r < ruleDefs.size(); r++) {
                PackDef.FormulaRuleDef rule = ruleDefs.get(r);
                if (rule == null || orEmpty(rule.set()).isEmpty()) {
                    throw new ContentException(entry + ".rules[" + r + "]", "a rule needs a set");
                }
                whens.add(rule.when());
                sets.add(rule.set());
            }
            Formula formula;
            try {
                formula = new FormulaCompiler(items, lines).compile(f.id(), whens, sets);
            } catch (IllegalArgumentException e) {
                throw new ContentException(entry, e.getMessage());
            }
            if (formulas.putIfAbsent(f.id(), formula) != null) {
                throw new ContentException(entry, "another formula has this id");
            }
            maxStack = Math.max(maxStack, formula.maxStack());
        }
    }

    private ObjectKind[] kinds() {
        List<PackDef.KindDef> defs = orEmpty(def.objects());
        if (defs.size() > MAX_KINDS) {
            throw new ContentException("objects", "more than " + MAX_KINDS + " object kinds");
        }
        Map<String, Integer> seen = new HashMap<>();
        ObjectKind[] kinds = new ObjectKind[defs.size()];
        for (int i = 0; i < defs.size(); i++) {
            PackDef.KindDef k = defs.get(i);
            String entry = "objects[" + i + "]";
            if (k == null) {
                throw new ContentException(entry, "is empty");
            }
            requireId(entry + ".kind", k.kind());
            entry += " " + quoted(k.kind());
            if (seen.putIfAbsent(k.kind(), i) != null) {
                throw new ContentException(entry, "another object kind has this id");
            }
            int[][] cost = amounts(entry + ".cost", orEmpty(k.cost()));
            int slots = k.slots() == null ? DEFAULT_SLOTS : bounded(entry + ".slots", k.slots(), 1, MAX_SLOTS);
            int capacity = k.capacity() == null ? DEFAULT_CAPACITY
                    : bounded(entry + ".capacity", k.capacity(), 1, MAX_COUNT);
            int every = k.every() == null ? 1 : bounded(entry + ".every", k.every(), 1, MAX_TICKS);
            int[][] out = new int[4][];
            long[][] in = new long[4][];
            for (int s = 0; s < 4; s++) {
                out[s] = new int[0];
            }
            List<PackDef.PortDef> ports = orEmpty(k.ports());
            for (int p = 0; p < ports.size(); p++) {
                port(entry + ".ports[" + p + "]", ports.get(p), out, in);
            }
            List<String> recipeNames = orEmpty(k.recipes());
            int runners = (recipeNames.isEmpty() ? 0 : 1) + (k.formula() == null ? 0 : 1)
                    + (k.rule() == null ? 0 : 1);
            if (runners > 1) {
                throw new ContentException(entry, "an object kind runs recipes, a formula or a rule, not several");
            }
            int[] recipeList = new int[recipeNames.size()];
            for (int r = 0; r < recipeNames.size(); r++) {
                Integer recipe = recipeIds.get(recipeNames.get(r));
                if (recipe == null) {
                    throw new ContentException(entry + ".recipes[" + r + "]",
                            "recipe " + quoted(recipeNames.get(r)) + " is not defined");
                }
                if (recipeNames.subList(0, r).contains(recipeNames.get(r))) {
                    throw new ContentException(entry + ".recipes[" + r + "]",
                            quoted(recipeNames.get(r)) + " is listed twice");
                }
                recipeList[r] = recipe;
            }
            ObjectRule rule = null;
            boolean readsLine = false;
            if (k.formula() != null) {
                Formula formula = formulas.get(k.formula());
                if (formula == null) {
                    throw new ContentException(entry + ".formula", "formula " + quoted(k.formula())
                            + " is not defined");
                }
                rule = formula;
                readsLine = formula.readsLine();
            } else if (k.rule() != null) {
                ObjectRule.Factory factory = rules.find(k.rule());
                if (factory == null) {
                    throw new ContentException(entry + ".rule", "no Java rule is registered as "
                            + quoted(k.rule()) + " (Java rules come from the game modules the pack names in "
                            + "\"modules\"; those provide " + rules.ids() + ")");
                }
                javaRules.put(i, factory);
                readsLine = true;
            }
            kinds[i] = new ObjectKind(i, k.kind(), cost[0], cost[1], slots, capacity, out, in, recipeList, rule,
                    readsLine, every);
        }
        return kinds;
    }

    /**
     * The module names, each once. Their form is the contract's for module names, which is the form of an id; content
     * sits below the module API, so it checks the form through {@link Ids} rather than through the API's names.
     */
    private List<String> modules() {
        List<String> names = orEmpty(def.modules());
        for (int i = 0; i < names.size(); i++) {
            String name = names.get(i);
            String entry = "modules[" + i + "]";
            if (!Ids.isValid(name)) {
                throw new ContentException(entry, (name == null ? "the module name is missing"
                        : quoted(name) + " is not a module name")
                        + ": module names are 1-32 of a-z, 0-9 and _, starting with a letter");
            }
            if (names.subList(0, i).contains(name)) {
                throw new ContentException(entry, quoted(name) + " is listed twice");
            }
        }
        return List.copyOf(names);
    }

    /** The settings sections, each for a module the pack names; the module itself checks what is in them. */
    private Map<String, Map<String, Integer>> moduleSettings(List<String> modules) {
        Map<String, Map<String, Integer>> sections = new LinkedHashMap<>();
        for (Map.Entry<String, Map<String, Integer>> e : orEmpty(def.settings()).entrySet()) {
            String entry = "settings." + e.getKey();
            if (!modules.contains(e.getKey())) {
                throw new ContentException(entry, "the pack has settings for a module it does not name in "
                        + "\"modules\"");
            }
            if (e.getValue() == null) {
                throw new ContentException(entry, "is empty");
            }
            Map<String, Integer> section = new LinkedHashMap<>();
            for (Map.Entry<String, Integer> setting : e.getValue().entrySet()) {
                if (setting.getValue() == null) {
                    throw new ContentException(entry + " " + quoted(setting.getKey()), "is missing");
                }
                section.put(setting.getKey(), setting.getValue());
            }
            sections.put(e.getKey(), Collections.unmodifiableMap(section));
        }
        return Collections.unmodifiableMap(sections);
    }

    private void port(String entry, PackDef.PortDef port, int[][] out, long[][] in) {
        if (port == null) {
            throw new ContentException(entry, "is empty");
        }
        Direction dir = Direction.parse(port.dir());
        if (dir == null) {
            throw new ContentException(entry + ".dir", "must be N, E, S or W, not " + quoted(port.dir()));
        }
        int side = dir.ordinal();
        if (in[side] != null || out[side].length > 0) {
            throw new ContentException(entry, "another port is on side " + port.dir());
        }
        if (port.in() == null && port.out() == null) {
            throw new ContentException(entry, "a port needs \"in\", \"out\" or both");
        }
        if (port.in() != null) {
            long[] set = new long[(items.size() + 63) / 64 + 1];
            if (port.in().isEmpty()) {
                Arrays.fill(set, -1L);
            }
            for (int i = 0; i < port.in().size(); i++) {
                int item = item(entry + ".in[" + i + "]", port.in().get(i));
                set[item >>> 6] |= 1L << item;
            }
            in[side] = set;
        }
        List<String> outs = orEmpty(port.out());
        int[] items = new int[outs.size()];
        for (int i = 0; i < outs.size(); i++) {
            items[i] = item(entry + ".out[" + i + "]", outs.get(i));
            for (int j = 0; j < i; j++) {
                if (items[j] == items[i]) {
                    throw new ContentException(entry + ".out[" + i + "]", quoted(outs.get(i)) + " is listed twice");
                }
            }
        }
        out[side] = items;
    }

    /** Item indices and counts (1..MAX_COUNT) of a map, in the map's order. */
    private int[][] amounts(String entry, Map<String, Integer> amounts) {
        int[] ids = new int[amounts.size()];
        int[] counts = new int[amounts.size()];
        int i = 0;
        for (Map.Entry<String, Integer> e : amounts.entrySet()) {
            ids[i] = item(entry, e.getKey());
            counts[i] = count(entry + "." + e.getKey(), e.getValue(), 1);
            i++;
        }
        return new int[][] {ids, counts};
    }

    private int item(String entry, String id) {
        Integer index = items.get(id);
        if (index == null) {
            throw new ContentException(entry, "item " + quoted(id) + " is not in the pack's items");
        }
        return index;
    }

    private static int count(String entry, Integer value, int min) {
        return bounded(entry, value, min, MAX_COUNT);
    }

    private static int bounded(String entry, Integer value, int min, int max) {
        if (value == null) {
            throw new ContentException(entry, "is missing");
        }
        if (value < min || value > max) {
            throw new ContentException(entry, "must be between " + min + " and " + max + ", not " + value);
        }
        return value;
    }

    private static CellClass cellClass(String entry, String name) {
        CellClass c = CellClass.parse(name);
        if (c == null) {
            throw new ContentException(entry, quoted(name) + " is not a cell class (floor, grass, water, road, "
                    + "wall)");
        }
        return c;
    }

    private static void requireId(String entry, String id) {
        if (!Ids.isValid(id)) {
            throw new ContentException(entry, (id == null ? "the id is missing" : quoted(id) + " is not an id")
                    + ": ids are 1-32 of a-z, 0-9 and _, starting with a letter");
        }
    }

    private static <T> List<T> orEmpty(List<T> list) {
        return list == null ? List.of() : list;
    }

    private static <K, V> Map<K, V> orEmpty(Map<K, V> map) {
        return map == null ? Map.of() : map;
    }

    private static String quoted(String s) {
        return FormulaCompiler.quoted(s);
    }
}
