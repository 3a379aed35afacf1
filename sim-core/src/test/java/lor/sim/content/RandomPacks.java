package lor.sim.content;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

import lor.sim.grid.Direction;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;
import net.jqwik.api.sessions.JqwikSession;

/**
 * Content packs made at random: items, object kinds with ports, recipes (some gated on a clock line) and formulas, a
 * clock whose lines transmute cell classes. Everything random is a jqwik arbitrary of plain records (the "genes"
 * below), so a property that fails shrinks to a small pack; {@link #packDef} turns the genes into the {@link PackDef}
 * a studio would write. sim-core's model tests draw from {@link #packs}; other modules (sim-web's browser parity
 * runs) take a pack from a fixed seed with {@link #sample}.
 */
public final class RandomPacks {

    private static final String[] ITEMS = {"wood", "ore", "coal", "iron", "tool", "gem"};
    private static final String[] LINES = {"day", "dusk", "night"};
    /** Cell classes as packs name them; "road" is never transmuted from, so players' cells stay walkable. */
    private static final String[] CLASSES = {"floor", "grass", "water", "road", "wall"};

    private RandomPacks() {
    }

    /**
     * The pack that {@link #packs} draws from {@code seed}, for tests outside jqwik's lifecycle (plain JUnit): the
     * same on every run of one jqwik version. Within a property, draw from {@link #packs} instead.
     *
     * @param crowded as {@link #packs}
     */
    public static PackDef sample(long seed, boolean crowded) {
        // Outside a property jqwik's generators need a session of their own.
        JqwikSession.start();
        try {
            return packDef(packs(crowded).generator(1000).next(new Random(seed)).value());
        } finally {
            JqwikSession.finish();
        }
    }

    // ---- genes ----------------------------------------------------------------------------------------------------

    /** An expression tree, rendered to text once the pack's items and lines are known. */
    public record Expr(int op, int value, Expr left, Expr right, boolean parens) {
    }

    public record Amount(int item, int count) {
    }

    /** inMode: 0 no in port, 1 takes anything, 2 takes the listed items. */
    public record Port(int inMode, List<Integer> in, List<Integer> out) {
    }

    public record Setter(int item, Expr value) {
    }

    /** A formula rule; {@code when} may be null. */
    public record Rule(Expr when, List<Setter> set) {
    }

    /** ports: N, E, S, W, null for none; runner: 0 nothing (storage), 1 recipes, 2 a formula. */
    public record KindGene(List<Amount> cost, int slots, int capacity, List<Port> ports, int runner,
                           List<Integer> recipes, List<Rule> rules, int every) {
    }

    /** gate: -1 for every line, else the line (modulo the clock's) it may start on. */
    public record RecipeGene(List<Amount> inputs, List<Amount> outputs, int ticks, int gate) {
    }

    public record Transmute(int line, int from, int to) {
    }

    public record ClockGene(boolean none, int lines, int ticksPerLine, List<Transmute> transmute) {
    }

    public record PackGene(int items, List<Integer> start, ClockGene clock, List<KindGene> kinds,
                    List<RecipeGene> recipes) {
    }

