package lor.simweb;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import lor.sim.content.ContentPack;
import lor.sim.content.ObjectKind;
import lor.sim.content.Recipe;
import lor.sim.grid.Direction;
import lor.sim.grid.GridSize;
import lor.sim.module.ActionSpec;
import lor.sim.module.FieldSpec;
import lor.sim.module.ModuleSpec;
import lor.sim.objects.Inventories;
import lor.sim.objects.ObjectEngine;
import lor.sim.world.ObjectIntent;
import lor.sim.world.World;

/**
 * Players who play a {@link ScriptedRun} at random from a seed, on the JVM, writing down what they do as the run's
 * script: they join, walk, build, put, take, pick recipes, dismantle and now and then leave and come back. An
 * action is aimed the way a person would aim it, at a side of the player that holds an object, with an item the
 * player carries (put), one the object holds (take) or a recipe its kind runs (set_recipe), since actions at random
 * would mostly hit nothing; a few are left unaimed, with unknown names and bad counts, for the refusals. In a pack
 * with game modules they also act through the modules' actions (an elementals player casts), every field a value
 * its declaration allows.
 */
final class RandomPlayers {

    /** What one tick of play did, for {@link RunCoverage}: each acting entity's input and the cell it acted on. */
    record Input(String type, int cell) {
    }

    /** Build, put, take, set_recipe, dismantle: how often each is chosen. */
    private static final int[] ACTION_WEIGHTS = {6, 16, 8, 4, 2};
    private static final ObjectIntent.Type[] TYPES = ObjectIntent.Type.values();
    private static final long[] ODD_COUNTS = {0, -1, ContentPack.MAX_COUNT + 1L, Integer.MAX_VALUE + 1L};

    private final ScriptedRun run;
    private final World world;
    private final ContentPack pack;
    private final Random random;
    private final boolean[] online;
    /** The modules' actions, none in a pack without modules. */
    private final List<ActionSpec> moduleActions = new ArrayList<>();

    private RandomPlayers(ScriptedRun run, int players, long seed) {
        this.run = run;
        this.world = run.world();
        this.pack = run.pack();
        this.random = new Random(seed);
        this.online = new boolean[players + 1];
        for (ModuleSpec spec : run.modules().specs()) {
            moduleActions.addAll(spec.actions());
        }
    }

    /** A run played for {@code ticks} ticks: its script, the state hash after every tick, and what happened. */
    record Played(String script, long[] hashes, RunCoverage coverage) {
    }

    static Played play(ScriptedRun run, int players, long seed, int ticks) {
        return new RandomPlayers(run, players, seed).play(ticks);
    }

    private Played play(int ticks) {
        StringBuilder script = new StringBuilder();
        long[] hashes = new long[ticks];
        RunCoverage coverage = new RunCoverage(world);
        for (int t = 0; t < ticks; t++) {
            List<String> tick = new ArrayList<>();
            Map<Integer, Input> inputs = new HashMap<>();
            for (int account = 1; account < online.length; account++) {
                choose(account, t, tick, inputs);
            }
            coverage.before();
            hashes[t] = run.step(String.join(" ", tick));
            coverage.after(inputs);
            if (t > 0) {
                script.append(';');
            }
            script.append(String.join(" ", tick));
        }
        return new Played(script.toString(), hashes, coverage);
    }

    private void choose(int account, int tick, List<String> out, Map<Integer, Input> inputs) {
        if (!online[account]) {
            if (tick == 0 || random.nextInt(40) == 0) {
                online[account] = true;
                out.add(ScriptedRun.join(account));
            }
            return;
        }
        if (random.nextInt(600) == 0) {
            online[account] = false;
            out.add(ScriptedRun.leave(account));
            return;
        }
        int entity = world.entityOf(account);
        int choice = random.nextInt(20);
        if (entity == 0 || choice < 5) {
            return;
        }
        // Walking now and then rather than most of the time: players stay among the objects they build.
        if (choice < 8) {
            Direction d = Direction.values()[random.nextInt(4)];
            out.add(ScriptedRun.move(account, d));
            inputs.put(entity, new Input("move", -1));
            return;
        }
        // With modules, a third of the actions are theirs.
        if (!moduleActions.isEmpty() && choice < 12) {
            moduleAct(account, entity, out, inputs);
            return;
        }
        act(account, entity, out, inputs);
    }

