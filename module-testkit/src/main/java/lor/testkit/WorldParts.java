package lor.testkit;

import java.util.Map;

import lor.sim.content.ContentPack;
import lor.sim.grid.Grid;
import lor.sim.module.ModuleCatalog;
import lor.sim.module.WorldModules;

/**
 * What a test world is made of, kept so that a restarted world ({@link TestWorld#restarted()}) gets its modules'
 * rules afresh from the same catalog and settings, as a world server hydrating a snapshot does.
 *
 * @param settings the pack's settings sections with the test's overrides, by module name
 */
record WorldParts(Grid grid, ContentPack pack, ModuleCatalog catalog, Map<String, Map<String, Integer>> settings,
                  long seed) {

    /** New rules for every module the pack names, as a world starting resolves them. */
    WorldModules resolveModules() {
        return catalog.resolve(pack.name(), pack.modules(), settings);
    }
}
