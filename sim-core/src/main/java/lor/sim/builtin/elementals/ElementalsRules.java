package lor.sim.builtin.elementals;

import static lor.sim.builtin.elementals.Elementals.AIR;
import static lor.sim.builtin.elementals.Elementals.ATTACKED_AT;
import static lor.sim.builtin.elementals.Elementals.CELL_ASH;
import static lor.sim.builtin.elementals.Elementals.CELL_EARTH;
import static lor.sim.builtin.elementals.Elementals.CELL_FIRE;
import static lor.sim.builtin.elementals.Elementals.CELL_WATER;
import static lor.sim.builtin.elementals.Elementals.EARTH;
import static lor.sim.builtin.elementals.Elementals.ELEMENTS;
import static lor.sim.builtin.elementals.Elementals.FIRE;
import static lor.sim.builtin.elementals.Elementals.HOME;
import static lor.sim.builtin.elementals.Elementals.HP;
import static lor.sim.builtin.elementals.Elementals.HURT_AT;
import static lor.sim.builtin.elementals.Elementals.NO_ELEMENT;
import static lor.sim.builtin.elementals.Elementals.REGROW_AT;
import static lor.sim.builtin.elementals.Elementals.WATER;

import lor.sim.grid.Cells;
import lor.sim.grid.Direction;
import lor.sim.module.ModuleRules;
import lor.sim.module.ModuleWorld;

/**
 * Elementals' rules for one world. Everything it remembers lives in the world: the field (fire, ash, water, earth
 * with the tick each was set), {@code hp}, three entity data columns, the NPCs and the wakes; so only cells with
 * something going on, and elementals, cost anything per tick. A wake's key is a cell index or an entity id, its tag
 * what to do; a wake whose cell or entity has changed since it was scheduled finds so (by the set tick) and does
 * nothing.
 */
final class ElementalsRules implements ModuleRules {

    // What a wake does.
    static final int SPREAD = 1;
    static final int BURN_OUT = 2;
    static final int DRY = 3;
    static final int CRUMBLE = 4;
    static final int THINK = 5;
    static final int REGEN = 6;
    static final int REGROW = 7;

    private static final Direction[] SIDES = {Direction.N, Direction.E, Direction.S, Direction.W};
    /** How far beyond the straight box between an elemental and its prey a path may bend. */
    private static final int PATH_MARGIN = 6;

    private final ElementalsSettings settings;
    /** Scratch for sensing: the ids near an elemental. */
    private final int[] near = new int[64];
    /** The pack's items for the elements, looked up on first use (a cache: the pack never changes). */
    private int[] items;

    ElementalsRules(ElementalsSettings settings) {
        this.settings = settings;
    }

    /**
     * Elementals make their homes at random cells away from the spawn, so that a player who has just joined has a
     * moment before one finds it.
     */
    @Override
    public void begin(ModuleWorld world) {
        for (int i = 0; i < settings.elementals(); i++) {
            int x = world.random(world.width());
            int y = world.random(world.height());
            for (int attempt = 0; attempt < 64 && Math.max(Math.abs(x - world.spawnX()),
                    Math.abs(y - world.spawnY())) < settings.homeDistance(); attempt++) {
                x = world.random(world.width());
                y = world.random(world.height());
            }
            int npc = world.spawnNpc(x, y, 0);
            if (npc == ModuleWorld.NONE) {
                break;
            }
            world.setData(npc, HOME, index(world, world.x(npc), world.y(npc), world.layer(npc)));
            world.wakeAt(world.tick() + 1 + i % settings.idleTicks(), npc, THINK);
        }
    }

    /**
     * A player who comes back finds its hp and elements as it left them; the wakes that grew them back were keyed by
     * the entity it had then, so they start again from here.
     */
    @Override
    public void playerEntered(ModuleWorld world, int entity) {
        world.setData(entity, REGROW_AT, 0);
        startRegrowing(world, entity);
        if (world.attribute(entity, HP) < 100) {
            world.wakeAt(world.tick() + settings.regenAfter(), entity, REGEN);
        }
    }

    // ---- casting ------------------------------------------------------------------------------------------------

