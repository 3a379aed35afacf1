package lor.director.world;

import static org.assertj.core.api.Assertions.assertThat;

import lor.director.world.lease.SpawnRecord;
import lor.director.world.process.PublishedEndpoint;
import lor.director.world.process.UnpipedProcess;
import org.junit.jupiter.api.Test;

/** Where a join sends the player: the public host, a reverse proxy's template, or a GameServer's own address. */
class GameAddressesTest {

    private final WorldInstance world = new WorldInstance("start", "Start",
            WorldSettings.parse("start", "{\"map\":\"start\"}"), 0);

    @Test
    void thePublicHostAndTheRegisteredPortByDefaultAndWssWithTls() {
        GameAddresses addresses = new GameAddresses("play.example.org");
        WorldProcess p = registered(41_000, null);

        assertThat(addresses.targetOf(world, p).gameUrl()).isEqualTo("ws://play.example.org:41000/game");
        addresses.useTls();
        assertThat(addresses.targetOf(world, p).gameUrl()).isEqualTo("wss://play.example.org:41000/game");
        assertThat(new GameAddresses("::1").targetOf(world, p).gameUrl()).isEqualTo("ws://[::1]:41000/game");
    }

    @Test
    void aTemplateNamesTheProxyWithThePortAndTheWorld() {
        GameAddresses addresses = new GameAddresses("127.0.0.1");
        addresses.useTemplate("wss://play.example.org/worlds/{port}/game?w={world}");

        assertThat(addresses.targetOf(world, registered(9003, null)).gameUrl())
                .isEqualTo("wss://play.example.org/worlds/9003/game?w=start");
    }

    @Test
    void aProcessWithAnAddressOfItsOwnIsReachedThereOverWssWithTls() {
        GameAddresses addresses = new GameAddresses("127.0.0.1");
        WorldProcess gameServer = registered(7654, new PublishedEndpoint.Address("10.0.0.7", 7031));

        assertThat(addresses.targetOf(world, gameServer).gameUrl()).isEqualTo("ws://10.0.0.7:7031/game");
        addresses.useTls();
        assertThat(addresses.targetOf(world, gameServer).gameUrl()).isEqualTo("wss://10.0.0.7:7031/game");
    }

    @Test
    void aTemplateNamesTheProxyWithTheAddressOfAProcessThatHasOne() {
        GameAddresses addresses = new GameAddresses("127.0.0.1");
        addresses.useTemplate("wss://play.example.org/worlds/{host}/{port}/game?w={world}");

        assertThat(addresses.targetOf(world, registered(7654, new PublishedEndpoint.Address("node-7.example.org",
                7031))).gameUrl()).as("the GameServer's node and host port, not its container port")
                .isEqualTo("wss://play.example.org/worlds/node-7.example.org/7031/game?w=start");
        assertThat(addresses.targetOf(world, registered(9003, null)).gameUrl()).as("elsewhere the public host")
                .isEqualTo("wss://play.example.org/worlds/127.0.0.1/9003/game?w=start");
    }

    @Test
    void aProcessThisDirectorStartedTakesNamesAndAnAdoptedOneDoesNot() {
        GameAddresses addresses = new GameAddresses("127.0.0.1");
        WorldProcess started = registered(41_000, null);
        WorldProcess adopted = WorldProcess.adopt(world, new SpawnRecord("start", 1, 7, null, 41_001, new byte[32],
                "an-earlier-director", null), new Published(null), 7);
        adopted.registered(new CapturingControlChannel(), 41_001, 7);

        assertThat(addresses.targetOf(world, started).takesNames()).isTrue();
        assertThat(addresses.targetOf(world, adopted).takesNames())
                .as("left running by an earlier director: maybe a world server from before v2 tickets").isFalse();
    }

    private WorldProcess registered(int gamePort, PublishedEndpoint.Address published) {
        WorldProcess p = WorldProcess.spawn(world);
        p.launched(new Published(published));
        p.registered(new CapturingControlChannel(), gamePort, 0);
        return p;
    }

    /** A process that says where players reach it. */
    private static final class Published extends UnpipedProcess implements PublishedEndpoint {
        private final Address address;

        Published(Address address) {
            this.address = address;
        }

        @Override
        public Address publishedAddress() {
            return address;
        }

        @Override
        public long pid() {
            // Not this host's, as a GameServer's.
            return 0;
        }

        @Override
        public int waitFor() {
            return 0;
        }

        @Override
        public int exitValue() {
            return 0;
        }

        @Override
        public void destroy() {
        }
    }
}