    /** One of the modules' actions, each field a value its declaration allows. */
    private void moduleAct(long account, int entity, List<String> out, Map<Integer, Input> inputs) {
        ActionSpec action = moduleActions.get(random.nextInt(moduleActions.size()));
        List<String> values = new ArrayList<>();
        for (FieldSpec field : action.fields()) {
            values.add(switch (field.type()) {
                case INT -> Long.toString(field.min() + (long) (random.nextDouble() * ((long) field.max() - field.min()
                        + 1)));
                case DIR -> Direction.values()[random.nextInt(4)].name();
                case ITEM -> pack.itemCount() == 0 ? "none" : pack.item(random.nextInt(pack.itemCount()));
                case KIND -> pack.kindCount() == 0 ? "none" : pack.kind(random.nextInt(pack.kindCount())).id();
                case ENUM -> field.values().get(random.nextInt(field.values().size()));
            });
        }
        out.add(ScriptedRun.moduleAct(account, action.name(), values));
        inputs.put(entity, new Input(action.name(), -1));
    }

    /** An action on the object beside the player, or a build beside it. */
    private void act(int account, int entity, List<String> out, Map<Integer, Input> inputs) {
        int slot = world.slotOf(entity);
        int x = world.xAt(slot);
        int y = world.yAt(slot);
        int layer = world.layerAt(slot);
        ObjectIntent.Type type = TYPES[weighted(ACTION_WEIGHTS)];
        Direction side = Direction.values()[random.nextInt(4)];
        if (type != ObjectIntent.Type.BUILD && sideWithObject(x, y, layer, side) == null && random.nextInt(2) == 0) {
            // Nothing beside the player to act on: half the time it builds something instead.
            type = ObjectIntent.Type.BUILD;
        }
        int index;
        long count;
        if (random.nextInt(20) == 0) {
            // Unaimed, for the refusals: an unknown kind, item or recipe, or a count out of range.
            index = random.nextInt(3) - 1;
            count = ODD_COUNTS[random.nextInt(ODD_COUNTS.length)];
        } else if (type == ObjectIntent.Type.BUILD) {
            int[] placed = placement(x, y, layer, side);
            side = Direction.values()[placed[0]];
            index = placed[1];
            count = 1;
        } else {
            Direction withObject = sideWithObject(x, y, layer, side);
            side = withObject == null ? side : withObject;
            int object = Math.max(0, objectAt(x + side.dx, y + side.dy, layer));
            index = index(type, account, object);
            // Mostly a few, since a small stock refuses a put larger than its room.
            count = 1 + random.nextInt(random.nextInt(4) == 0 ? 30 : 3);
        }
        out.add(ScriptedRun.act(account, type, side, index, count));
        inputs.put(entity, new Input(type.messageType, cellAt(x + side.dx, y + side.dy, layer)));
    }

    /**
     * Where to build what, as {side, kind}: most often a kind whose port meets a port of an object beside the free
     * cell (so that builds make chains of objects feeding each other), else any kind on a free side.
     */
    private int[] placement(int x, int y, int layer, Direction from) {
        List<int[]> meeting = new ArrayList<>();
        Direction free = from;
        for (int k = 3; k >= 0; k--) {
            Direction d = Direction.values()[(from.ordinal() + k) & 3];
            int cell = cellAt(x + d.dx, y + d.dy, layer);
            if (cell < 0 || world.objects().objectAt(cell) != 0) {
                continue;
            }
            free = d;
            for (int kind = 0; kind < pack.kindCount(); kind++) {
                if (portsMeet(x + d.dx, y + d.dy, layer, pack.kind(kind))) {
                    meeting.add(new int[] {d.ordinal(), kind});
                }
            }
        }
        if (!meeting.isEmpty() && random.nextInt(4) > 0) {
            return meeting.get(random.nextInt(meeting.size()));
        }
        return new int[] {free.ordinal(), random.nextInt(Math.max(1, pack.kindCount()))};
    }

