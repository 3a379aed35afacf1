package lor.sim.objects;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import lor.sim.content.PackDef;

/** Random, valid content packs for property tests: small, so that objects meet, fill up and run dry often. */
final class RandomPacks {

    private static final String[] SIDES = {"N", "E", "S", "W"};
    private static final String[] BINARY = {"+", "-", "*", "/", "%", "<", "<=", ">", ">=", "==", "!=", "&&", "||"};

    private final Random random;
    private final List<String> items = new ArrayList<>();
    private final List<String> lines = new ArrayList<>();

    RandomPacks(long seed) {
        this.random = new Random(seed);
    }

    PackDef next() {
        int itemCount = 3 + random.nextInt(4);
        for (int i = 0; i < itemCount; i++) {
            items.add("i" + i);
        }
        int lineCount = 1 + random.nextInt(3);
        for (int i = 0; i < lineCount; i++) {
            lines.add("l" + i);
        }
        List<PackDef.TransmuteDef> transmute = random.nextBoolean()
                ? List.of(new PackDef.TransmuteDef(pick(lines), "water", "wall")) : List.of();
        PackDef.ClockDef clock = new PackDef.ClockDef(List.copyOf(lines), 1 + random.nextInt(7), transmute);
        List<PackDef.RecipeDef> recipes = new ArrayList<>();
        for (int r = 0, n = 1 + random.nextInt(3); r < n; r++) {
            recipes.add(new PackDef.RecipeDef("r" + r, amounts(1 + random.nextInt(3)), amounts(1 + random.nextInt(2)),
                    1 + random.nextInt(8), random.nextInt(10) < 3 ? List.of(pick(lines)) : null));
        }
        List<PackDef.FormulaDef> formulas = new ArrayList<>();
        for (int f = 0, n = 1 + random.nextInt(2); f < n; f++) {
            List<PackDef.FormulaRuleDef> rules = new ArrayList<>();
            for (int r = 0, m = 1 + random.nextInt(2); r < m; r++) {
                Map<String, String> set = new LinkedHashMap<>();
                for (int k = 0, sets = 1 + random.nextInt(2); k < sets; k++) {
                    set.put(pick(items), expression(3));
                }
                rules.add(new PackDef.FormulaRuleDef(random.nextBoolean() ? expression(3) : null, set));
            }
            formulas.add(new PackDef.FormulaDef("f" + f, rules));
        }
        List<PackDef.KindDef> kinds = new ArrayList<>();
        for (int k = 0, n = 1 + random.nextInt(4); k < n; k++) {
            List<String> kindRecipes = null;
            String formula = null;
            int runner = random.nextInt(10);
            if (runner < 4) {
                kindRecipes = new ArrayList<>();
                kindRecipes.add("r" + random.nextInt(recipes.size()));
                if (random.nextBoolean() && recipes.size() > 1) {
                    String other = "r" + random.nextInt(recipes.size());
                    if (!kindRecipes.contains(other)) {
                        kindRecipes.add(other);
                    }
                }
            } else if (runner < 7) {
                formula = "f" + random.nextInt(formulas.size());
            }
            kinds.add(new PackDef.KindDef("k" + k, amounts(random.nextInt(3)), 1 + random.nextInt(4),
                    1 + random.nextInt(20), ports(), kindRecipes, formula, null, 1 + random.nextInt(3)));
        }
        Map<String, Integer> start = new LinkedHashMap<>();
        for (String item : items) {
            start.put(item, random.nextInt(30));
        }
        return new PackDef("random", List.copyOf(items), start, clock, kinds, recipes, formulas);
    }

    private List<PackDef.PortDef> ports() {
        List<PackDef.PortDef> ports = new ArrayList<>();
        for (String side : SIDES) {
            if (random.nextInt(10) >= 5) {
                continue;
            }
            List<String> in = random.nextBoolean() ? null : random.nextInt(4) == 0 ? List.of() : subset();
            List<String> out = in != null && random.nextBoolean() ? null : subset();
            ports.add(new PackDef.PortDef(side, in, out));
        }
        return ports;
    }

    private List<String> subset() {
        List<String> s = new ArrayList<>();
        for (String item : items) {
            if (random.nextInt(3) == 0) {
                s.add(item);
            }
        }
        if (s.isEmpty()) {
            s.add(pick(items));
        }
        return s;
    }

    private Map<String, Integer> amounts(int n) {
        Map<String, Integer> m = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
            m.put(pick(items), 1 + random.nextInt(3));
        }
        return m;
    }

    private String expression(int depth) {
        if (depth == 0 || random.nextInt(3) == 0) {
            return switch (random.nextInt(6)) {
                case 0, 1 -> pick(items);
                case 2 -> Integer.toString(random.nextInt(6));
                case 3 -> "line";
                case 4 -> "on(" + pick(lines) + ")";
                default -> "capacity";
            };
        }
        return switch (random.nextInt(5)) {
            case 0 -> "-" + expression(depth - 1);
            case 1 -> "!" + expression(depth - 1);
            case 2 -> (random.nextBoolean() ? "min(" : "max(") + expression(depth - 1) + ", " + expression(depth - 1)
                    + ")";
            default -> "(" + expression(depth - 1) + " " + BINARY[random.nextInt(BINARY.length)] + " "
                    + expression(depth - 1) + ")";
        };
    }

    private String pick(List<String> from) {
        return from.get(random.nextInt(from.size()));
    }
}
