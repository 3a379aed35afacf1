package lor.simweb;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import lor.sim.content.ContentPack;
import lor.sim.content.ObjectKind;
import lor.sim.content.Recipe;
import lor.sim.grid.Direction;
import lor.sim.module.AttributeSpec;
import lor.sim.module.ModuleField;
import lor.sim.module.WorldModules;
import lor.sim.objects.ObjectEngine;
import lor.sim.world.IntentOutcome;
import lor.sim.world.TickEvents;
import lor.sim.world.World;

/**
 * What a played run exercised, tick by tick, counted by name: each input's outcomes ({@code put done},
 * {@code build missing_items}, {@code move moved}, ...), and what the objects did that no player's action on them
 * explains: a recipe started or finished (on a gated recipe: one bound to clock lines), a formula changed a stock,
 * items arrived through a port, and arrived through a port from an object that had itself been fed through one (a
 * chain); and the clock turning and transmuting cells. A parity run that exercised nothing would compare nothing.
 */
final class RunCoverage {

    /** An object as it stood before a tick. */
    private record Seen(int kind, int cell, int recipe, boolean crafting, int progress, int[] counts) {
    }

    private final World world;
    private final ContentPack pack;
    private final Map<String, Integer> counts = new TreeMap<>();
    private final Map<Integer, Seen> before = new HashMap<>();
    /** Objects that items have reached through a port. */
    private final Set<Integer> fedThroughPorts = new HashSet<>();
    private int line;

    RunCoverage(World world) {
        this.world = world;
        this.pack = world.pack();
        this.line = world.line();
    }

    /** How often each thing happened. */
    Map<String, Integer> counts() {
        return counts;
    }

    void before() {
        before.clear();
        ObjectEngine objects = world.objects();
        for (int id = 1; id < objects.idBound(); id++) {
            if (objects.exists(id)) {
                int[] stock = new int[pack.itemCount()];
                for (int item = 0; item < stock.length; item++) {
                    stock[item] = objects.count(id, item);
                }
                before.put(id, new Seen(objects.kindOf(id), objects.cellOf(id), objects.recipeOf(id),
                        objects.isCrafting(id), objects.progressOf(id, world.tick()), stock));
            }
        }
    }

    void after(Map<Integer, RandomPlayers.Input> inputs) {
        Set<Integer> actedOn = new HashSet<>();
        TickEvents events = world.events();
        for (int i = 0; i < events.count(); i++) {
            RandomPlayers.Input input = inputs.get(events.entityId(i));
            IntentOutcome result = events.result(i);
            count(input.type() + " " + (result.succeeded() ? result == IntentOutcome.MOVED ? "moved" : "done"
                    : events.reason(i)));
            if (input.cell() >= 0) {
                actedOn.add(input.cell());
            }
        }
        modulesRan();
        if (world.line() != line) {
            line = world.line();
            count("clock line changed");
            if (transmutedCells() > 0) {
                count("cells transmuted");
            }
        }
        ObjectEngine objects = world.objects();
        for (Map.Entry<Integer, Seen> e : before.entrySet()) {
            int id = e.getKey();
            Seen was = e.getValue();
            if (objects.exists(id) && objects.cellOf(id) == was.cell() && !actedOn.contains(was.cell())) {
                objectRan(id, was);
            }
        }
    }

    /**
     * In a world with game modules: each attribute seen below its default on an entity ({@code hp below default}),
     * and each value seen on a module's field ({@code field fire}), once a tick.
     */
    private void modulesRan() {
        WorldModules modules = world.modules();
        if (modules.isEmpty()) {
            return;
        }
        for (int a = 0; a < modules.attributeCount(); a++) {
            AttributeSpec attribute = modules.attributes().get(a);
            for (int slot = 0; slot < world.slotCount(); slot++) {
                if (world.isLive(slot) && world.attributeAt(slot, a) < attribute.defaultValue()) {
                    count(attribute.name() + " below default");
                    break;
                }
            }
        }
        for (int m = 0; m < modules.size(); m++) {
            ModuleField field = world.moduleField(m);
            Set<Integer> seen = new HashSet<>();
            for (int cell = 0; cell < world.grid().size().cells(); cell++) {
                if (field.valueAt(cell) != 0 && seen.add(field.valueAt(cell))) {
                    count("field " + modules.spec(m).cell(field.valueAt(cell)).name());
                }
            }
        }
    }

    private void objectRan(int id, Seen was) {
        ObjectEngine objects = world.objects();
        ObjectKind kind = pack.kind(was.kind());
        // Due at the tick it ran (full progress), and then idle or started again (progress anew); a recipe whose
        // outputs wait for room stays at full progress.
        int ticks = was.crafting() ? pack.recipe(was.recipe()).ticks() : 0;
        boolean finished = was.crafting() && was.progress() == ticks && objects.recipeOf(id) == was.recipe()
                && (!objects.isCrafting(id) || objects.progressOf(id, world.tick()) < ticks);
        if (finished) {
            count(gated(pack.recipe(was.recipe())) ? "gated recipe finished" : "recipe finished");
        }
        if (!was.crafting() && objects.isCrafting(id)) {
            count("recipe started");
        }
        boolean changed = false;
        for (int item = 0; item < was.counts().length; item++) {
            int now = objects.count(id, item);
            changed |= now != was.counts()[item];
            if (now > was.counts()[item] && kind.rule() == null && !finished) {
                count("port delivered");
                if (fedBy(was.cell(), item)) {
                    count("port chain");
                }
                fedThroughPorts.add(id);
            }
        }
        if (changed && kind.rule() != null) {
            count("formula changed a stock");
        }
    }

    /** Whether a neighbour that pushes {@code item} towards {@code cell} was itself fed through a port before. */
    private boolean fedBy(int cell, int item) {
        int width = world.grid().width();
        int height = world.grid().height();
        int x = cell % width;
        int y = cell / width % height;
        for (Direction d : Direction.values()) {
            int nx = x + d.dx;
            int ny = y + d.dy;
            if (nx < 0 || ny < 0 || nx >= width || ny >= height) {
                continue;
            }
            int neighbour = world.objects().objectAt(cell + d.dx + d.dy * width);
            if (neighbour == 0 || !fedThroughPorts.contains(neighbour)) {
                continue;
            }
            for (int out : pack.kind(world.objects().kindOf(neighbour)).outItems(d.opposite().ordinal())) {
                if (out == item) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Whether a recipe may start on some of the clock's lines only. */
    private boolean gated(Recipe recipe) {
        for (int line = 0; line < pack.clock().lineCount(); line++) {
            if (!recipe.runsOn(line)) {
                return true;
            }
        }
        return false;
    }

    private int transmutedCells() {
        int n = 0;
        for (int cell = 0; cell < world.grid().size().cells(); cell++) {
            if (world.field().cell(cell) != world.grid().cell(cell)) {
                n++;
            }
        }
        return n;
    }

    private void count(String what) {
        counts.merge(what, 1, Integer::sum);
    }
}
