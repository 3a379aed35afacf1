package lor.world;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import lor.protocol.control.WorldAssignMessage;
import lor.protocol.control.WorldSpec;
import lor.protocol.netty.NetworkGuards;
import lor.protocol.netty.PortRange;
import lor.protocol.ticket.Secrets;
import lor.sim.world.World;
import lor.world.agones.AgonesConfig;
import org.junit.jupiter.api.Test;

/**
 * A warm spare's arithmetic: how an assignment and the spare's own command line become the config of the world it
 * turns into. What it does over sockets, against a director the test plays, is {@link SpareIT}.
 */
class SpareTest {

    private static final String TOKEN = "spare-spawn-token-for-this-test";
    private static final String ASSIGNED_SECRET = Secrets.random256();

    @Test
    void configForBuildsTheWorldFromTheAssignmentAndTheSparesOwnArguments() {
        WorldAssignMessage assign = new WorldAssignMessage(
                new WorldSpec("bench", "bench", null, null, 0, 24, "hashed", 30_000), ASSIGNED_SECRET);

        WorldConfig config = Spare.configFor(assign, spareArgs("ws://127.0.0.1:9/control", "127.0.0.2"), TOKEN,
                Map.of());

        assertThat(config.worldId()).isEqualTo("bench");
        assertThat(config.controlUrl()).isEqualTo(URI.create("ws://127.0.0.1:9/control"));
        assertThat(config.bindAddress()).isEqualTo("127.0.0.2");
        assertThat(config.gamePorts()).isEqualTo(PortRange.ANY);
        assertThat(config.maxSnapshotBytes()).isEqualTo(65_536);
        assertThat(config.map()).isEqualTo("bench");
        assertThat(config.npcs()).isZero();
        assertThat(config.viewRadius()).isEqualTo(24);
        assertThat(config.spawnRule()).isEqualTo(World.SpawnRule.HASHED);
        assertThat(config.snapshotIntervalMs()).isEqualTo(30_000);
        assertThat(config.spawnToken()).isEqualTo(TOKEN);
    }

    @Test
    void theDirectorsGuardsOnTheSparesCommandLineHoldForItsPortAndForTheWorldItBecomes() {
        NetworkGuards guards = new NetworkGuards(9, 4, 2500, List.of("http://127.0.0.1:8080"));
        List<String> args = new ArrayList<>(spareArgs("ws://127.0.0.1:9/control", "127.0.0.2"));
        args.addAll(guards.arguments());
        WorldAssignMessage assign = new WorldAssignMessage(
                new WorldSpec("start", "start", null, null, 0, 24, "nearest", 30_000), ASSIGNED_SECRET);

        assertThat(Spare.provisionalConfig(args, TOKEN, Map.of()).guards()).as("the spare's own game port")
                .isEqualTo(guards);
        assertThat(Spare.configFor(assign, args, TOKEN, Map.of()).guards()).as("the world it becomes")
                .isEqualTo(guards);
    }

    @Test
    void underAgonesTheSpareAndTheWorldItBecomesReadTheSidecarsPortFromTheProcessEnvironmentOnly() {
        List<String> args = new ArrayList<>(spareArgs("ws://127.0.0.1:9/control", "127.0.0.2"));
        args.add("--agones");
        WorldAssignMessage assign = new WorldAssignMessage(
                new WorldSpec("start", "start", null, null, 0, 24, "nearest", 30_000), ASSIGNED_SECRET);
        Map<String, String> environment = AgonesConfig.environment(Map.of(AgonesConfig.ENV_HTTP_PORT, "9400",
                "LOR_DB_PASSWORD", "not-for-worlds"));

        assertThat(environment).containsOnlyKeys(AgonesConfig.ENV_HTTP_PORT);
        assertThat(Spare.provisionalConfig(args, TOKEN, environment).agones().sdkUrl())
                .isEqualTo(URI.create("http://localhost:9400/"));
        assertThat(Spare.configFor(assign, args, TOKEN, environment).agones().sdkUrl())
                .isEqualTo(URI.create("http://localhost:9400/"));
    }

    @Test
    void theTicketSecretComesWithTheAssignmentNotFromTheCommandLine() {
        WorldAssignMessage assign = new WorldAssignMessage(
                new WorldSpec("start", "start", null, null, 24, 24, "nearest", 30_000), ASSIGNED_SECRET);
        List<String> args = spareArgs("ws://127.0.0.1:9/control", "127.0.0.2");

        WorldConfig config = Spare.configFor(assign, args, TOKEN, Map.of());

        assertThat(config.ticketSecret()).isEqualTo(ASSIGNED_SECRET);
        assertThat(String.join(" ", args)).doesNotContain(ASSIGNED_SECRET).doesNotContain(TOKEN);
        assertThat(config.toString()).doesNotContain(ASSIGNED_SECRET).doesNotContain(TOKEN);
    }

    @Test
    void anAssignmentWithoutAMapGivesTheOpenFloorAndTheNearestRule() {
        WorldAssignMessage assign = new WorldAssignMessage(
                new WorldSpec("open", null, null, null, 3, 10, "nearest", 1_000), ASSIGNED_SECRET);

        WorldConfig config = Spare.configFor(assign, spareArgs("ws://127.0.0.1:9/control", "127.0.0.2"), TOKEN,
                Map.of());

        assertThat(config.map()).isNull();
        assertThat(config.npcs()).isEqualTo(3);
        assertThat(config.viewRadius()).isEqualTo(10);
        assertThat(config.spawnRule()).isEqualTo(World.SpawnRule.NEAREST_TO_SPAWN_POINT);
        assertThat(config.snapshotIntervalMs()).isEqualTo(1_000);
    }

    @Test
    void anAssignmentTheWorldCannotRunIsRefusedAsAnyBadOption() {
        assertThatThrownBy(() -> Spare.configFor(new WorldAssignMessage(
                new WorldSpec("start", null, null, null, 0, 24, "scattered", 30_000), ASSIGNED_SECRET),
                spareArgs("ws://127.0.0.1:9/control", "127.0.0.2"), TOKEN, Map.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("--spawn");
        assertThatThrownBy(() -> Spare.configFor(new WorldAssignMessage(
                new WorldSpec("No Such World", null, null, null, 0, 24, "nearest", 30_000), ASSIGNED_SECRET),
                spareArgs("ws://127.0.0.1:9/control", "127.0.0.2"), TOKEN, Map.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("--world-id");
    }

    /** What the director's spare command line passes after {@code --spare} (see WorldProcessLauncher). */
    static List<String> spareArgs(String controlUrl, String bind) {
        return List.of("--control-url", controlUrl, "--bind", bind, "--game-port", "0", "--max-snapshot-bytes",
                "65536");
    }
}