    @Override
    public String act(ModuleWorld world, int entity, int action, int[] fields) {
        Direction dir = Direction.ofCode(fields[0]);
        int element = fields[1];
        int item = items(world)[element];
        if (item < 0 || world.carried(entity, item) < 1) {
            return NO_ELEMENT;
        }
        int x = world.x(entity) + dir.dx;
        int y = world.y(entity) + dir.dy;
        int layer = world.layer(entity);
        if (x < 0 || y < 0 || x >= world.width() || y >= world.height()) {
            return "out_of_bounds";
        }
        if (world.blocked(x, y, layer) && world.cell(x, y, layer) != CELL_EARTH) {
            return "wall";
        }
        switch (element) {
            case FIRE -> ignite(world, x, y, layer);
            case WATER -> douse(world, x, y, layer);
            case EARTH -> {
                if (standsOn(world, x, y, layer)) {
                    return "occupied";
                }
                world.setCell(x, y, layer, CELL_EARTH);
                world.wakeAt(world.tick() + settings.earthTicks(), index(world, x, y, layer), CRUMBLE);
            }
            case AIR -> {
                if (world.cell(x, y, layer) == CELL_FIRE) {
                    ignite(world, x + dir.dx, y + dir.dy, layer);
                }
            }
            default -> throw new IllegalStateException("element " + element);
        }
        world.give(entity, item, -1);
        startRegrowing(world, entity);
        return null;
    }

    /** Fire takes on an empty grass cell (not one walled, ash, water or earth); anywhere else it goes out at once. */
    private void ignite(ModuleWorld world, int x, int y, int layer) {
        if (world.cell(x, y, layer) != 0 || world.blocked(x, y, layer)
                || Cells.terrain(world.terrain(x, y, layer)) != Cells.TERRAIN_GRASS) {
            return;
        }
        world.setCell(x, y, layer, CELL_FIRE);
        int cell = index(world, x, y, layer);
        world.wakeAt(world.tick() + settings.spreadTicks(), cell, SPREAD);
        world.wakeAt(world.tick() + settings.burnTicks(), cell, BURN_OUT);
    }

    /** Water puts fire out and stays a while, on any cell but earth. */
    private void douse(ModuleWorld world, int x, int y, int layer) {
        if (world.cell(x, y, layer) == CELL_EARTH) {
            return;
        }
        world.setCell(x, y, layer, CELL_WATER);
        world.wakeAt(world.tick() + settings.waterTicks(), index(world, x, y, layer), DRY);
    }

    private boolean standsOn(ModuleWorld world, int x, int y, int layer) {
        return world.entitiesNear(x, y, layer, 0, near) > 0;
    }

    // ---- what happens by itself ---------------------------------------------------------------------------------

    @Override
    public void wake(ModuleWorld world, int key, int tag) {
        switch (tag) {
            case SPREAD -> cellWake(world, key, CELL_FIRE, settings.spreadTicks(), tag);
            case BURN_OUT -> cellWake(world, key, CELL_FIRE, settings.burnTicks(), tag);
            case DRY -> cellWake(world, key, CELL_WATER, settings.waterTicks(), tag);
            case CRUMBLE -> cellWake(world, key, CELL_EARTH, settings.earthTicks(), tag);
            case THINK -> think(world, key);
            case REGEN -> regen(world, key);
            case REGROW -> regrow(world, key);
            default -> throw new IllegalStateException("wake tag " + tag);
        }
    }

    /** A cell's wake, if the cell still holds what was set {@code after} ticks ago (else a later set owns it). */
    private void cellWake(ModuleWorld world, int cell, int value, int after, int tag) {
        int x = cell % world.width();
        int y = cell / world.width() % world.height();
        int layer = cell / (world.width() * world.height());
        if (world.cell(x, y, layer) != value || world.cellSince(x, y, layer) != world.tick() - after) {
            return;
        }
        switch (tag) {
            case SPREAD -> {
                for (Direction side : SIDES) {
                    int nx = x + side.dx;
                    int ny = y + side.dy;
                    if (nx >= 0 && ny >= 0 && nx < world.width() && ny < world.height()) {
                        ignite(world, nx, ny, layer);
                    }
                }
            }
            case BURN_OUT -> world.setCell(x, y, layer, CELL_ASH);
            default -> world.setCell(x, y, layer, 0);
        }
    }

    /** An elemental looks for the nearest player it can see; next to one it strikes, else it walks towards it. */
    private void think(ModuleWorld world, int npc) {
        if (!world.isOwnNpc(npc)) {
            return;
        }
        int x = world.x(npc);
        int y = world.y(npc);
        int layer = world.layer(npc);
        int prey = nearestVisiblePlayer(world, x, y, layer);
        if (prey == ModuleWorld.NONE) {
            goHome(world, npc, x, y, layer);
            return;
        }
        int px = world.x(prey);
        int py = world.y(prey);
        if (Math.abs(px - x) + Math.abs(py - y) == 1) {
            strike(world, npc, prey);
        } else {
            int step = world.firstStep(npc, px, py, PATH_MARGIN);
            if (step != 0) {
                world.step(npc, step);
            }
        }
        world.wakeAt(world.tick() + settings.stepTicks(), npc, THINK);
    }

