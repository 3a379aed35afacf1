package lor.sim.objects;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import lor.sim.content.PackDef;
import lor.sim.grid.Cells;
import lor.sim.grid.Grid;

/**
 * The slow, obviously correct model of docs/objects-semantics.md that the engine is checked against: written from
 * the document, not from the engine. Objects are plain Java objects, every object runs every tick in ascending id
 * order, formulas are interpreted from their text on every run. Players stand still on given cells (the engine's
 * movement is tested elsewhere); actions are what this model is about.
 */
final class ReferenceWorld {

    static final int MAX_COUNT = 1_000_000;

    /** One stock slot: an item and its count, or empty. */
    static final class Slot {
        String item;
        int count;
    }

    static final class Obj {
        final int id;
        final String kind;
        final int cell;
        String recipe;
        boolean crafting;
        long due;
        final List<Slot> slots = new ArrayList<>();

        Obj(int id, String kind, int cell, int slotCount) {
            this.id = id;
            this.kind = kind;
            this.cell = cell;
            for (int i = 0; i < slotCount; i++) {
                slots.add(new Slot());
            }
        }

        int count(String item) {
            for (Slot s : slots) {
                if (item.equals(s.item)) {
                    return s.count;
                }
            }
            return 0;
        }

        /** The stock as item → count, for comparing. */
        Map<String, Integer> stock() {
            Map<String, Integer> m = new TreeMap<>();
            for (Slot s : slots) {
                if (s.item != null) {
                    m.put(s.item, s.count);
                }
            }
            return m;
        }
    }

    private final PackDef pack;
    private final Grid grid;
    private final Map<String, PackDef.KindDef> kinds = new LinkedHashMap<>();
    private final Map<String, PackDef.RecipeDef> recipes = new LinkedHashMap<>();
    private final Map<String, PackDef.FormulaDef> formulas = new LinkedHashMap<>();
    final TreeMap<Integer, Obj> objects = new TreeMap<>();
    final Map<Long, Map<String, Integer>> inventories = new LinkedHashMap<>();
    /** Cells where players stand, by account. */
    private final Map<Long, Integer> players = new LinkedHashMap<>();
    long tick;

    ReferenceWorld(PackDef pack, Grid grid) {
        this.pack = pack;
        this.grid = grid;
        for (PackDef.KindDef k : list(pack.objects())) {
            kinds.put(k.kind(), k);
        }
        for (PackDef.RecipeDef r : list(pack.recipes())) {
            recipes.put(r.id(), r);
        }
        for (PackDef.FormulaDef f : list(pack.formulas())) {
            formulas.put(f.id(), f);
        }
    }

    void addPlayer(long account, int cell) {
        players.put(account, cell);
        inventory(account);
    }

    Map<String, Integer> inventory(long account) {
        return inventories.computeIfAbsent(account, a -> {
            Map<String, Integer> m = new TreeMap<>();
            for (String item : pack.items()) {
                m.put(item, map(pack.start()).getOrDefault(item, 0));
            }
            return m;
        });
    }

    // ---- the clock and the field --------------------------------------------------------------------------------

    int lineAt(long t) {
        if (pack.clock() == null) {
            return 0;
        }
        return (int) ((t / pack.clock().ticksPerLine()) % pack.clock().lines().size());
    }

    String lineName(int line) {
        return pack.clock() == null ? "always" : pack.clock().lines().get(line);
    }

    boolean isWallNow(int cell) {
        int base = grid.cell(cell);
        if (Cells.portal(base) != 0 || pack.clock() == null) {
            return Cells.isWall(base);
        }
        String line = lineName(lineAt(tick));
        for (PackDef.TransmuteDef t : list(pack.clock().transmute())) {
            if (t.line().equals(line) && classOf(base).equals(t.from())) {
                return t.to().equals("wall");
            }
        }
        return Cells.isWall(base);
    }

    private static String classOf(int cell) {
        if (Cells.isWall(cell)) {
            return "wall";
        }
        return switch (Cells.terrain(cell)) {
            case Cells.TERRAIN_GRASS -> "grass";
            case Cells.TERRAIN_WATER -> "water";
            case Cells.TERRAIN_ROAD -> "road";
            default -> "floor";
        };
    }

    // ---- actions ----------------------------------------------------------------------------------------------

