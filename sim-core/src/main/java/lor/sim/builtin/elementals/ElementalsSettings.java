package lor.sim.builtin.elementals;

import java.util.Set;

import lor.sim.module.ModuleSettings;

/**
 * The numbers of elementals, as its pack's {@code settings.elementals} section may tune them; the defaults are the
 * shipped {@code elements} pack's (docs/modules.md lists them). Durations are in ticks (20 a second).
 *
 * @param regrowTicks    a player's elements each grow back by one this often
 * @param regrowMax      … up to this many
 * @param burnTicks      fire on grass burns this long, then leaves ash
 * @param spreadTicks    … and sets each grass neighbour alight after this long
 * @param waterTicks     water stays this long
 * @param earthTicks     earth blocks movement this long
 * @param elementals     NPCs in a world
 * @param senseRange     an elemental senses a player within this many cells, in line of sight
 * @param stepTicks      an elemental hunting takes a step this often
 * @param idleTicks      an elemental with no player in sight looks again this often
 * @param damage         what an elemental next to a player takes from its hp…
 * @param damageTicks    … this often
 * @param regen          what a player's hp regrows by…
 * @param regenTicks     … this often…
 * @param regenAfter     … once it has taken no damage for this long
 * @param homeDistance   elementals make their homes at least this many cells from the map's spawn (when it has room)
 *                       and walk back there when nobody is in sight
 */
public record ElementalsSettings(int regrowTicks, int regrowMax, int burnTicks, int spreadTicks, int waterTicks,
                                 int earthTicks, int elementals, int senseRange, int stepTicks, int idleTicks,
                                 int damage, int damageTicks, int regen, int regenTicks, int regenAfter,
                                 int homeDistance) {

    private static final int DAY = 20 * 60 * 60 * 24;

    static final Set<String> KEYS = Set.of("regrow_ticks", "regrow_max", "burn_ticks", "spread_ticks", "water_ticks",
            "earth_ticks", "elementals", "sense_range", "step_ticks", "idle_ticks", "damage", "damage_ticks", "regen",
            "regen_ticks", "regen_after_ticks", "home_distance");

    /** The shipped numbers. */
    public static ElementalsSettings defaults() {
        return read(ModuleSettings.none(Elementals.NAME));
    }

    /** @throws lor.sim.content.ContentException naming the entry of a key it does not know or a value out of range */
    public static ElementalsSettings read(ModuleSettings s) {
        s.onlyKeys(KEYS);
        return new ElementalsSettings(
                s.integer("regrow_ticks", 200, 1, DAY), s.integer("regrow_max", 10, 0, 1_000_000),
                s.integer("burn_ticks", 40, 1, DAY), s.integer("spread_ticks", 10, 1, DAY),
                s.integer("water_ticks", 200, 1, DAY), s.integer("earth_ticks", 600, 1, DAY),
                s.integer("elementals", 8, 0, 10_000), s.integer("sense_range", 8, 1, 32),
                s.integer("step_ticks", 2, 1, DAY), s.integer("idle_ticks", 10, 1, DAY),
                s.integer("damage", 10, 0, 100), s.integer("damage_ticks", 20, 1, DAY),
                s.integer("regen", 5, 0, 100), s.integer("regen_ticks", 20, 1, DAY),
                s.integer("regen_after_ticks", 60, 1, DAY), s.integer("home_distance", 12, 0, 4096));
    }
}
