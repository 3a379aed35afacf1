package lor.world;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import lor.protocol.control.WorldSnapshotMessage;
import lor.protocol.ticket.Secrets;
import lor.sim.content.ContentPack;
import lor.sim.grid.Grid;
import lor.sim.world.WorldSnapshot;
import lor.world.content.ContentLoadException;
import lor.world.control.CapturingControlLink;
import lor.world.sim.WorldLoop;
import lor.world.snapshot.SnapshotCodec;
import lor.world.snapshot.SnapshotOutbox;
import org.junit.jupiter.api.Test;

/** {@code --seed-objects}: the benchmark world's pumps, placed once at its first hydration and kept by snapshots. */
class WorldRuntimeSeedTest {

    private static final Map<String, String> ENV =
            Map.of(WorldConfig.ENV_SPAWN_TOKEN, "spawn-token", WorldConfig.ENV_TICKET_SECRET, Secrets.random256());

    private final CapturingControlLink control = new CapturingControlLink(true);
    private final List<String> fatal = new ArrayList<>();

    @Test
    void aNewWorldIsSeededAndAHydratedOneKeepsWhatItsSnapshotHolds() {
        WorldConfig config = config("bench", "pump:5000:1");
        ContentPack pack = Contents.load(config).pack();
        Grid grid = Maps.load(config);
        WorldRuntime first = runtime(config, pack, grid);
        first.hydrate(0, null);
        WorldLoop loop = new WorldLoop("bench-objects", 16, first);
        for (int i = 0; i < 150; i++) {
            first.tick(loop);
        }
        first.closeForShutdown();
        WorldSnapshotMessage snapshot = control.delivered(WorldSnapshotMessage.class).get(0);
        WorldSnapshot saved = SnapshotCodec.decode(snapshot.state().tree(), pack, grid.size().cells());
        assertThat(saved.objects().count()).isEqualTo(5000);

        WorldRuntime second = runtime(config, pack, grid);
        second.hydrate(snapshot.seq(), snapshot.state().tree());
        second.closeForShutdown();
        List<WorldSnapshotMessage> snapshots = control.delivered(WorldSnapshotMessage.class);
        WorldSnapshot again = SnapshotCodec.decode(snapshots.get(snapshots.size() - 1).state().tree(), pack,
                grid.size().cells());
        assertThat(again.objects().count()).as("not seeded a second time").isEqualTo(5000);
        assertThat(again.objects()).isEqualTo(saved.objects());
        assertThat(fatal).isEmpty();
    }

    @Test
    void aSeedOfAKindThePackDoesNotDefineStopsTheWorldBeforeItStarts() {
        WorldConfig config = config("bench", "furnace:10:1");

        assertThatThrownBy(() -> runtime(config, Contents.load(config).pack(), Maps.load(config)))
                .isInstanceOf(ContentLoadException.class)
                .hasMessage("--seed-objects names kind \"furnace\", which content pack \"bench\" does not define");
    }

    @Test
    void aSeedBelowTheMapsLastLayerStopsTheWorldBeforeItStarts() {
        WorldConfig config = config("bench", "pump:10:3");

        assertThatThrownBy(() -> runtime(config, Contents.load(config).pack(), Maps.load(config)))
                .isInstanceOf(ContentLoadException.class)
                .hasMessage("--seed-objects starts at layer 3, but the map has 3 layer(s)");
    }

    private WorldRuntime runtime(WorldConfig config, ContentPack pack, Grid grid) {
        return new WorldRuntime(config, grid, pack, control,
                new SnapshotOutbox(config.worldId(), control, Runnable::run), fatal::add);
    }

    private static WorldConfig config(String content, String seed) {
        return WorldConfig.parse(new String[] {"--world-id", "bench-objects", "--control-url",
            "ws://127.0.0.1:1/control", "--snapshot-interval-ms", "3600000", "--map", "bench-layers",
            "--content", content, "--seed-objects", seed, "--spawn", "hashed"}, ENV);
    }
}
