package lor.world;

import lor.protocol.control.ObjectSeed;
import lor.sim.content.ContentPack;
import lor.sim.content.RuleRegistry;
import lor.sim.grid.Grid;
import lor.world.content.ContentLoadException;
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

    /**
     * The pack's index of the kind the world is seeded with, checked against the pack and the map before the world
     * starts, or -1 without a seed.
     *
     * @throws ContentLoadException when the kind is not in the pack or the layer not in the map
     */
    static int seedKind(WorldConfig config, ContentPack pack, Grid grid) {
        ObjectSeed seed = config.seedObjects();
        if (seed == null) {
            return -1;
        }
        int kind = pack.kindIndex(seed.kind());
        if (kind < 0) {
            throw new ContentLoadException("--seed-objects names kind \"" + seed.kind()
                    + "\", which content pack \"" + pack.name() + "\" does not define");
        }
        if (seed.fromLayer() >= grid.layers()) {
            throw new ContentLoadException("--seed-objects starts at layer " + seed.fromLayer() + ", but the map has "
                    + grid.layers() + " layer(s)");
        }
        return kind;
    }
}
