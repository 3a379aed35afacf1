package lor.sim.builtin;

import lor.sim.builtin.elementals.Elementals;
import lor.sim.builtin.kilns.Kilns;
import lor.sim.module.GameModule;
import lor.sim.module.ModuleCatalog;

/**
 * The game modules every Lor process has: shipped with sim-core, so the world server runs them and every predicting
 * client (the JVM test client, the page's compiled script) has the same code. A studio's own modules come from a
 * modules directory and are written exactly as these are, against {@link lor.sim.module} only.
 */
public final class BuiltInModules {

    private BuiltInModules() {
    }

    public static GameModule[] all() {
        return new GameModule[] {new Elementals(), new Kilns()};
    }

    /** A catalog of the built-in modules, to which a server adds a studio's. */
    public static ModuleCatalog catalog() {
        return ModuleCatalog.of(all());
    }
}
