package lor.sim.builtin.elementals;

import lor.sim.module.AttributeLook;
import lor.sim.module.FieldSpec;
import lor.sim.module.GameModule;
import lor.sim.module.ModuleRules;
import lor.sim.module.ModuleSettings;
import lor.sim.module.ModuleSpec;

/**
 * The studio's own game (its first prototype was lor-elementals): players cast fire, water, earth and air onto a
 * field of their own next to them; fire spreads over grass and leaves ash, water puts it out, earth walls a cell for
 * a while, air carries fire further; elementals hunt players they see and wear down their {@code hp}. Written against
 * {@link lor.sim.module} only, as a studio's module is.
 */
public final class Elementals implements GameModule {

    public static final String NAME = "elementals";

    /** The cast's {@code element} values, in this order; each is also an item of the pack. */
    static final String[] ELEMENTS = {"fire", "water", "earth", "air"};
    static final int FIRE = 0;
    static final int WATER = 1;
    static final int EARTH = 2;
    static final int AIR = 3;

    /** Cell values of the field. */
    static final int CELL_FIRE = 1;
    static final int CELL_ASH = 2;
    static final int CELL_WATER = 3;
    static final int CELL_EARTH = 4;

    /** Attribute and entity data columns, by index. */
    static final int HP = 0;
    static final int HURT_AT = 0;
    static final int REGROW_AT = 1;
    static final int ATTACKED_AT = 2;
    static final int HOME = 3;

    static final String NO_ELEMENT = "no_element";

    private static final ModuleSpec SPEC = ModuleSpec.builder(NAME)
            .action("cast", FieldSpec.dir("dir"), FieldSpec.oneOf("element", ELEMENTS))
            .attribute("hp", 0, 100, 100).shown("hp", AttributeLook.BAR)
            .entityData("hurt_at", "regrow_at", "attacked_at", "home")
            .cell(CELL_FIRE, "fire").cell(CELL_ASH, "ash").cell(CELL_WATER, "water").blockingCell(CELL_EARTH, "earth")
            .colour(CELL_FIRE, "#ff5a1f").colour(CELL_ASH, "#5c5c5c").colour(CELL_WATER, "#2f7fd8")
            .colour(CELL_EARTH, "#8b5a2b")
            .reasons(NO_ELEMENT)
            .build();

    @Override
    public ModuleSpec spec() {
        return SPEC;
    }

    @Override
    public ModuleRules rules(ModuleSettings settings) {
        return new ElementalsRules(ElementalsSettings.read(settings));
    }
}
