package com.example.garden;

import java.util.Set;

import lor.sim.module.FieldSpec;
import lor.sim.module.GameModule;
import lor.sim.module.ModuleRules;
import lor.sim.module.ModuleSettings;
import lor.sim.module.ModuleSpec;

/**
 * An example game module: a player plants a seed on the cell beside it; a sprout comes up at once and grows into the
 * flower asked for after {@code grow_ticks}. Each player carries a few seeds (the attribute {@code seeds}).
 *
 * <p>A module is a factory without state: the world server makes one instance (through
 * {@code META-INF/services/lor.sim.module.GameModule}) and asks it for one {@link ModuleRules} per world.
 */
public final class Garden implements GameModule {

    public static final String NAME = "garden";
    public static final int SPROUT = 1;
    public static final int TULIP = 2;
    public static final int ROSE = 3;

    private static final ModuleSpec SPEC = ModuleSpec.builder(NAME)
            .action("plant", FieldSpec.dir("dir"), FieldSpec.oneOf("flower", "tulip", "rose"))
            .attribute("seeds", 0, 5, 3)
            .cell(SPROUT, "sprout").cell(TULIP, "tulip").cell(ROSE, "rose")
            .reasons("no_seeds", "planted")
            .build();

    @Override
    public ModuleSpec spec() {
        return SPEC;
    }

    @Override
    public ModuleRules rules(ModuleSettings settings) {
        // An unknown key or a value out of range fails the world, naming the pack's entry.
        settings.onlyKeys(Set.of("grow_ticks"));
        return new GardenRules(settings.integer("grow_ticks", 40, 1, 72_000));
    }
}
