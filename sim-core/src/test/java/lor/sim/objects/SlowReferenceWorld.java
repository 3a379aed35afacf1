package lor.sim.objects;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import lor.sim.content.PackDef;

/**
 * docs/objects-semantics.md written again for obviousness, not speed, and sharing no logic with the engine: it reads
 * the pack as written ({@link PackDef}, names everywhere), keeps objects as plain Java objects, runs EVERY object
 * EVERY tick in ascending id order, and evaluates formulas with its own small interpreter of the expression text.
 *
 * <p>Entities: only players, standing still at the cells they were added on (no movement, no NPCs). The map is read
 * as {@link lor.sim.grid.Cells} encodes it (bit 0 wall, bits 1-3 terrain, bits 4-11 portal), decoded here.
 */
final class SlowReferenceWorld {

    static final int MAX_COUNT = 1_000_000;
    static final String DONE = "done";
    /** Sides in the order N, E, S, W; N is y - 1, E is x + 1. */
    static final int[] DX = {0, 1, 0, -1};
    static final int[] DY = {-1, 0, 1, 0};
    static final String[] SIDE_NAMES = {"N", "E", "S", "W"};

    /** One stock slot: empty when {@code item} is null. */
    static final class Slot {
        Integer item;
        int count;

        Slot(Integer item, int count) {
            this.item = item;
            this.count = count;
        }
    }

    static final class RefObject {
        final int id;
        final int kind;
        final int cell;
        /** Selected recipe (pack index), or null. */
        Integer recipe;
        boolean crafting;
        /** While crafting: the tick the outputs are due. */
        long craftDue;
        /** For a formula: the first tick it may run again. */
        long ruleDue;
        List<Slot> stock;

        RefObject(int id, int kind, int cell, int slots) {
            this.id = id;
            this.kind = kind;
            this.cell = cell;
            this.stock = new ArrayList<>();
            for (int i = 0; i < slots; i++) {
                stock.add(new Slot(null, 0));
            }
        }
    }

    record Player(int entityId, long account, int x, int y) {
    }

    /** One action as a player sends it: the index is the pack's (or anything, for an unknown name). */
    record Action(String type, int side, int index, long count) {
    }

    private final List<String> items;
    private final List<PackDef.KindDef> kinds;
    private final List<PackDef.RecipeDef> recipes;
    private final Map<String, PackDef.FormulaDef> formulas = new HashMap<>();
    private final Map<String, Integer> start;
    private final List<String> lines;
    private final long ticksPerLine;
    private final List<PackDef.TransmuteDef> transmutes;
    private final int width;
    private final int height;
    private final int[] map;

    final TreeMap<Integer, RefObject> objects = new TreeMap<>();
    /** By account; a player seen for the first time gets the starting inventory. */
    final Map<Long, int[]> inventories = new LinkedHashMap<>();
    final TreeMap<Integer, Player> players = new TreeMap<>();
    long tick;
    /** How often each kind of thing happened: for checking that generated cases exercise the rules. */
    final Map<String, Integer> tally = new TreeMap<>();

    SlowReferenceWorld(PackDef def, int width, int height, int[] map) {
        this.items = def.items();
        this.kinds = def.objects() == null ? List.of() : def.objects();
        this.recipes = def.recipes() == null ? List.of() : def.recipes();
        if (def.formulas() != null) {
            for (PackDef.FormulaDef f : def.formulas()) {
                formulas.put(f.id(), f);
            }
        }
        this.start = def.start() == null ? Map.of() : def.start();
        if (def.clock() == null) {
            this.lines = List.of("always");
            this.ticksPerLine = 1;
            this.transmutes = List.of();
        } else {
            this.lines = def.clock().lines();
            this.ticksPerLine = def.clock().ticksPerLine();
            this.transmutes = def.clock().transmute() == null ? List.of() : def.clock().transmute();
        }
        this.width = width;
        this.height = height;
        this.map = map.clone();
    }

    void addPlayer(int entityId, long account, int x, int y) {
        players.put(entityId, new Player(entityId, account, x, y));
    }

    // ---- the clock and the field -------------------------------------------------------------------------------

    int lineAt(long t) {
        return (int) ((t / ticksPerLine) % lines.size());
    }

    int line() {
        return lineAt(tick);
    }

