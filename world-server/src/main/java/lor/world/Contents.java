package lor.world;

import lor.protocol.control.ObjectSeed;
import lor.sim.content.ContentPack;
import lor.sim.grid.Grid;
import lor.sim.module.WorldModules;
import lor.world.content.ContentLoadException;
import lor.world.content.GameModules;

/** The content pack a world plays: the one its configuration names, or none. */
final class Contents {

    private Contents() {
    }

    /**
     * The world's pack and the game modules it names, made with the pack's settings: built in, or from a jar of
     * {@code --modules-dir}; the pack compiled with the Java object rules those modules provide.
     *
     * @throws ContentLoadException naming the pack's file (and the module) when the pack cannot be loaded or a
     *                              module cannot run
     */
    static GameModules.WorldContent load(WorldConfig config) {
        if (config.content() == null) {
            return new GameModules.WorldContent(ContentPack.empty(), WorldModules.none());
        }
        return GameModules.load(config.content(), config.contentDir(), config.modulesDir());
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
