package lor.sim.module;

import java.util.ArrayList;
import java.util.List;

/** The modules one world runs, in its pack's order, and the lookups its tick and its wire need. */
public final class WorldModules {

    /** An action of one of the world's modules. */
    public record ActionRef(int module, ActionSpec spec) {
    }

    private final List<GameModule> modules;
    private final List<ActionRef> actions = new ArrayList<>();
    private final List<AttributeSpec> attributes = new ArrayList<>();

    WorldModules(List<GameModule> modules) {
        this.modules = List.copyOf(modules);
        for (int m = 0; m < this.modules.size(); m++) {
            ModuleSpec spec = this.modules.get(m).spec();
            for (ActionSpec action : spec.actions()) {
                actions.add(new ActionRef(m, action));
            }
            attributes.addAll(spec.attributes());
        }
    }

    public static WorldModules none() {
        return new WorldModules(List.of());
    }

    public List<GameModule> modules() {
        return modules;
    }

    public boolean isEmpty() {
        return modules.isEmpty();
    }

    /** The action named {@code name} by one of the world's modules, or null. */
    public ActionRef action(String name) {
        for (ActionRef action : actions) {
            if (action.spec().name().equals(name)) {
                return action;
            }
        }
        return null;
    }

    /** Every attribute the world's modules declare, module by module: each entity carries them in this order. */
    public List<AttributeSpec> attributes() {
        return List.copyOf(attributes);
    }
}
