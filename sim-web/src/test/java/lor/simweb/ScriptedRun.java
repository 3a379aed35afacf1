package lor.simweb;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import lor.sim.builtin.BuiltInModules;
import lor.sim.content.ContentPack;
import lor.sim.content.PackJson;
import lor.sim.content.RuleRegistry;
import lor.sim.grid.Direction;
import lor.sim.grid.MapText;
import lor.sim.module.ActionArguments;
import lor.sim.module.FieldSpec;
import lor.sim.module.FieldType;
import lor.sim.module.ModuleField;
import lor.sim.module.WorldModules;
import lor.sim.objects.Inventories;
import lor.sim.objects.ObjectEngine;
import lor.sim.world.ObjectIntent;
import lor.sim.world.World;

/**
 * A world made from a content pack's JSON (as {@code welcome} carries it), a map's text ({@link MapText}) and a seed,
 * stepped by a script of players' inputs: the same run in the browser ({@code sim-test.js}) and on the JVM, hashed
 * after every tick. The script is text so that it crosses into JavaScript as one string.
 *
 * <p>A script is the ticks in order, separated by {@code ;}; a tick is its inputs, separated by spaces, given to the
 * world in that order before it steps. An input is {@code +A} (account A joins), {@code -A} (it leaves),
 * {@code A>D} (its move, D one of {@code N E S W}) or {@code A!TYPE.D.INDEX.COUNT} (its action on the object beside
 * it: TYPE the contract's message type, INDEX the kind, item or recipe index as the pack numbers them) or
 * {@code A*ACTION.V1.V2...} (its act of a game module the pack names, the fields' values in the order the action
 * declares them, as an {@code act} intent carries them: a number for an {@code int}, a side, item, kind or name
 * otherwise; fields the world would refuse as {@code bad_field} never reach it, as on the server). The pack's modules
 * are the built-in ones, resolved as a world server resolves them. The static methods write them.
 */
public final class ScriptedRun {

    private final ContentPack pack;
    private final WorldModules modules;
    private final World world;

    /**
     * @param packJson a pack as JSON, empty for none
     * @param npcs     wandering NPCs added at the start, placed from the seed
     */
    public ScriptedRun(String packJson, String mapText, long seed, int npcs) {
        pack = packJson.isEmpty() ? ContentPack.empty()
                : ContentPack.compile(PackJson.read(packJson), RuleRegistry.empty());
        modules = pack.modules().isEmpty() ? WorldModules.none()
                : BuiltInModules.catalog().resolve(pack.name(), pack.modules(), pack.moduleSettings());
        world = World.create(MapText.parse(mapText), pack, modules, seed, ObjectEngine.NO_BLOCKS);
        world.addNpcs(npcs);
    }

    public World world() {
        return world;
    }

    public ContentPack pack() {
        return pack;
    }

    /** The pack's game modules, none for a pack that names none. */
    public WorldModules modules() {
        return modules;
    }

    /** Gives the world one tick's inputs, steps it and returns its state hash. */
    public long step(String tick) {
        int at = 0;
        while (at < tick.length()) {
            int end = tick.indexOf(' ', at);
            if (end < 0) {
                end = tick.length();
            }
            if (end > at) {
                apply(tick.substring(at, end));
            }
            at = end + 1;
        }
        world.step();
        return world.stateHash();
    }

    /** The state hash after every tick of {@code script}. */
    public long[] run(String script) {
        String[] ticks = ticks(script);
        long[] hashes = new long[ticks.length];
        for (int t = 0; t < ticks.length; t++) {
            hashes[t] = step(ticks[t]);
        }
        return hashes;
    }

    /** Steps through the first {@code count} ticks of {@code script}. */
    public ScriptedRun runFirst(String script, int count) {
        String[] ticks = ticks(script);
        for (int t = 0; t < count && t < ticks.length; t++) {
            step(ticks[t]);
        }
        return this;
    }

    private static String[] ticks(String script) {
        // split would drop trailing empty ticks, which are ticks all the same.
        int count = 1;
        for (int i = 0; i < script.length(); i++) {
            if (script.charAt(i) == ';') {
                count++;
            }
        }
        String[] ticks = new String[script.isEmpty() ? 0 : count];
        int at = 0;
        for (int t = 0; t < ticks.length; t++) {
            int end = script.indexOf(';', at);
            ticks[t] = script.substring(at, end < 0 ? script.length() : end);
            at = end + 1;
        }
        return ticks;
    }

    private void apply(String input) {
        char first = input.charAt(0);
        if (first == '+') {
            world.spawnPlayer(Long.parseLong(input.substring(1)));
            return;
        }
        if (first == '-') {
            world.removePlayer(Long.parseLong(input.substring(1)));
            return;
        }
        int move = input.indexOf('>');
        if (move > 0) {
            int entity = world.entityOf(Long.parseLong(input.substring(0, move)));
            world.setIntent(entity, Direction.parse(input.substring(move + 1)));
            return;
        }
        int moduleAct = input.indexOf('*');
        if (moduleAct > 0) {
            applyModuleAct(Long.parseLong(input.substring(0, moduleAct)), input.substring(moduleAct + 1));
            return;
        }
        int act = input.indexOf('!');
        if (act <= 0) {
            throw new IllegalArgumentException("not an input: " + input);
        }
        String[] parts = input.substring(act + 1).split("\\.");
        ObjectIntent.Type type = ObjectIntent.ofMessage(parts[0]);
        if (parts.length != 4 || type == null) {
            throw new IllegalArgumentException("not an action: " + input);
        }
        int entity = world.entityOf(Long.parseLong(input.substring(0, act)));
        world.setAction(entity, ObjectIntent.pack(type, Direction.parse(parts[1]), Integer.parseInt(parts[2]),
                Long.parseLong(parts[3])));
    }

