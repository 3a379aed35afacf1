package lor.testclient.predict;

import lor.protocol.Json;
import lor.protocol.game.WelcomeMessage;
import lor.sim.content.ContentPack;
import lor.sim.content.PackDef;
import lor.sim.content.RuleRegistry;

/**
 * The world's content pack as a client has it: {@code welcome}'s {@code content}, compiled by the same sim-core code
 * the world runs, so that prediction applies the same rules.
 */
public final class ClientContent {

    private ClientContent() {
    }

    /**
     * @return the compiled pack, or the empty pack for a world without one
     * @throws lor.sim.content.ContentException when the pack needs a Java rule this client does not have
     */
    public static ContentPack compile(WelcomeMessage welcome) {
        if (welcome.content() == null) {
            return ContentPack.empty();
        }
        PackDef def = Json.MAPPER.treeToValue(welcome.content(), PackDef.class);
        return ContentPack.compile(def, RuleRegistry.empty());
    }
}
