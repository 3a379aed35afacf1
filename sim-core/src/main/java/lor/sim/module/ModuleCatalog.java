package lor.sim.module;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import lor.sim.content.ContentException;
import lor.sim.content.ContentPack;
import lor.sim.content.PackDef;
import lor.sim.content.RuleRegistry;

/**
 * The modules a server (or a predicting client) has: the built-in ones and those loaded from a modules directory, by
 * name. A world takes from it the modules its pack names ({@link #resolve}).
 */
public final class ModuleCatalog {

    private final Map<String, GameModule> modules = new TreeMap<>();

    public static ModuleCatalog of(GameModule... modules) {
        ModuleCatalog catalog = new ModuleCatalog();
        for (GameModule module : modules) {
            catalog.register(module);
        }
        return catalog;
    }

    /** @throws ModuleException when the module's declaration is bad or its name is taken */
    public ModuleCatalog register(GameModule module) {
        ModuleSpec spec = module.spec().check();
        if (modules.putIfAbsent(spec.name(), module) != null) {
            throw new ModuleException("module " + spec.name() + " is provided twice");
        }
        return this;
    }

    public List<String> names() {
        return List.copyOf(modules.keySet());
    }

    /**
     * The Java object rules the named modules provide, for compiling the pack that names them: a world, and every
     * client that predicts it, fills the registry from the modules before the pack is compiled. A name this catalog
     * does not have (or not of the form) provides nothing here; {@link #resolve} names it.
     *
     * @throws ModuleException when two of the modules provide the same rule id
     */
    public RuleRegistry objectRules(List<String> names) {
        RuleRegistry registry = RuleRegistry.empty();
        Map<String, String> owners = new HashMap<>();
        List<String> taken = new ArrayList<>();
        for (String name : names == null ? List.<String>of() : names) {
            GameModule module = name == null ? null : modules.get(name);
            // A module named twice is the pack's error, which compiling it reports.
            if (module == null || taken.contains(name)) {
                continue;
            }
            taken.add(name);
            for (ObjectRuleSpec rule : module.spec().objectRules()) {
                claim(owners, "object rule", rule.id(), name);
                registry.register(rule.id(), rule.factory());
            }
        }
        return registry;
    }

    /**
     * Compiles a pack with the object rules of the modules it names ({@link #objectRules}): how a predicting client
     * compiles the pack its world sends, so that its objects run what the world's run.
     *
     * @throws ContentException naming the entry at fault, as {@link ContentPack#compile} does
     * @throws ModuleException when two of the modules provide the same rule id
     */
    public ContentPack compile(PackDef def) {
        return ContentPack.compile(def, objectRules(def == null ? null : def.modules()));
    }

    /**
     * The modules a pack names, in its order.
     *
     * @param pack     the pack's name, for the errors
     * @param settings the pack's settings sections by module name; a module without one reads its defaults
     * @throws ContentException naming the entry when a module refuses its settings
     * @throws ModuleException naming the module: one this catalog does not have, one written for another API version,
     *                         a module named twice, or two modules that declare the same action or attribute
     */
    public WorldModules resolve(String pack, List<String> names, Map<String, Map<String, Integer>> settings) {
        for (String module : settings.keySet()) {
            if (!names.contains(module)) {
                throw new ContentException("settings." + module,
                        "pack " + pack + " has settings for a module it does not name in \"modules\"");
            }
        }
        List<GameModule> chosen = new ArrayList<>();
        List<ModuleRules> rules = new ArrayList<>();
        Map<String, String> actions = new HashMap<>();
        Map<String, String> attributes = new HashMap<>();
        Map<String, String> objectRules = new HashMap<>();
        for (String name : names) {
            GameModule module = modules.get(name);
            if (module == null) {
                throw new ModuleException("pack " + pack + " names the module " + ModuleNames.quoted(name)
                        + ", which this server does not have (it has " + names() + ")");
            }
            ModuleSpec spec = module.spec();
            if (spec.apiVersion() != ModuleApi.VERSION) {
                throw new ModuleException("module " + name + " was written for module API version "
                        + spec.apiVersion() + "; this server runs version " + ModuleApi.VERSION);
            }
            if (chosen.contains(module)) {
                throw new ModuleException("pack " + pack + " names the module " + name + " twice");
            }
            for (ActionSpec action : spec.actions()) {
                claim(actions, "action", action.name(), name);
            }
            for (AttributeSpec attribute : spec.attributes()) {
                claim(attributes, "attribute", attribute.name(), name);
            }
            for (ObjectRuleSpec rule : spec.objectRules()) {
                claim(objectRules, "object rule", rule.id(), name);
            }
            chosen.add(module);
            Map<String, Integer> section = settings.get(name);
            rules.add(module.rules(section == null ? ModuleSettings.none(name) : new ModuleSettings(name, section)));
        }
        return new WorldModules(chosen, rules);
    }

    private static void claim(Map<String, String> owners, String what, String entry, String module) {
        String owner = owners.putIfAbsent(entry, module);
        if (owner != null) {
            throw new ModuleException("modules " + owner + " and " + module + " both declare the " + what + " \""
                    + entry + "\"");
        }
    }
}