    /** @return the refusal reason, or null when done */
    String act(long account, String type, int dx, int dy, String name, long count) {
        int at = players.get(account);
        int w = grid.width();
        int x = at % w + dx;
        int y = at / w + dy;
        int cell = x < 0 || y < 0 || x >= w || y >= grid.height() ? -1 : y * w + x;
        Map<String, Integer> inv = inventory(account);
        Obj target = cell < 0 ? null : objectOn(cell);
        boolean badCount = count < 1 || count > MAX_COUNT;
        switch (type) {
            case "build" -> {
                PackDef.KindDef k = name == null ? null : kinds.get(name);
                if (k == null) {
                    return "unknown_kind";
                }
                if (cell < 0) {
                    return "out_of_bounds";
                }
                if (isWallNow(cell)) {
                    return "wall";
                }
                if (target != null || players.containsValue(cell) || Cells.portal(grid.cell(cell)) != 0) {
                    return "cell_taken";
                }
                for (Map.Entry<String, Integer> c : map(k.cost()).entrySet()) {
                    if (inv.get(c.getKey()) < c.getValue()) {
                        return "missing_items";
                    }
                }
                map(k.cost()).forEach((item, n) -> inv.merge(item, -n, Integer::sum));
                int id = 1;
                while (objects.containsKey(id)) {
                    id++;
                }
                Obj o = new Obj(id, k.kind(), cell, k.slots() == null ? 4 : k.slots());
                List<String> rs = list(k.recipes());
                o.recipe = rs.size() == 1 ? rs.get(0) : null;
                o.due = tick;
                objects.put(id, o);
                return null;
            }
            case "put" -> {
                if (name == null || !pack.items().contains(name)) {
                    return "unknown_item";
                }
                if (badCount) {
                    return "bad_count";
                }
                if (target == null) {
                    return "no_object";
                }
                if (inv.get(name) < count) {
                    return "missing_items";
                }
                if (room(target, name) < count) {
                    return "no_room";
                }
                inv.merge(name, (int) -count, Integer::sum);
                add(target, name, (int) count);
                return null;
            }
            case "take" -> {
                if (name == null || !pack.items().contains(name)) {
                    return "unknown_item";
                }
                if (badCount) {
                    return "bad_count";
                }
                if (target == null) {
                    return "no_object";
                }
                if (target.count(name) < count) {
                    return "missing_items";
                }
                if (MAX_COUNT - inv.get(name) < count) {
                    return "no_room";
                }
                remove(target, name, (int) count);
                inv.merge(name, (int) count, Integer::sum);
                return null;
            }
            case "set_recipe" -> {
                PackDef.RecipeDef r = name == null ? null : recipes.get(name);
                if (r == null) {
                    return "unknown_recipe";
                }
                if (target == null) {
                    return "no_object";
                }
                if (!list(kinds.get(target.kind).recipes()).contains(name)) {
                    return "unknown_recipe";
                }
                if (target.crafting) {
                    PackDef.RecipeDef running = recipes.get(target.recipe);
                    if (!fits(target, Map.of(), map(running.inputs()))) {
                        return "no_room";
                    }
                    map(running.inputs()).forEach((item, n) -> add(target, item, n));
                    target.crafting = false;
                }
                target.recipe = name;
                return null;
            }
            case "dismantle" -> {
                if (target == null) {
                    return "no_object";
                }
                Map<String, Integer> refund = new TreeMap<>(map(kinds.get(target.kind).cost()));
                target.stock().forEach((item, n) -> refund.merge(item, n, Integer::sum));
                if (target.crafting) {
                    PackDef.RecipeDef r = recipes.get(target.recipe);
                    map(tick >= target.due ? r.outputs() : r.inputs()).forEach((item, n) -> refund.merge(item, n,
                            Integer::sum));
                }
                for (Map.Entry<String, Integer> e : refund.entrySet()) {
                    if (MAX_COUNT - inv.get(e.getKey()) < e.getValue()) {
                        return "no_room";
                    }
                }
                objects.remove(target.id);
                refund.forEach((item, n) -> inv.merge(item, n, Integer::sum));
                return null;
            }
            default -> throw new IllegalArgumentException(type);
        }
    }

    // ---- the objects phase and the clock ----------------------------------------------------------------------

    /** Runs every object, in id order, then ends the tick. */
    void runObjectsAndEndTick() {
        for (Integer id : new ArrayList<>(objects.keySet())) {
            Obj o = objects.get(id);
            if (o != null) {
                run(o);
            }
        }
        tick++;
    }

