package lor.world;

import lor.sim.content.ContentPack;
import lor.sim.content.RuleRegistry;
import lor.world.content.ContentPacks;

/** The content pack a world plays: the one its configuration names, or none. */
final class Contents {

    private Contents() {
    }

    /** @throws lor.world.content.ContentLoadException when the named pack cannot be loaded */
    static ContentPack load(WorldConfig config) {
        if (config.content() == null) {
            return ContentPack.empty();
        }
        return ContentPacks.load(config.content(), config.contentDir(), RuleRegistry.empty());
    }
}