    public static PackDef packDef(PackGene g) {
        List<String> items = List.of(ITEMS).subList(0, g.items());
        Map<String, Integer> start = new LinkedHashMap<>();
        for (int i = 0; i < items.size(); i++) {
            if (g.start().get(i) != 0) {
                start.put(items.get(i), g.start().get(i));
            }
        }
        ClockGene c = g.clock();
        List<String> lines = c.none() ? List.of() : List.of(LINES).subList(0, c.lines());
        PackDef.ClockDef clock = null;
        if (!c.none()) {
            List<PackDef.TransmuteDef> transmute = new ArrayList<>();
            for (Transmute t : c.transmute()) {
                if (t.from() != t.to()) {
                    transmute.add(new PackDef.TransmuteDef(lines.get(t.line() % lines.size()), CLASSES[t.from()],
                            CLASSES[t.to()]));
                }
            }
            clock = new PackDef.ClockDef(lines, c.ticksPerLine(), transmute);
        }
        List<PackDef.RecipeDef> recipes = new ArrayList<>();
        for (int i = 0; i < g.recipes().size(); i++) {
            RecipeGene r = g.recipes().get(i);
            List<String> gate = r.gate() < 0 || lines.isEmpty() ? null : List.of(lines.get(r.gate() % lines.size()));
            recipes.add(new PackDef.RecipeDef("r" + i, amounts(r.inputs(), items), amounts(r.outputs(), items),
                    r.ticks(), gate));
        }
        List<PackDef.KindDef> kinds = new ArrayList<>();
        List<PackDef.FormulaDef> formulas = new ArrayList<>();
        for (int i = 0; i < g.kinds().size(); i++) {
            KindGene k = g.kinds().get(i);
            List<PackDef.PortDef> ports = new ArrayList<>();
            for (int side = 0; side < 4; side++) {
                Port p = k.ports().get(side);
                if (p == null) {
                    continue;
                }
                List<String> in = p.inMode() == 0 ? null : p.inMode() == 1 ? List.of() : names(p.in(), items);
                List<String> out = p.out().isEmpty() ? null : names(p.out(), items);
                if (in == null && out == null) {
                    in = List.of();
                }
                ports.add(new PackDef.PortDef(Direction.values()[side].name(), in, out));
            }
            List<String> kindRecipes = null;
            String formula = null;
            Integer every = null;
            if (k.runner() == 1 && !recipes.isEmpty()) {
                Set<String> chosen = new LinkedHashSet<>();
                for (int r : k.recipes()) {
                    chosen.add(recipes.get(r % recipes.size()).id());
                }
                kindRecipes = List.copyOf(chosen);
            } else if (k.runner() == 2) {
                formula = "f" + i;
                every = k.every();
                List<PackDef.FormulaRuleDef> rules = new ArrayList<>();
                for (Rule rule : k.rules()) {
                    Map<String, String> set = new LinkedHashMap<>();
                    for (Setter s : rule.set()) {
                        set.putIfAbsent(items.get(s.item() % items.size()), render(s.value(), items, lines));
                    }
                    rules.add(new PackDef.FormulaRuleDef(rule.when() == null ? null
                            : render(rule.when(), items, lines), set));
                }
                formulas.add(new PackDef.FormulaDef(formula, rules));
            }
            kinds.add(new PackDef.KindDef("k" + i, amounts(k.cost(), items), k.slots(), k.capacity(), ports,
                    kindRecipes, formula, null, every));
        }
        return new PackDef("random", items, start, clock, kinds, recipes, formulas);
    }

    private static Map<String, Integer> amounts(List<Amount> amounts, List<String> items) {
        Map<String, Integer> m = new LinkedHashMap<>();
        for (Amount a : amounts) {
            m.putIfAbsent(items.get(a.item() % items.size()), a.count());
        }
        return m;
    }

    private static List<String> names(List<Integer> indices, List<String> items) {
        Set<String> names = new LinkedHashSet<>();
        for (int i : indices) {
            names.add(items.get(i % items.size()));
        }
        return List.copyOf(names);
    }

    // ---- expressions ----------------------------------------------------------------------------------------------

    private static final int NUM = 0;
    private static final int ITEM = 1;
    private static final int LINE = 2;
    public static final int CAPACITY = 3;
    private static final int ON = 4;
    private static final int NEG = 5;
    private static final int NOT = 6;
    private static final int MIN = 7;
    private static final int MAX = 8;
    private static final int FIRST_BINARY = 9;
    private static final String[] BINARY = {"+", "-", "*", "/", "%", "<", "<=", ">", ">=", "==", "!=", "&&", "||"};