    private static String classOf(int cell) {
        if ((cell & 1) != 0) {
            return "wall";
        }
        return switch ((cell >> 1) & 7) {
            case 0 -> "floor";
            case 1 -> "grass";
            case 2 -> "water";
            case 3 -> "road";
            default -> "reserved";
        };
    }

    private static boolean isPortal(int cell) {
        return ((cell >> 4) & 0xFF) != 0;
    }

    /** Whether the map cell reads as a wall while the current line is on. */
    boolean isWallNow(int cell) {
        int c = map[cell];
        String cls = classOf(c);
        if (isPortal(c)) {
            return cls.equals("wall");
        }
        String line = lines.get(line());
        for (PackDef.TransmuteDef t : transmutes) {
            if (t.line().equals(line) && t.from().equals(cls)) {
                return t.to().equals("wall");
            }
        }
        return cls.equals("wall");
    }

    // ---- one tick -----------------------------------------------------------------------------------------------

    /**
     * One tick: the actions (by entity id, ascending), then every object in ascending id order, then the clock
     * (which needs nothing: the line is a function of the tick).
     *
     * @return per acting entity, {@link #DONE} or the refusal reason
     */
    Map<Integer, String> step(Map<Integer, Action> actions) {
        Map<Integer, String> results = new TreeMap<>();
        for (Map.Entry<Integer, Action> e : new TreeMap<>(actions).entrySet()) {
            String result = act(players.get(e.getKey()), e.getValue());
            note(e.getValue().type() + " " + result);
            results.put(e.getKey(), result);
        }
        for (RefObject o : objects.values()) {
            run(o);
        }
        tick++;
        return results;
    }

    // ---- actions ----------------------------------------------------------------------------------------------

    int[] inventory(long account) {
        return inventories.computeIfAbsent(account, a -> {
            int[] counts = new int[items.size()];
            for (int i = 0; i < items.size(); i++) {
                counts[i] = start.getOrDefault(items.get(i), 0);
            }
            return counts;
        });
    }

    /** The inventory without creating it: what the player would have. */
    int[] inventoryView(long account) {
        int[] inv = inventories.get(account);
        if (inv != null) {
            return inv.clone();
        }
        int[] counts = new int[items.size()];
        for (int i = 0; i < items.size(); i++) {
            counts[i] = start.getOrDefault(items.get(i), 0);
        }
        return counts;
    }

    private void note(String what) {
        tally.merge(what, 1, Integer::sum);
    }