    private void run(Obj o) {
        PackDef.KindDef k = kinds.get(o.kind);
        int capacity = capacity(o);
        if (k.formula() != null) {
            if (tick >= o.due) {
                boolean changed = false;
                for (PackDef.FormulaRuleDef rule : formulas.get(k.formula()).rules()) {
                    if (rule.when() != null && eval(rule.when(), o) == 0) {
                        continue;
                    }
                    Map<String, Integer> values = new LinkedHashMap<>();
                    for (Map.Entry<String, String> set : rule.set().entrySet()) {
                        values.put(set.getKey(), eval(set.getValue(), o));
                    }
                    for (Map.Entry<String, Integer> v : values.entrySet()) {
                        changed |= set(o, v.getKey(), Math.max(0, Math.min(capacity, v.getValue())));
                    }
                }
                if (changed) {
                    o.due = tick + (k.every() == null ? 1 : k.every());
                }
            }
        } else if (o.recipe != null) {
            PackDef.RecipeDef r = recipes.get(o.recipe);
            if (o.crafting && tick >= o.due && fits(o, Map.of(), map(r.outputs()))) {
                map(r.outputs()).forEach((item, n) -> add(o, item, n));
                o.crafting = false;
            }
            boolean onLine = list(r.lines()).isEmpty() || r.lines().contains(lineName(lineAt(tick)));
            if (!o.crafting && onLine && fits(o, map(r.inputs()), map(r.outputs()))) {
                map(r.inputs()).forEach((item, n) -> remove(o, item, n));
                o.crafting = true;
                o.due = tick + r.ticks();
            }
        }
        String[] sides = {"N", "E", "S", "W"};
        int[][] steps = {{0, -1}, {1, 0}, {0, 1}, {-1, 0}};
        for (int side = 0; side < 4; side++) {
            PackDef.PortDef out = port(k, sides[side]);
            if (out == null || list(out.out()).isEmpty()) {
                continue;
            }
            int x = o.cell % grid.width() + steps[side][0];
            int y = o.cell / grid.width() + steps[side][1];
            if (x < 0 || y < 0 || x >= grid.width() || y >= grid.height()) {
                continue;
            }
            Obj n = objectOn(y * grid.width() + x);
            if (n == null) {
                continue;
            }
            PackDef.PortDef in = port(kinds.get(n.kind), sides[(side + 2) % 4]);
            if (in == null || in.in() == null) {
                continue;
            }
            for (String item : out.out()) {
                if (!in.in().isEmpty() && !in.in().contains(item)) {
                    continue;
                }
                int moved = Math.min(o.count(item), room(n, item));
                if (moved > 0) {
                    remove(o, item, moved);
                    add(n, item, moved);
                }
            }
        }
    }

    private static PackDef.PortDef port(PackDef.KindDef k, String side) {
        for (PackDef.PortDef p : list(k.ports())) {
            if (p.dir().equals(side)) {
                return p;
            }
        }
        return null;
    }

    // ---- stocks -----------------------------------------------------------------------------------------------

    private int capacity(Obj o) {
        Integer c = kinds.get(o.kind).capacity();
        return c == null ? 50 : c;
    }

    int room(Obj o, String item) {
        for (Slot s : o.slots) {
            if (item.equals(s.item)) {
                return Math.max(0, capacity(o) - s.count);
            }
        }
        for (Slot s : o.slots) {
            if (s.item == null) {
                return capacity(o);
            }
        }
        return 0;
    }

    private void add(Obj o, String item, int n) {
        for (Slot s : o.slots) {
            if (item.equals(s.item)) {
                s.count += n;
                return;
            }
        }
        for (Slot s : o.slots) {
            if (s.item == null) {
                s.item = item;
                s.count = n;
                return;
            }
        }
        throw new IllegalStateException("no room checked before add");
    }

    private void remove(Obj o, String item, int n) {
        for (Slot s : o.slots) {
            if (item.equals(s.item)) {
                s.count -= n;
                if (s.count == 0) {
                    s.item = null;
                }
                return;
            }
        }
    }

    /** Sets a count (already clamped); @return whether anything changed. */
    private boolean set(Obj o, String item, int value) {
        for (Slot s : o.slots) {
            if (item.equals(s.item)) {
                if (s.count == value) {
                    return false;
                }
                s.count = value;
                if (value == 0) {
                    s.item = null;
                }
                return true;
            }
        }
        if (value == 0) {
            return false;
        }
        for (Slot s : o.slots) {
            if (s.item == null) {
                s.item = item;
                s.count = value;
                return true;
            }
        }
        return false;
    }

    /** Whether taking {@code out} then adding {@code in} would succeed, on a copy. */
    private boolean fits(Obj o, Map<String, Integer> out, Map<String, Integer> in) {
        Obj copy = new Obj(0, o.kind, o.cell, o.slots.size());
        for (int i = 0; i < o.slots.size(); i++) {
            copy.slots.get(i).item = o.slots.get(i).item;
            copy.slots.get(i).count = o.slots.get(i).count;
        }
        for (Map.Entry<String, Integer> e : out.entrySet()) {
            if (copy.count(e.getKey()) < e.getValue()) {
                return false;
            }
            remove(copy, e.getKey(), e.getValue());
        }
        for (Map.Entry<String, Integer> e : in.entrySet()) {
            if (room(copy, e.getKey()) < e.getValue()) {
                return false;
            }
            add(copy, e.getKey(), e.getValue());
        }
        return true;
    }