    private void applyModuleAct(long account, String act) {
        String[] parts = act.split("\\.", -1);
        WorldModules.ActionRef action = modules.action(parts[0]);
        if (action == null) {
            return;
        }
        List<FieldSpec> declared = action.spec().fields();
        Map<String, Object> fields = new LinkedHashMap<>();
        for (int i = 1; i < parts.length && i <= declared.size(); i++) {
            FieldSpec field = declared.get(i - 1);
            fields.put(field.name(), field.type() == FieldType.INT ? (Object) Integer.valueOf(parts[i]) : parts[i]);
        }
        ActionArguments.Checked checked = ActionArguments.check(action.spec(), fields, pack);
        if (checked.ok()) {
            world.setModuleAction(world.entityOf(account), action, checked.values());
        }
    }

    // ---- writing scripts ------------------------------------------------------------------------------------------

    public static String join(long account) {
        return "+" + account;
    }

    public static String leave(long account) {
        return "-" + account;
    }

    public static String move(long account, Direction direction) {
        return account + ">" + direction.name();
    }

    public static String act(long account, ObjectIntent.Type type, Direction side, int index, long count) {
        return account + "!" + type.messageType + "." + side.name() + "." + index + "." + count;
    }

    /** A module's act: {@code values} in the order its action declares its fields. */
    public static String moduleAct(long account, String action, List<String> values) {
        StringBuilder out = new StringBuilder().append(account).append('*').append(action);
        for (String value : values) {
            out.append('.').append(value);
        }
        return out.toString();
    }

    // ---- the state, readable --------------------------------------------------------------------------------------

    /**
     * The world's state as lines of text, one per entity, object and inventory: what a failed comparison prints on
     * both sides to show what differs. The random state, NPCs' planned paths and when a formula runs next are in the
     * hash but not here.
     */
    public String describe() {
        StringBuilder out = new StringBuilder();
        out.append("tick ").append(world.tick()).append(", clock line ").append(world.line()).append('\n');
        for (int slot = 0; slot < world.slotCount(); slot++) {
            if (world.isLive(slot)) {
                out.append("entity ").append(world.idAt(slot)).append(' ').append(world.kindAt(slot).name())
                        .append(" account ").append(world.accountAt(slot)).append(" at ").append(world.xAt(slot))
                        .append(',').append(world.yAt(slot)).append(',').append(world.layerAt(slot)).append('\n');
            }
        }
        ObjectEngine objects = world.objects();
        for (int id = 1; id < objects.idBound(); id++) {
            if (!objects.exists(id)) {
                continue;
            }
            int recipe = objects.recipeOf(id);
            out.append("object ").append(id).append(' ').append(pack.kind(objects.kindOf(id)).id()).append(" cell ")
                    .append(objects.cellOf(id)).append(" recipe ").append(recipe < 0 ? "-" : pack.recipe(recipe).id())
                    .append(objects.isCrafting(id) ? " crafting" : " idle").append(" progress ")
                    .append(objects.progressOf(id, world.tick())).append(" stock");
            for (int i = 0; i < objects.slotsOf(id); i++) {
                int item = objects.stockItem(id, i);
                out.append(' ').append(item < 0 ? "-" : pack.item(item) + "x" + objects.stockCount(id, i));
            }
            out.append('\n');
        }
        describeModules(out);
        for (Map.Entry<Long, Inventories.Inventory> e : world.inventories().all()) {
            out.append("inventory ").append(e.getKey());
            for (int item = 0; item < e.getValue().items(); item++) {
                out.append(' ').append(e.getValue().count(item));
            }
            out.append('\n');
        }
        return out.toString();
    }

    /** Each entity's attributes, and how many cells of each module's field hold each value. */
    private void describeModules(StringBuilder out) {
        if (modules.isEmpty()) {
            return;
        }
        for (int slot = 0; slot < world.slotCount(); slot++) {
            if (world.isLive(slot)) {
                out.append("attributes ").append(world.idAt(slot));
                for (int a = 0; a < modules.attributeCount(); a++) {
                    out.append(' ').append(modules.attributes().get(a).name()).append('=')
                            .append(world.attributeAt(slot, a));
                }
                out.append('\n');
            }
        }
        for (int m = 0; m < modules.size(); m++) {
            ModuleField field = world.moduleField(m);
            Map<Integer, Integer> byValue = new TreeMap<>();
            for (int cell = 0; cell < world.grid().size().cells(); cell++) {
                if (field.valueAt(cell) != 0) {
                    byValue.merge(field.valueAt(cell), 1, Integer::sum);
                }
            }
            out.append("field ").append(modules.spec(m).name()).append(' ').append(byValue).append('\n');
        }
    }
}