    private String act(Player p, Action a) {
        int[] inventory = inventory(p.account());
        int tx = p.x() + DX[a.side()];
        int ty = p.y() + DY[a.side()];
        boolean onGrid = tx >= 0 && ty >= 0 && tx < width && ty < height;
        int cell = onGrid ? ty * width + tx : -1;
        RefObject target = onGrid ? objectAt(cell) : null;
        switch (a.type()) {
            case "build": {
                if (a.index() < 0 || a.index() >= kinds.size()) {
                    return "unknown_kind";
                }
                if (!onGrid) {
                    return "out_of_bounds";
                }
                if (isWallNow(cell)) {
                    return "wall";
                }
                if (playerAt(cell) || target != null || isPortal(map[cell])) {
                    return "cell_taken";
                }
                PackDef.KindDef k = kinds.get(a.index());
                for (Map.Entry<String, Integer> c : costOf(k).entrySet()) {
                    if (inventory[items.indexOf(c.getKey())] < c.getValue()) {
                        return "missing_items";
                    }
                }
                for (Map.Entry<String, Integer> c : costOf(k).entrySet()) {
                    inventory[items.indexOf(c.getKey())] -= c.getValue();
                }
                int id = 1;
                while (objects.containsKey(id)) {
                    id++;
                }
                RefObject o = new RefObject(id, a.index(), cell, slotsOf(k));
                List<Integer> runs = recipesOf(k);
                o.recipe = runs.size() == 1 ? runs.get(0) : null;
                o.ruleDue = tick;
                objects.put(id, o);
                return DONE;
            }
            case "put": {
                if (a.index() < 0 || a.index() >= items.size()) {
                    return "unknown_item";
                }
                if (a.count() < 1 || a.count() > MAX_COUNT) {
                    return "bad_count";
                }
                if (target == null) {
                    return "no_object";
                }
                int n = (int) a.count();
                if (inventory[a.index()] < n) {
                    return "missing_items";
                }
                if (room(target, a.index()) < n) {
                    return "no_room";
                }
                inventory[a.index()] -= n;
                add(target, a.index(), n);
                return DONE;
            }
            case "take": {
                if (a.index() < 0 || a.index() >= items.size()) {
                    return "unknown_item";
                }
                if (a.count() < 1 || a.count() > MAX_COUNT) {
                    return "bad_count";
                }
                if (target == null) {
                    return "no_object";
                }
                int n = (int) a.count();
                if (count(target, a.index()) < n) {
                    return "missing_items";
                }
                if ((long) inventory[a.index()] + n > MAX_COUNT) {
                    return "no_room";
                }
                remove(target, a.index(), n);
                inventory[a.index()] += n;
                return DONE;
            }
            case "set_recipe": {
                if (a.index() < 0 || a.index() >= recipes.size()) {
                    return "unknown_recipe";
                }
                if (target == null) {
                    return "no_object";
                }
                if (!recipesOf(kinds.get(target.kind)).contains(a.index())) {
                    return "unknown_recipe";
                }
                if (target.crafting) {
                    List<Slot> after = copy(target.stock);
                    int capacity = capacityOf(kinds.get(target.kind));
                    for (Map.Entry<String, Integer> in : amounts(recipes.get(target.recipe).inputs()).entrySet()) {
                        if (!addIfFits(after, capacity, items.indexOf(in.getKey()), in.getValue())) {
                            return "no_room";
                        }
                    }
                    target.stock = after;
                    target.crafting = false;
                    note("set_recipe cancelled a craft");
                }
                target.recipe = a.index();
                return DONE;
            }
            case "dismantle": {
                if (target == null) {
                    return "no_object";
                }
                long[] refund = new long[items.size()];
                PackDef.KindDef k = kinds.get(target.kind);
                for (Map.Entry<String, Integer> c : costOf(k).entrySet()) {
                    refund[items.indexOf(c.getKey())] += c.getValue();
                }
                for (Slot s : target.stock) {
                    if (s.item != null) {
                        refund[s.item] += s.count;
                    }
                }
                if (target.crafting) {
                    PackDef.RecipeDef r = recipes.get(target.recipe);
                    Map<String, Integer> back = tick >= target.craftDue ? amounts(r.outputs()) : amounts(r.inputs());
                    for (Map.Entry<String, Integer> e : back.entrySet()) {
                        refund[items.indexOf(e.getKey())] += e.getValue();
                    }
                }
                for (int i = 0; i < refund.length; i++) {
                    if (inventory[i] + refund[i] > MAX_COUNT) {
                        return "no_room";
                    }
                }
                objects.remove(target.id);
                for (int i = 0; i < refund.length; i++) {
                    inventory[i] += (int) refund[i];
                }
                return DONE;
            }
            default:
                throw new IllegalArgumentException("no action " + a.type());
        }
    }

    private boolean playerAt(int cell) {
        for (Player p : players.values()) {
            if (p.y() * width + p.x() == cell) {
                return true;
            }
        }
        return false;
    }

    RefObject objectAt(int cell) {
        for (RefObject o : objects.values()) {
            if (o.cell == cell) {
                return o;
            }
        }
        return null;
    }

    // ---- a run of one object ----------------------------------------------------------------------------------

