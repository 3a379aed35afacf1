package lor.sim.content;

import java.util.List;
import java.util.Map;

/**
 * A content pack as a studio writes it (JSON or YAML, bound by the world server's loader), before validation:
 * names everywhere, optional fields null. {@link ContentPack#compile} checks it and turns it into indices. Maps keep
 * the order of the file (the loader binds them as {@code LinkedHashMap}), which is the order items are listed and
 * refunded in.
 *
 * @param name     the pack's name, for logs and the client
 * @param items    every item kind, by id
 * @param start    a new player's inventory
 * @param clock    the transmutation clock; null for a single line that never changes
 * @param objects  the object kinds a player can build
 * @param recipes  conversions an object kind can run
 * @param formulas rules written as expressions over an object's stock
 * @param modules  the game modules the pack's worlds run, by name, in the order their attributes are listed
 * @param settings each named module's section of whole numbers by setting name, which that module checks
 */
public record PackDef(String name, List<String> items, Map<String, Integer> start, ClockDef clock,
                      List<KindDef> objects, List<RecipeDef> recipes, List<FormulaDef> formulas,
                      List<String> modules, Map<String, Map<String, Integer>> settings) {

    /** A pack without game modules. */
    public PackDef(String name, List<String> items, Map<String, Integer> start, ClockDef clock,
                   List<KindDef> objects, List<RecipeDef> recipes, List<FormulaDef> formulas) {
        this(name, items, start, clock, objects, recipes, formulas, null, null);
    }

    /**
     * @param lines        the clock's lines, in the order it walks through them, then around again
     * @param ticksPerLine how long each line lasts
     * @param transmute    which field cells change while a line is current
     */
    public record ClockDef(List<String> lines, Integer ticksPerLine, List<TransmuteDef> transmute) {
    }

    /**
     * While {@code line} is current, every map cell of class {@code from} reads as class {@code to}. Classes:
     * {@code floor}, {@code grass}, {@code water}, {@code road} (walkable terrains) and {@code wall}.
     */
    public record TransmuteDef(String line, String from, String to) {
    }

    /**
     * @param kind     its id
     * @param cost     items a player spends to build one (and gets back when dismantling it)
     * @param slots    distinct items its stock holds at once (default 4)
     * @param capacity items of one kind a slot holds (default 50)
     * @param ports    where items enter and leave it, at most one per side
     * @param recipes  the recipes it can run; with exactly one, it is selected when built
     * @param formula  the formula it runs (instead of recipes)
     * @param rule     the Java rule it runs (instead of recipes or a formula), by registered id
     * @param every    ticks between two runs of its formula or rule while they change something (default 1)
     */
    public record KindDef(String kind, Map<String, Integer> cost, Integer slots, Integer capacity, List<PortDef> ports,
                          List<String> recipes, String formula, String rule, Integer every) {
    }

    /**
     * One side of an object. {@code in}: the items a neighbour's port may push into it through this side (an empty
     * list accepts any item); {@code out}: the items it pushes through this side into the neighbour there, whenever
     * it has them and the neighbour takes them.
     *
     * @param dir {@code N}, {@code E}, {@code S} or {@code W}
     */
    public record PortDef(String dir, List<String> in, List<String> out) {
    }

    /**
     * @param lines the clock lines on which it may start; null or empty for every line
     */
    public record RecipeDef(String id, Map<String, Integer> inputs, Map<String, Integer> outputs, Integer ticks,
                            List<String> lines) {
    }

    /** @param rules applied in order each time the formula runs */
    public record FormulaDef(String id, List<FormulaRuleDef> rules) {
    }

    /**
     * When {@code when} is non-zero (or absent), every expression of {@code set} is evaluated on the stock as it
     * stands, then each item is set to its value (clamped to the slot's capacity, at least 0).
     */
    public record FormulaRuleDef(String when, Map<String, String> set) {
    }
}
