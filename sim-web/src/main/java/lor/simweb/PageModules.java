package lor.simweb;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.ServiceLoader;

import lor.sim.builtin.BuiltInModules;
import lor.sim.content.ContentPack;
import lor.sim.module.ActionArguments;
import lor.sim.module.GameModule;
import lor.sim.module.ModuleCatalog;
import lor.sim.module.ModuleException;
import lor.sim.module.ModuleSpec;
import lor.sim.module.WorldModules;

/**
 * The game modules of the page's world ({@link PagePrediction}'s part of them): the modules its pack names, resolved
 * as the server resolves them, and the fields of the module action the page is putting together, checked as the world
 * checks an {@code act} intent's.
 */
final class PageModules {

    private final WorldModules modules;
    private final ContentPack pack;
    /** The fields of the module action being put together, by name. */
    private final Map<String, Object> fields = new LinkedHashMap<>();
    /** More fields were given than any action declares: the action is a {@code bad_field}, as on the server. */
    private boolean tooManyFields;

    /**
     * @throws IllegalArgumentException for a pack naming a module the built-in catalog lacks (a studio's, which only
     *                                  a script built with it has): the page then says why and does not predict,
     *                                  rather than predict that world's rules wrong
     */
    PageModules(ContentPack pack) {
        this.pack = pack;
        if (pack.modules().isEmpty()) {
            this.modules = WorldModules.none();
            return;
        }
        try {
            this.modules = catalog().resolve(pack.name(), pack.modules(), pack.moduleSettings());
        } catch (ModuleException | IllegalArgumentException e) {
            throw new IllegalArgumentException("the world's game modules: " + e.getMessage(), e);
        }
    }

    /**
     * The built-in modules and, in a studio's build of this script, its own: the {@link GameModule} providers of the
     * classpath TeaVM compiled ({@code META-INF/services/lor.sim.module.GameModule}, the file by which a world
     * server finds them in a module jar; TeaVM lists the providers when it compiles). One named as a built-in one is
     * left out, as a world server refuses it.
     */
    static ModuleCatalog catalog() {
        ModuleCatalog catalog = BuiltInModules.catalog();
        for (GameModule module : ServiceLoader.load(GameModule.class)) {
            if (!catalog.names().contains(module.spec().name())) {
                catalog.register(module);
            }
        }
        return catalog;
    }

    WorldModules modules() {
        return modules;
    }

    /** A field of the next action; the page's input never grows the map past what an action may declare. */
    void field(String name, Object value) {
        if (fields.size() < ModuleSpec.MAX_FIELDS || fields.containsKey(name)) {
            fields.put(name, value);
        } else {
            tooManyFields = true;
        }
    }

    /**
     * The fields given since the last call, checked against {@code action}'s declaration, and forgotten.
     *
     * @return the values in the declaration's order, or null: the world refuses such an action as {@code bad_field}
     */
    int[] takeFields(WorldModules.ActionRef action) {
        ActionArguments.Checked checked = ActionArguments.check(action.spec(), fields, pack);
        boolean overflow = tooManyFields;
        dropFields();
        return overflow || !checked.ok() ? null : checked.values();
    }

    /** Forgets the fields given (an action the world does not know). */
    void dropFields() {
        fields.clear();
        tooManyFields = false;
    }
}