    private void run(RefObject o) {
        PackDef.KindDef k = kinds.get(o.kind);
        int capacity = capacityOf(k);
        int line = line();
        // 1. Formula.
        if (k.formula() != null && tick >= o.ruleDue) {
            boolean changed = false;
            for (PackDef.FormulaRuleDef rule : formulas.get(k.formula()).rules()) {
                if (rule.when() != null && eval(rule.when(), o, capacity, line) == 0) {
                    continue;
                }
                List<Integer> values = new ArrayList<>();
                for (String expression : rule.set().values()) {
                    values.add(eval(expression, o, capacity, line));
                }
                int i = 0;
                for (String item : rule.set().keySet()) {
                    changed |= set(o, capacity, items.indexOf(item), values.get(i++));
                }
            }
            if (changed) {
                o.ruleDue = tick + (k.every() == null ? 1 : k.every());
                note("formula changed");
            } else {
                note("formula unchanged");
            }
        }
        // 2. Recipe.
        if (o.recipe != null) {
            PackDef.RecipeDef r = recipes.get(o.recipe);
            if (o.crafting && tick >= o.craftDue) {
                List<Slot> after = copy(o.stock);
                if (addAllIfFit(after, capacity, amounts(r.outputs()))) {
                    o.stock = after;
                    o.crafting = false;
                    note("recipe finished");
                } else {
                    note("recipe outputs wait for room");
                }
            }
            boolean onLine = r.lines() == null || r.lines().isEmpty() || r.lines().contains(lines.get(line));
            if (!o.crafting && onLine) {
                List<Slot> after = copy(o.stock);
                boolean hasInputs = true;
                for (Map.Entry<String, Integer> in : amounts(r.inputs()).entrySet()) {
                    int item = items.indexOf(in.getKey());
                    if (countIn(after, item) < in.getValue()) {
                        hasInputs = false;
                        break;
                    }
                    removeFrom(after, item, in.getValue());
                }
                if (hasInputs) {
                    List<Slot> withoutInputs = copy(after);
                    if (addAllIfFit(after, capacity, amounts(r.outputs()))) {
                        o.stock = withoutInputs;
                        o.crafting = true;
                        o.craftDue = tick + r.ticks();
                        note("recipe started");
                    }
                }
            }
        }
        // 3. Ports, N E S W.
        int x = o.cell % width;
        int y = o.cell / width;
        for (int side = 0; side < 4; side++) {
            List<String> outs = outItems(k, side);
            if (outs.isEmpty()) {
                continue;
            }
            int nx = x + DX[side];
            int ny = y + DY[side];
            if (nx < 0 || ny < 0 || nx >= width || ny >= height) {
                continue;
            }
            RefObject n = objectAt(ny * width + nx);
            if (n == null) {
                continue;
            }
            List<String> takes = inItems(kinds.get(n.kind), (side + 2) % 4);
            if (takes == null) {
                continue;
            }
            for (String name : outs) {
                int item = items.indexOf(name);
                int have = count(o, item);
                if (have == 0 || !(takes.isEmpty() || takes.contains(name))) {
                    continue;
                }
                int m = Math.min(have, room(n, item));
                if (m > 0) {
                    remove(o, item, m);
                    add(n, item, m);
                    note("port moved items");
                } else {
                    note("port blocked by room");
                }
            }
        }
    }

    /** Formula's set: clamped; an item not held needs an empty slot. Whether the count changed. */
    private static boolean set(RefObject o, int capacity, int item, int value) {
        int target = Math.max(0, Math.min(capacity, value));
        for (Slot s : o.stock) {
            if (s.item != null && s.item == item) {
                if (s.count == target) {
                    return false;
                }
                s.count = target;
                if (target == 0) {
                    s.item = null;
                }
                return true;
            }
        }
        if (target == 0) {
            return false;
        }
        for (Slot s : o.stock) {
            if (s.item == null) {
                s.item = item;
                s.count = target;
                return true;
            }
        }
        return false;
    }

    // ---- stocks -------------------------------------------------------------------------------------------------

    int count(RefObject o, int item) {
        return countIn(o.stock, item);
    }

    private static int countIn(List<Slot> stock, int item) {
        for (Slot s : stock) {
            if (s.item != null && s.item == item) {
                return s.count;
            }
        }
        return 0;
    }

    int room(RefObject o, int item) {
        int capacity = capacityOf(kinds.get(o.kind));
        boolean empty = false;
        for (Slot s : o.stock) {
            if (s.item != null && s.item == item) {
                return capacity - s.count;
            }
            empty |= s.item == null;
        }
        return empty ? capacity : 0;
    }

    private void add(RefObject o, int item, int n) {
        if (!addIfFits(o.stock, capacityOf(kinds.get(o.kind)), item, n)) {
            throw new IllegalStateException("checked, yet it does not fit");
        }
    }

    private void remove(RefObject o, int item, int n) {
        removeFrom(o.stock, item, n);
    }

    /** Adds to the item's slot, else to the first empty one; false (nothing changed) when it does not fit. */
    private static boolean addIfFits(List<Slot> stock, int capacity, int item, int n) {
        for (Slot s : stock) {
            if (s.item != null && s.item == item) {
                if (capacity - s.count < n) {
                    return false;
                }
                s.count += n;
                return true;
            }
        }
        for (Slot s : stock) {
            if (s.item == null) {
                if (capacity < n) {
                    return false;
                }
                s.item = item;
                s.count = n;
                return true;
            }
        }
        return false;
    }

