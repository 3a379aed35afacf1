package lor.sim.module;

import java.util.ArrayList;
import java.util.List;

/**
 * The modules one world runs, in its pack's order, each with the rules made for this world, and the lookups its tick
 * and its wire need. Every entity carries the attributes of every module, module by module in this order, and so the
 * entity data columns.
 */
public final class WorldModules {

    /** An action of one of the world's modules: the module's position, the action's among its actions. */
    public record ActionRef(int module, int index, ActionSpec spec) {
    }

    private final List<ModuleSpec> specs = new ArrayList<>();
    private final List<ModuleRules> rules;
    private final List<ActionRef> actions = new ArrayList<>();
    private final List<AttributeSpec> attributes = new ArrayList<>();
    private final int[] attributeOffsets;
    private final int[] dataOffsets;
    private final int dataColumns;

    WorldModules(List<GameModule> modules, List<ModuleRules> rules) {
        this.rules = List.copyOf(rules);
        attributeOffsets = new int[modules.size()];
        dataOffsets = new int[modules.size()];
        int data = 0;
        for (int m = 0; m < modules.size(); m++) {
            ModuleSpec spec = modules.get(m).spec();
            specs.add(spec);
            for (int a = 0; a < spec.actions().size(); a++) {
                actions.add(new ActionRef(m, a, spec.actions().get(a)));
            }
            attributeOffsets[m] = attributes.size();
            attributes.addAll(spec.attributes());
            dataOffsets[m] = data;
            data += spec.data().size();
        }
        this.dataColumns = data;
    }

    public static WorldModules none() {
        return new WorldModules(List.of(), List.of());
    }

    /** A world running exactly these rules: for tests, and for a test kit that plays one module. */
    public static WorldModules of(GameModule module, ModuleRules rules) {
        return new WorldModules(List.of(module), List.of(rules));
    }

    public int size() {
        return specs.size();
    }

    public boolean isEmpty() {
        return specs.isEmpty();
    }

    public ModuleSpec spec(int module) {
        return specs.get(module);
    }

    public List<ModuleSpec> specs() {
        return List.copyOf(specs);
    }

    public ModuleRules rules(int module) {
        return rules.get(module);
    }

    /** The position of the module named {@code name} among the world's, or -1. */
    public int indexOf(String name) {
        for (int m = 0; m < specs.size(); m++) {
            if (specs.get(m).name().equals(name)) {
                return m;
            }
        }
        return -1;
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

    public int attributeCount() {
        return attributes.size();
    }

    /** The position of the attribute named {@code name} among {@link #attributes()}, or -1. */
    public int attributeIndex(String name) {
        for (int a = 0; a < attributes.size(); a++) {
            if (attributes.get(a).name().equals(name)) {
                return a;
            }
        }
        return -1;
    }

    /** Where a module's attributes start among {@link #attributes()}. */
    public int attributeOffset(int module) {
        return attributeOffsets[module];
    }

    /** Entity data columns of every module together. */
    public int dataCount() {
        return dataColumns;
    }

    public int dataOffset(int module) {
        return dataOffsets[module];
    }
}