    Obj objectOn(int cell) {
        for (Obj o : objects.values()) {
            if (o.cell == cell) {
                return o;
            }
        }
        return null;
    }

    int progress(Obj o) {
        if (!o.crafting) {
            return 0;
        }
        int ticks = recipes.get(o.recipe).ticks();
        return (int) Math.max(0, Math.min(ticks, ticks - (o.due - tick)));
    }

    // ---- formulas, interpreted from their text ---------------------------------------------------------------

    private int eval(String text, Obj o) {
        return new Eval(text, o).run();
    }

    /** A recursive-descent evaluator of the formula grammar (docs/content-packs.md), straight from the text. */
    private final class Eval {
        private final String s;
        private final Obj o;
        private int p;

        Eval(String s, Obj o) {
            this.s = s;
            this.o = o;
        }

        int run() {
            int v = or();
            space();
            if (p != s.length()) {
                throw new IllegalStateException("trailing text in " + s);
            }
            return v;
        }

        private int or() {
            int v = and();
            while (eat("||")) {
                int r = and();
                v = v != 0 || r != 0 ? 1 : 0;
            }
            return v;
        }

        private int and() {
            int v = cmp();
            while (eat("&&")) {
                int r = cmp();
                v = v != 0 && r != 0 ? 1 : 0;
            }
            return v;
        }

        private int cmp() {
            int a = sum();
            for (String op : new String[] {"<=", ">=", "==", "!=", "<", ">"}) {
                if (eat(op)) {
                    int b = sum();
                    boolean r = switch (op) {
                        case "<=" -> a <= b;
                        case ">=" -> a >= b;
                        case "==" -> a == b;
                        case "!=" -> a != b;
                        case "<" -> a < b;
                        default -> a > b;
                    };
                    return r ? 1 : 0;
                }
            }
            return a;
        }

        private int sum() {
            int v = product();
            while (true) {
                if (eat("+")) {
                    v = v + product();
                } else if (eat("-")) {
                    v = v - product();
                } else {
                    return v;
                }
            }
        }

        private int product() {
            int v = unary();
            while (true) {
                if (eat("*")) {
                    v = v * unary();
                } else if (eat("/")) {
                    int d = unary();
                    v = d == 0 ? 0 : v / d;
                } else if (eat("%")) {
                    int d = unary();
                    v = d == 0 ? 0 : v % d;
                } else {
                    return v;
                }
            }
        }

        private int unary() {
            if (eat("-")) {
                return -unary();
            }
            space();
            if (p < s.length() && s.charAt(p) == '!' && !(p + 1 < s.length() && s.charAt(p + 1) == '=')) {
                p++;
                return unary() == 0 ? 1 : 0;
            }
            return atom();
        }

        private int atom() {
            space();
            char c = s.charAt(p);
            if (c == '(') {
                p++;
                int v = or();
                expect(")");
                return v;
            }
            if (Character.isDigit(c)) {
                int start = p;
                while (p < s.length() && Character.isDigit(s.charAt(p))) {
                    p++;
                }
                return Integer.parseInt(s.substring(start, p));
            }
            int start = p;
            while (p < s.length() && (Character.isLetterOrDigit(s.charAt(p)) || s.charAt(p) == '_')) {
                p++;
            }
            String name = s.substring(start, p);
            if (eat("(")) {
                if (name.equals("on")) {
                    space();
                    int st = p;
                    while (p < s.length() && (Character.isLetterOrDigit(s.charAt(p)) || s.charAt(p) == '_')) {
                        p++;
                    }
                    String line = s.substring(st, p);
                    expect(")");
                    return lineName(lineAt(tick)).equals(line) ? 1 : 0;
                }
                int a = or();
                expect(",");
                int b = or();
                expect(")");
                return name.equals("min") ? Math.min(a, b) : Math.max(a, b);
            }
            if (name.equals("line")) {
                return lineAt(tick);
            }
            if (name.equals("capacity")) {
                return capacity(o);
            }
            return o.count(name);
        }

        private boolean eat(String token) {
            space();
            if (s.startsWith(token, p)) {
                p += token.length();
                return true;
            }
            return false;
        }

        private void expect(String token) {
            if (!eat(token)) {
                throw new IllegalStateException("expected " + token + " in " + s);
            }
        }

        private void space() {
            while (p < s.length() && Character.isWhitespace(s.charAt(p))) {
                p++;
            }
        }
    }

    private static <T> List<T> list(List<T> l) {
        return l == null ? List.of() : l;
    }

    private static <K, V> Map<K, V> map(Map<K, V> m) {
        return m == null ? Map.of() : m;
    }
}