    private static int precedence(int op) {
        if (op < NEG || op == MIN || op == MAX) {
            return 7;
        }
        if (op == NEG || op == NOT) {
            return 6;
        }
        String symbol = BINARY[op - FIRST_BINARY];
        return switch (symbol) {
            case "||" -> 1;
            case "&&" -> 2;
            case "+", "-" -> 4;
            case "*", "/", "%" -> 5;
            default -> 3;
        };
    }

    public static String render(Expr e, List<String> items, List<String> lines) {
        return render(e, 1, items, lines);
    }

    /** Text for the grammar: parentheses where precedence or the grammar needs them, and where the gene asks. */
    private static String render(Expr e, int context, List<String> items, List<String> lines) {
        int p = precedence(e.op());
        String s = switch (e.op()) {
            case NUM -> Integer.toString(e.value());
            case ITEM -> items.get(e.value() % items.size());
            case LINE -> "line";
            case CAPACITY -> "capacity";
            case ON -> lines.isEmpty() ? "line" : "on(" + lines.get(e.value() % lines.size()) + ")";
            case NEG -> "-" + render(e.left(), 6, items, lines);
            case NOT -> "!" + render(e.left(), 6, items, lines);
            case MIN, MAX -> (e.op() == MIN ? "min(" : "max(") + render(e.left(), 1, items, lines) + ", "
                    + render(e.right(), 1, items, lines) + ")";
            default -> render(e.left(), p == 3 ? 4 : p, items, lines) + " " + BINARY[e.op() - FIRST_BINARY] + " "
                    + render(e.right(), p + 1, items, lines);
        };
        return e.parens() || p < context ? "(" + s + ")" : s;
    }

    // ---- arbitraries ----------------------------------------------------------------------------------------------

    /**
     * Packs of 3 to 6 items, 1 to 4 kinds and 1 to 4 recipes. {@code crowded}: 3 items, 2 or 3 kinds each with a port
     * on every side and small stocks, so that objects side by side feed each other much more often.
     */
    public static Arbitrary<PackGene> packs(boolean crowded) {
        Arbitrary<Integer> start = Arbitraries.frequencyOf(Tuple.of(8, Arbitraries.integers().between(0, 30)),
                Tuple.of(1, Arbitraries.just(1_000_000)), Tuple.of(1, Arbitraries.just(999_998)));
        // Few items and small capacities, so that stocks fill up and ports and recipes meet the same items.
        Arbitrary<Integer> items = crowded ? Arbitraries.just(3) : Arbitraries.frequency(Tuple.of(3, 3),
                Tuple.of(2, 4), Tuple.of(1, 5), Tuple.of(1, 6));
        return Combinators.combine(items, start.list().ofSize(ITEMS.length), clocks(),
                kinds(crowded).list().ofMinSize(crowded ? 2 : 1).ofMaxSize(crowded ? 3 : 4),
                recipes().list().ofMinSize(1).ofMaxSize(crowded ? 2 : 4)).as(PackGene::new);
    }

    private static Arbitrary<ClockGene> clocks() {
        Arbitrary<Integer> from = Arbitraries.frequency(Tuple.of(6, 2), Tuple.of(1, 0), Tuple.of(1, 1),
                Tuple.of(2, 4));
        Arbitrary<Integer> to = Arbitraries.frequency(Tuple.of(6, 4), Tuple.of(1, 0), Tuple.of(1, 1), Tuple.of(1, 2),
                Tuple.of(1, 3));
        Arbitrary<Transmute> transmute = Combinators.combine(Arbitraries.integers().between(0, 2), from, to)
                .as(Transmute::new);
        return Combinators.combine(Arbitraries.frequency(Tuple.of(9, false), Tuple.of(1, true)),
                Arbitraries.integers().between(1, 3), Arbitraries.integers().between(1, 7),
                transmute.list().ofMaxSize(2)).as(ClockGene::new);
    }

    private static Arbitrary<Amount> amount(int max) {
        return Combinators.combine(Arbitraries.integers().between(0, ITEMS.length - 1),
                Arbitraries.integers().between(1, max)).as(Amount::new);
    }

