package lor.sim.content;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A validated, compiled content pack: items, object kinds, recipes, formulas and the clock, everything by index.
 * Immutable and shareable between the worlds and clients of one process (formulas keep no state; their scratch
 * stack belongs to whoever runs them).
 */
public final class ContentPack {

    public static final int MAX_ITEMS = 4096;
    public static final int MAX_KINDS = 1024;
    public static final int MAX_RECIPES = 4096;
    public static final int MAX_LINES = 64;
    public static final int MAX_SLOTS = 16;
    /** The largest count anywhere: a stock slot, an inventory entry, a cost, an intent's count. */
    public static final int MAX_COUNT = 1_000_000;
    public static final int MAX_TICKS = 10_000_000;

    private final PackDef source;
    private final String name;
    private final String[] items;
    private final Map<String, Integer> itemIndex;
    private final int[] start;
    private final ObjectKind[] kinds;
    private final Map<String, Integer> kindIndex;
    private final Recipe[] recipes;
    private final Map<String, Integer> recipeIndex;
    private final ClockSpec clock;
    private final int maxStack;
    private final List<String> modules;
    private final Map<String, Map<String, Integer>> moduleSettings;

    /** Only {@link PackCompiler} builds a pack, from a definition it has checked. */
    ContentPack(PackDef source, String name, String[] items, Map<String, Integer> itemIndex, int[] start,
                ObjectKind[] kinds, Map<String, Integer> kindIndex, Recipe[] recipes, Map<String, Integer> recipeIndex,
                ClockSpec clock, int maxStack, List<String> modules, Map<String, Map<String, Integer>> moduleSettings) {
        this.source = source;
        this.name = name;
        this.items = items;
        this.itemIndex = itemIndex;
        this.start = start;
        this.kinds = kinds;
        this.kindIndex = kindIndex;
        this.recipes = recipes;
        this.recipeIndex = recipeIndex;
        this.clock = clock;
        this.maxStack = maxStack;
        this.modules = modules;
        this.moduleSettings = moduleSettings;
    }

    /** The smallest pack: no items, no objects, one clock line that never changes anything. */
    public static ContentPack empty() {
        return compile(new PackDef("empty", List.of(), Map.of(), null, List.of(), List.of(), List.of()),
                RuleRegistry.empty());
    }

    /**
     * Validates and compiles a pack.
     *
     * @throws ContentException naming the first entry at fault and what is wrong with it
     */
    public static ContentPack compile(PackDef def, RuleRegistry rules) {
        return new PackCompiler(def, rules).run();
    }

    /**
     * Whether the pack defines nothing (no items, no object kinds, no game modules): a world without content. A pack
     * that only names modules is content: its clients need it (its settings) and its states carry the modules' fields.
     */
    public boolean isEmpty() {
        return items.length == 0 && kinds.length == 0 && modules.isEmpty();
    }

    /** The pack as written, for sending to clients that compile it themselves. */
    public PackDef source() {
        return source;
    }

    public String name() {
        return name;
    }

    public int itemCount() {
        return items.length;
    }

    public String item(int index) {
        return items[index];
    }

    /** The index of an item id, or -1. */
    public int itemIndex(String id) {
        return itemIndex.getOrDefault(id, -1);
    }

    /** How many of {@code item} a new player starts with. */
    public int startCount(int item) {
        return start[item];
    }

    public int kindCount() {
        return kinds.length;
    }

    public ObjectKind kind(int index) {
        return kinds[index];
    }

    public int kindIndex(String id) {
        return kindIndex.getOrDefault(id, -1);
    }

    public int recipeCount() {
        return recipes.length;
    }

    public Recipe recipe(int index) {
        return recipes[index];
    }

    public int recipeIndex(String id) {
        return recipeIndex.getOrDefault(id, -1);
    }

    public ClockSpec clock() {
        return clock;
    }

    /** The line names, by index. */
    public List<String> lines() {
        List<String> names = new ArrayList<>(clock.lineCount());
        for (int i = 0; i < clock.lineCount(); i++) {
            names.add(clock.line(i));
        }
        return names;
    }

    /**
     * The game modules the pack's worlds run, in the pack's order (empty when it names none). Each name has the form
     * of an id and is listed once; whether a server has the module is for the world's loader to say.
     */
    public List<String> modules() {
        return modules;
    }

    /**
     * The pack's {@code settings}: for some of {@link #modules()}, whole numbers by setting name, in the file's
     * order (empty when absent). Only the module checks its section's names and ranges, when a world takes it.
     */
    public Map<String, Map<String, Integer>> moduleSettings() {
        return moduleSettings;
    }

    /** Scratch stack every formula of the pack fits in. */
    public int maxStack() {
        return maxStack;
    }
}
