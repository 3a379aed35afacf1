package lor.testclient.predict;

import lor.protocol.Json;
import lor.protocol.game.WelcomeMessage;
import lor.sim.builtin.BuiltInModules;
import lor.sim.content.ContentPack;
import lor.sim.content.PackDef;
import lor.sim.module.WorldModules;

/**
 * The world's content pack as a client has it: {@code welcome}'s {@code content}, compiled by the same sim-core code
 * the world runs, so that prediction applies the same rules.
 */
public final class ClientContent {

    private ClientContent() {
    }

    /**
     * The game modules the pack names, resolved as a world resolves them from this client's catalog (the built-in
     * modules, the same code the world runs): what predicts this player's {@code act} intents.
     *
     * @throws lor.sim.module.ModuleException when the pack names a module this client does not have
     */
    public static WorldModules modules(ContentPack pack) {
        if (pack.modules().isEmpty()) {
            return WorldModules.none();
        }
        return BuiltInModules.catalog().resolve(pack.name(), pack.modules(), pack.moduleSettings());
    }

    /**
     * The pack compiled with the Java object rules of the modules it names, from this client's catalog, as the world
     * compiles it: objects that run a module's rule are predicted by that rule.
     *
     * @return the compiled pack, or the empty pack for a world without one
     * @throws lor.sim.content.ContentException when the pack needs a Java rule this client does not have
     */
    public static ContentPack compile(WelcomeMessage welcome) {
        if (welcome.content() == null) {
            return ContentPack.empty();
        }
        PackDef def = Json.MAPPER.treeToValue(welcome.content(), PackDef.class);
        return BuiltInModules.catalog().compile(def);
    }
}