    private static Arbitrary<RecipeGene> recipes() {
        return Combinators.combine(amount(3).list().ofMinSize(1).ofMaxSize(3),
                amount(4).list().ofMinSize(1).ofMaxSize(3), Arbitraries.integers().between(1, 8),
                Arbitraries.frequency(Tuple.of(3, -1), Tuple.of(1, 0), Tuple.of(1, 1), Tuple.of(1, 2)))
                .as(RecipeGene::new);
    }

    private static Arbitrary<KindGene> kinds(boolean crowded) {
        Arbitrary<Integer> item = Arbitraries.integers().between(0, ITEMS.length - 1);
        Arbitrary<Port> port = Combinators.combine(crowded ? Arbitraries.integers().between(1, 2)
                : Arbitraries.frequency(Tuple.of(1, 0), Tuple.of(2, 1), Tuple.of(2, 2)),
                item.list().ofMinSize(1).ofMaxSize(3), item.list().ofMinSize(crowded ? 1 : 0).ofMaxSize(3))
                .as(Port::new);
        Arbitrary<List<Port>> ports = crowded ? port.list().ofSize(4) : port.injectNull(0.3).list().ofSize(4);
        Arbitrary<Setter> setter = Combinators.combine(item, expr(3)).as(Setter::new);
        Arbitrary<Rule> rule = Combinators.combine(expr(2).injectNull(0.3), setter.list().ofMinSize(1).ofMaxSize(2))
                .as(Rule::new);
        return Combinators.combine(amount(5).list().ofMaxSize(2), Arbitraries.integers().between(1, 4),
                crowded ? Arbitraries.integers().between(1, 4) : Arbitraries.frequencyOf(
                        Tuple.of(3, Arbitraries.integers().between(1, 4)),
                        Tuple.of(1, Arbitraries.integers().between(5, 20))), ports,
                Arbitraries.frequency(Tuple.of(2, 0), Tuple.of(crowded ? 6 : 3, 1), Tuple.of(3, 2)),
                Arbitraries.integers().between(0, 7).list().ofMinSize(1).ofMaxSize(2),
                rule.list().ofMinSize(1).ofMaxSize(2), Arbitraries.integers().between(1, 3)).as(KindGene::new);
    }

    private static Arbitrary<Expr> expr(int depth) {
        Arbitrary<Integer> number = Arbitraries.frequencyOf(Tuple.of(9, Arbitraries.integers().between(0, 20)),
                Tuple.of(1, Arbitraries.of(65536, 1_000_000, Integer.MAX_VALUE)));
        Arbitrary<Expr> leaf = Arbitraries.frequencyOf(
                Tuple.of(4, number.map(v -> new Expr(NUM, v, null, null, false))),
                Tuple.of(5, Arbitraries.integers().between(0, ITEMS.length - 1)
                        .map(i -> new Expr(ITEM, i, null, null, false))),
                Tuple.of(1, Arbitraries.just(new Expr(LINE, 0, null, null, false))),
                Tuple.of(2, Arbitraries.just(new Expr(CAPACITY, 0, null, null, false))),
                Tuple.of(1, Arbitraries.integers().between(0, 2).map(l -> new Expr(ON, l, null, null, false))));
        if (depth == 0) {
            return leaf;
        }
        Arbitrary<Expr> sub = expr(depth - 1);
        Arbitrary<Boolean> parens = Arbitraries.frequency(Tuple.of(5, false), Tuple.of(1, true));
        Arbitrary<Expr> unary = Combinators.combine(Arbitraries.of(NEG, NOT), sub, parens)
                .as((op, e, p) -> new Expr(op, 0, e, null, p));
        Arbitrary<Expr> binary = Combinators.combine(Arbitraries.integers().between(MIN, FIRST_BINARY
                + BINARY.length - 1), sub, sub, parens).as((op, l, r, p) -> new Expr(op, 0, l, r, p));
        return Arbitraries.frequencyOf(Tuple.of(3, leaf), Tuple.of(1, unary), Tuple.of(4, binary));
    }
}