    /** Whether an object of {@code kind} at (x, y) would push an item into a neighbour, or take one from it. */
    private boolean portsMeet(int x, int y, int layer, ObjectKind kind) {
        for (Direction d : Direction.values()) {
            int neighbour = objectAt(x + d.dx, y + d.dy, layer);
            if (neighbour <= 0) {
                continue;
            }
            ObjectKind other = pack.kind(world.objects().kindOf(neighbour));
            int facing = d.opposite().ordinal();
            for (int item : kind.outItems(d.ordinal())) {
                if (other.takesIn(facing, item)) {
                    return true;
                }
            }
            for (int item : other.outItems(facing)) {
                if (kind.takesIn(d.ordinal(), item)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The first side from {@code from} round that holds an object, or null. */
    private Direction sideWithObject(int x, int y, int layer, Direction from) {
        for (int k = 0; k < 4; k++) {
            Direction d = Direction.values()[(from.ordinal() + k) & 3];
            if (objectAt(x + d.dx, y + d.dy, layer) > 0) {
                return d;
            }
        }
        return null;
    }

    /**
     * The item or recipe of an action on {@code object} (0: none beside the player): for a put, an item the player
     * carries, most often one that a recipe of the object's kind takes; for a take, an item the object holds; for
     * set_recipe, a recipe its kind runs; 0 when there is none.
     */
    private int index(ObjectIntent.Type type, int account, int object) {
        ObjectEngine objects = world.objects();
        ObjectKind kind = object > 0 ? pack.kind(objects.kindOf(object)) : null;
        List<Integer> choices = new ArrayList<>();
        List<Integer> needed = new ArrayList<>();
        switch (type) {
            case PUT -> {
                Inventories.Inventory carried = world.inventories().find(account);
                for (int item = 0; item < pack.itemCount(); item++) {
                    if ((carried == null ? pack.startCount(item) : carried.count(item)) > 0) {
                        choices.add(item);
                        if (kind != null && needs(kind, item)) {
                            needed.add(item);
                        }
                    }
                }
            }
            case TAKE -> {
                for (int i = 0; kind != null && i < objects.slotsOf(object); i++) {
                    if (objects.stockItem(object, i) >= 0) {
                        choices.add(objects.stockItem(object, i));
                    }
                }
            }
            case SET_RECIPE -> {
                for (int i = 0; kind != null && i < kind.recipeCount(); i++) {
                    choices.add(kind.recipe(i));
                }
            }
            default -> choices.add(0);
        }
        if (!needed.isEmpty() && random.nextInt(3) > 0) {
            choices = needed;
        }
        return choices.isEmpty() ? 0 : choices.get(random.nextInt(choices.size()));
    }

    private boolean needs(ObjectKind kind, int item) {
        for (int i = 0; i < kind.recipeCount(); i++) {
            Recipe recipe = pack.recipe(kind.recipe(i));
            for (int input = 0; input < recipe.inputCount(); input++) {
                if (recipe.inputItem(input) == item) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The object on a cell, 0 for none, -1 off the grid. */
    private int objectAt(int x, int y, int layer) {
        int cell = cellAt(x, y, layer);
        return cell < 0 ? -1 : world.objects().objectAt(cell);
    }

    private int cellAt(int x, int y, int layer) {
        GridSize size = world.grid().size();
        return size.contains(x, y, layer) ? size.index(x, y, layer) : -1;
    }

    private int weighted(int[] weights) {
        int total = 0;
        for (int w : weights) {
            total += w;
        }
        int pick = random.nextInt(total);
        int i = 0;
        while (pick >= weights[i]) {
            pick -= weights[i++];
        }
        return i;
    }
}