    /** Adds every amount in order; false when one does not fit (the list is then half-changed: use a copy). */
    private boolean addAllIfFit(List<Slot> stock, int capacity, Map<String, Integer> amounts) {
        for (Map.Entry<String, Integer> e : amounts.entrySet()) {
            if (!addIfFits(stock, capacity, items.indexOf(e.getKey()), e.getValue())) {
                return false;
            }
        }
        return true;
    }

    private static void removeFrom(List<Slot> stock, int item, int n) {
        for (Slot s : stock) {
            if (s.item != null && s.item == item) {
                if (s.count < n) {
                    throw new IllegalStateException("checked, yet too few");
                }
                s.count -= n;
                if (s.count == 0) {
                    s.item = null;
                }
                return;
            }
        }
        throw new IllegalStateException("checked, yet not held");
    }

    private static List<Slot> copy(List<Slot> stock) {
        List<Slot> c = new ArrayList<>();
        for (Slot s : stock) {
            c.add(new Slot(s.item, s.count));
        }
        return c;
    }

    // ---- the pack as written ------------------------------------------------------------------------------------

    private static Map<String, Integer> amounts(Map<String, Integer> m) {
        return m == null ? Map.of() : m;
    }

    private static Map<String, Integer> costOf(PackDef.KindDef k) {
        return amounts(k.cost());
    }

    static int slotsOf(PackDef.KindDef k) {
        return k.slots() == null ? 4 : k.slots();
    }

    static int capacityOf(PackDef.KindDef k) {
        return k.capacity() == null ? 50 : k.capacity();
    }

    private List<Integer> recipesOf(PackDef.KindDef k) {
        List<Integer> list = new ArrayList<>();
        if (k.recipes() != null) {
            for (String id : k.recipes()) {
                for (int i = 0; i < recipes.size(); i++) {
                    if (recipes.get(i).id().equals(id)) {
                        list.add(i);
                    }
                }
            }
        }
        return list;
    }

    private static PackDef.PortDef portOn(PackDef.KindDef k, int side) {
        if (k.ports() != null) {
            for (PackDef.PortDef p : k.ports()) {
                if (p.dir().equals(SIDE_NAMES[side])) {
                    return p;
                }
            }
        }
        return null;
    }

    private static List<String> outItems(PackDef.KindDef k, int side) {
        PackDef.PortDef p = portOn(k, side);
        return p == null || p.out() == null ? List.of() : p.out();
    }

    /** What the side takes in: null for nothing, empty for anything. */
    private static List<String> inItems(PackDef.KindDef k, int side) {
        PackDef.PortDef p = portOn(k, side);
        return p == null ? null : p.in();
    }

    // ---- formulas: a recursive-descent interpreter of the expression text ----------------------------------------

    private int eval(String text, RefObject o, int capacity, int line) {
        return new Interpreter(text, item -> count(o, items.indexOf(item)), items, lines, capacity, line).run();
    }

    /**
     * Evaluates one expression of the grammar documented in FormulaCompiler, on ints with Java's wrapping
     * arithmetic; division and remainder by zero give 0; comparisons and logic give 1 or 0.
     */
    static final class Interpreter {
        private final String text;
        private final java.util.function.ToIntFunction<String> countOf;
        private final List<String> items;
        private final List<String> lines;
        private final int capacity;
        private final int line;
        private int pos;

        Interpreter(String text, java.util.function.ToIntFunction<String> countOf, List<String> items,
                    List<String> lines, int capacity, int line) {
            this.text = text;
            this.countOf = countOf;
            this.items = items;
            this.lines = lines;
            this.capacity = capacity;
            this.line = line;
        }

        int run() {
            int v = or();
            space();
            if (pos != text.length()) {
                throw new IllegalArgumentException("trailing text at " + pos + " in " + text);
            }
            return v;
        }

        private int or() {
            int v = and();
            while (take("||")) {
                int w = and();
                v = v != 0 || w != 0 ? 1 : 0;
            }
            return v;
        }

        private int and() {
            int v = compare();
            while (take("&&")) {
                int w = compare();
                v = v != 0 && w != 0 ? 1 : 0;
            }
            return v;
        }