    /** With nobody in sight an elemental walks back to its home, then waits there. */
    private void goHome(ModuleWorld world, int npc, int x, int y, int layer) {
        int home = world.data(npc, HOME);
        int hx = home % world.width();
        int hy = home / world.width() % world.height();
        if (home / (world.width() * world.height()) == layer && (hx != x || hy != y)) {
            int step = world.firstStep(npc, hx, hy, PATH_MARGIN);
            if (step != 0 && world.step(npc, step)) {
                world.wakeAt(world.tick() + settings.stepTicks(), npc, THINK);
                return;
            }
        }
        world.wakeAt(world.tick() + settings.idleTicks(), npc, THINK);
    }

    private int nearestVisiblePlayer(ModuleWorld world, int x, int y, int layer) {
        int found = world.entitiesNear(x, y, layer, settings.senseRange(), near);
        int best = ModuleWorld.NONE;
        int bestDistance = Integer.MAX_VALUE;
        for (int i = 0; i < found; i++) {
            int id = near[i];
            if (!world.isPlayer(id)) {
                continue;
            }
            int distance = Math.abs(world.x(id) - x) + Math.abs(world.y(id) - y);
            if (distance < bestDistance && world.lineOfSight(x, y, world.x(id), world.y(id), layer)) {
                best = id;
                bestDistance = distance;
            }
        }
        return best;
    }

    private void strike(ModuleWorld world, int npc, int prey) {
        if (ticksSince(world, world.data(npc, ATTACKED_AT)) < settings.damageTicks()) {
            return;
        }
        world.setData(npc, ATTACKED_AT, stamp(world));
        int hp = world.attribute(prey, HP) - settings.damage();
        if (hp <= 0) {
            world.respawn(prey);
            world.setAttribute(prey, HP, 100);
            world.setData(prey, HURT_AT, 0);
            return;
        }
        world.setAttribute(prey, HP, hp);
        world.setData(prey, HURT_AT, stamp(world));
        world.wakeAt(world.tick() + settings.regenAfter(), prey, REGEN);
    }

    /** A player's hp grows back while nothing has hurt it for a while. */
    private void regen(ModuleWorld world, int player) {
        if (!world.exists(player) || ticksSince(world, world.data(player, HURT_AT)) < settings.regenAfter()) {
            return;
        }
        int hp = world.attribute(player, HP);
        if (hp >= 100) {
            return;
        }
        world.setAttribute(player, HP, hp + settings.regen());
        if (hp + settings.regen() < 100) {
            world.wakeAt(world.tick() + settings.regenTicks(), player, REGEN);
        }
    }

    /** A player's elements grow back one each, up to the most it carries, while any is short. */
    private void regrow(ModuleWorld world, int player) {
        if (!world.exists(player) || world.data(player, REGROW_AT) != stamp(world)) {
            return;
        }
        world.setData(player, REGROW_AT, 0);
        for (int item : items(world)) {
            if (item >= 0 && world.carried(player, item) < settings.regrowMax()) {
                world.give(player, item, 1);
            }
        }
        startRegrowing(world, player);
    }

    private void startRegrowing(ModuleWorld world, int player) {
        if (world.data(player, REGROW_AT) != 0) {
            return;
        }
        for (int item : items(world)) {
            if (item >= 0 && world.carried(player, item) < settings.regrowMax()) {
                long at = world.tick() + settings.regrowTicks();
                world.setData(player, REGROW_AT, (int) at + 1);
                world.wakeAt(at, player, REGROW);
                return;
            }
        }
    }

    // ---- internals ----------------------------------------------------------------------------------------------

    private int[] items(ModuleWorld world) {
        if (items == null) {
            int[] found = new int[ELEMENTS.length];
            for (int i = 0; i < found.length; i++) {
                found[i] = world.item(ELEMENTS[i]);
            }
            items = found;
        }
        return items;
    }

    /** The current tick as kept in a data column: its low bits plus one, so that 0 means never. */
    private static int stamp(ModuleWorld world) {
        return (int) world.tick() + 1;
    }

    /** Ticks since a {@link #stamp}; a very large number for never. */
    private static int ticksSince(ModuleWorld world, int stamp) {
        return stamp == 0 ? Integer.MAX_VALUE : stamp(world) - stamp;
    }

    private static int index(ModuleWorld world, int x, int y, int layer) {
        return (layer * world.height() + y) * world.width() + x;
    }
}