        private int compare() {
            int a = sum();
            if (take("<=")) {
                return a <= sum() ? 1 : 0;
            } else if (take(">=")) {
                return a >= sum() ? 1 : 0;
            } else if (take("==")) {
                return a == sum() ? 1 : 0;
            } else if (take("!=")) {
                return a != sum() ? 1 : 0;
            } else if (take("<")) {
                return a < sum() ? 1 : 0;
            } else if (take(">")) {
                return a > sum() ? 1 : 0;
            }
            return a;
        }

        private int sum() {
            int v = product();
            while (true) {
                if (take("+")) {
                    v = v + product();
                } else if (take("-")) {
                    v = v - product();
                } else {
                    return v;
                }
            }
        }

        private int product() {
            int v = unary();
            while (true) {
                if (take("*")) {
                    v = v * unary();
                } else if (take("/")) {
                    int d = unary();
                    v = d == 0 ? 0 : v / d;
                } else if (take("%")) {
                    int d = unary();
                    v = d == 0 ? 0 : v % d;
                } else {
                    return v;
                }
            }
        }

        private int unary() {
            space();
            if (take("-")) {
                return -unary();
            }
            if (pos < text.length() && text.charAt(pos) == '!'
                    && !(pos + 1 < text.length() && text.charAt(pos + 1) == '=')) {
                pos++;
                return unary() == 0 ? 1 : 0;
            }
            return atom();
        }

        private int atom() {
            space();
            char c = text.charAt(pos);
            if (c == '(') {
                pos++;
                int v = or();
                expect(")");
                return v;
            }
            if (Character.isDigit(c)) {
                int startAt = pos;
                while (pos < text.length() && Character.isDigit(text.charAt(pos))) {
                    pos++;
                }
                return Integer.parseInt(text.substring(startAt, pos));
            }
            String name = name();
            if (take("(")) {
                if (name.equals("on")) {
                    String l = name();
                    expect(")");
                    int index = lines.indexOf(l);
                    if (index < 0) {
                        throw new IllegalArgumentException("no line " + l);
                    }
                    return line == index ? 1 : 0;
                }
                int a = or();
                expect(",");
                int b = or();
                expect(")");
                return switch (name) {
                    case "min" -> Math.min(a, b);
                    case "max" -> Math.max(a, b);
                    default -> throw new IllegalArgumentException("no function " + name);
                };
            }
            if (name.equals("line")) {
                return line;
            }
            if (name.equals("capacity")) {
                return capacity;
            }
            if (!items.contains(name)) {
                throw new IllegalArgumentException("no item " + name);
            }
            return countOf.applyAsInt(name);
        }

        private String name() {
            space();
            int startAt = pos;
            while (pos < text.length()
                    && (Character.isLetterOrDigit(text.charAt(pos)) || text.charAt(pos) == '_')) {
                pos++;
            }
            if (startAt == pos) {
                throw new IllegalArgumentException("a name expected at " + pos + " in " + text);
            }
            return text.substring(startAt, pos);
        }

        private boolean take(String token) {
            space();
            if (text.startsWith(token, pos)) {
                pos += token.length();
                return true;
            }
            return false;
        }

        private void expect(String token) {
            if (!take(token)) {
                throw new IllegalArgumentException("expected " + token + " at " + pos + " in " + text);
            }
        }

        private void space() {
            while (pos < text.length() && text.charAt(pos) == ' ') {
                pos++;
            }
        }
    }

    // ---- reading, for comparisons -------------------------------------------------------------------------------

    /** Ticks of the running recipe done at the start of {@code now}; 0 when idle, at most the recipe's ticks. */
    int progress(RefObject o, long now) {
        if (!o.crafting) {
            return 0;
        }
        int ticks = recipes.get(o.recipe).ticks();
        return (int) Math.max(0, Math.min(ticks, ticks - (o.craftDue - now)));
    }

    String kindName(RefObject o) {
        return kinds.get(o.kind).kind();
    }

    String recipeName(RefObject o) {
        return o.recipe == null ? "-" : recipes.get(o.recipe).id();
    }

    boolean hasFormula(RefObject o) {
        return kinds.get(o.kind).formula() != null;
    }

    List<String> items() {
        return items;
    }
}
