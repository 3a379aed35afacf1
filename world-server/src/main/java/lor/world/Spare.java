package lor.world;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import lor.protocol.JsonPayload;
import lor.protocol.Message;
import lor.protocol.MessageCodec;
import lor.protocol.ProtocolException;
import lor.protocol.control.ControlMessages;
import lor.protocol.control.WorldAssignMessage;
import lor.protocol.control.WorldHydrateMessage;
import lor.protocol.control.WorldSpec;
import lor.protocol.ticket.Secrets;
import lor.protocol.ticket.Ticket;
import lor.protocol.ticket.TicketException;
import lor.protocol.ticket.TicketSigner;
import lor.sim.content.RuleRegistry;
import lor.sim.grid.BenchMap;
import lor.sim.world.PlayerRecord;
import lor.sim.world.World;
import lor.sim.world.WorldSnapshot;
import lor.world.agones.AgonesConfig;
import lor.world.content.ContentPacks;
import lor.world.control.ControlLink;
import lor.world.game.GameAdmission;
import lor.world.game.GameEntry;
import lor.world.game.PlayerConnection;
import lor.world.game.TicketGate;
import lor.world.sim.WorldLoop;
import lor.world.snapshot.SnapshotCodec;
import lor.world.snapshot.SnapshotOutbox;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * A warm spare: a world-server JVM started before any world needs it. It binds its game endpoint, connects to the
 * director as a spare and exercises the classes a world start needs while it waits; when the director assigns it a
 * world it builds that world on what is already running and registers as it on the same connection. What a join
 * then waits for is a hydration, not a JVM start.
 */
final class Spare {

    private static final Logger LOG = LoggerFactory.getLogger(Spare.class);

    /** The world id the spare's provisional configuration carries; never registered. */
    static final String NO_WORLD_YET = "spare";

    /** Players in the warm-up's snapshot: as many as a busy world keeps. */
    static final int WARM_UP_PLAYERS = 2_000;

    /** The warm-up world's director: there is none, so nothing is ever sent. */
    private static final ControlLink NO_DIRECTOR = new ControlLink() {
        @Override
        public boolean send(Message message) {
            return false;
        }

        @Override
        public boolean sendIfWritable(Message message) {
            return false;
        }

        @Override
        public boolean sendText(String json) {
            return false;
        }
    };

    private final List<String> spareArgs;
    private final String spawnToken;
    private final Map<String, String> environment;
    private final WorldHost host;
    private final CompletableFuture<WorldAssignMessage> assignment;

    private Spare(List<String> spareArgs, String spawnToken, Map<String, String> environment, WorldHost host) {
        this.spareArgs = spareArgs;
        this.spawnToken = spawnToken;
        this.environment = environment;
        this.host = host;
        this.assignment = host.control().startAsSpare();
        // Under Agones, a spare waiting for its world is alive as long as its process is: it has no tick to vouch
        // for. It does not report Ready: its world is not there yet (see WorldServer#hydrate).
        host.agones().healthWhile(() -> true);
    }

    /**
     * Binds the game endpoint, warms up, and only then registers as a spare: a spare the director counts as ready
     * is one whose assignment costs no class loading.
     *
     * @param spareArgs   the spare's command line after {@code --spare}: world options but {@code --world-id}
     * @param environment the process environment; a world reads only its Agones SDK port from it
     * @param warmUp      whether to warm up first (tests skip it)
     * @throws IllegalArgumentException when those options are bad
     */
    static Spare start(List<String> spareArgs, String spawnToken, Map<String, String> environment, boolean warmUp)
            throws Exception {
        Map<String, String> worldEnvironment = AgonesConfig.environment(environment);
        WorldHost host = WorldHost.start(provisionalConfig(spareArgs, spawnToken, worldEnvironment));
        try {
            if (warmUp) {
                warmUp();
                warmGameEndpoint(host);
            }
        } catch (Exception | Error e) {
            host.release();
            throw e;
        }
        Spare spare = new Spare(spareArgs, spawnToken, worldEnvironment, host);
        LOG.info("warm spare listening on game port {}, registering with the director", host.gameServer().port());
        return spare;
    }

    /** The director's assignment; fails if it refused the spare or hung up. */
    CompletableFuture<WorldAssignMessage> assignment() {
        return assignment;
    }

    int gamePort() {
        return host.gameServer().port();
    }

    /** Builds the assigned world on this spare's host; it registers on the spare's control connection. */
    WorldServer become(WorldAssignMessage assign) {
        return WorldServer.startOnSpare(configFor(assign, spareArgs, spawnToken, environment), host);
    }

    /** Stops the spare's threads and connection (it cannot become its world). */
    void release() {
        host.release();
    }

    /**
     * Stops a spare that ends without a world and without a failure (a signal, or the director let it go): under
     * Agones, its game server is done and says so, or Kubernetes would start the container again.
     */
    void retire() {
        host.shutDownAgones();
        host.release();
    }

    /**
     * The configuration a world started from this assignment has: the spare's own options followed by the assigned
     * world's, the very arguments the director would have spawned it with, read as a spawned world reads them.
     */
    static WorldConfig configFor(WorldAssignMessage assign, List<String> spareArgs, String spawnToken,
                                 Map<String, String> environment) {
        List<String> args = new ArrayList<>(spareArgs);
        args.addAll(assign.spec().toArguments());
        return WorldConfig.parse(args.toArray(String[]::new), withSecrets(environment, spawnToken,
                assign.ticketSecret()));
    }

    /**
     * The spare's network settings as a world configuration. The host reads only its address, ports, limits and
     * spawn token; the world id and ticket secret are placeholders that no world and no gate ever uses.
     */
    static WorldConfig provisionalConfig(List<String> spareArgs, String spawnToken,
                                         Map<String, String> environment) {
        List<String> args = new ArrayList<>(spareArgs);
        args.addAll(List.of("--world-id", NO_WORLD_YET));
        return WorldConfig.parse(args.toArray(String[]::new), withSecrets(environment, spawnToken,
                Secrets.random256()));
    }

    private static Map<String, String> withSecrets(Map<String, String> environment, String spawnToken,
                                                   String ticketSecret) {
        Map<String, String> env = new HashMap<>(environment);
        env.put(WorldConfig.ENV_SPAWN_TOKEN, spawnToken);
        env.put(WorldConfig.ENV_TICKET_SECRET, ticketSecret);
        return env;
    }

    /**
     * Runs once, on a throwaway world of the bench map, what becoming a world runs (map and its frame, hydration
     * from a snapshot with entities, ticks with broadcasts) and loads the shipped maps, so that the assigned world
     * starts on loaded classes and compiled code.
     */
    static void warmUp() throws TicketException, ProtocolException {
        long start = System.nanoTime();
        World sample = World.create(BenchMap.grid(), 1);
        sample.addNpcs(64);
        for (int i = 0; i < 50; i++) {
            sample.step();
            sample.markPositions();
        }
        ObjectNode state = SnapshotCodec.encode(withKnownPlayers(sample.snapshot()));
        WorldConfig config = warmUpConfig(Maps.BENCH);
        WorldRuntime runtime = throwawayRuntime(config);
        runtime.hydrate(1, state);
        WorldLoop loop = new WorldLoop(config.worldId(), 1, runtime);
        for (int i = 0; i < 2 * WorldLoop.TICK_RATE; i++) {
            runtime.tick(loop);
        }
        // What the director sends a spare, read as the world reads it: decoding world_assign for the first time
        // took 15 ms of the assignment (class loading and linking), 1-3 ms after this.
        MessageCodec fromDirector = ControlMessages.directorCodec();
        MessageCodec asWorld = ControlMessages.worldCodec();
        asWorld.decode(fromDirector.encode(new WorldAssignMessage(new WorldSpec(config.worldId(), Maps.BENCH, null,
                null, 16, 16, "hashed", 30_000), Secrets.random256())));
        asWorld.decode(fromDirector.encode(new WorldHydrateMessage(config.worldId(), 1, JsonPayload.of(state))));
        // The assigned world's ticket gate: the first HMAC and secure random of a JVM load their providers.
        TicketSigner signer = TicketSigner.fromEncodedSecret(Secrets.random256());
        long now = System.currentTimeMillis();
        signer.verify(signer.sign(new Ticket(1, config.worldId(), now + 60_000, "warm-up")), config.worldId(), now);
        for (String name : List.of("start", "cellar", "meadow", "elements")) {
            try {
                Maps.load(warmUpConfig(name));
            } catch (RuntimeException e) {
                LOG.debug("warm-up could not load map {}: {}", name, e.toString());
            }
        }
        // The shipped content pack, read and compiled once per process: the world that names it finds it ready.
        try {
            ContentPacks.load("default", null, RuleRegistry.empty());
        } catch (RuntimeException e) {
            LOG.debug("warm-up could not load the default content pack: {}", e.toString());
        }
        LOG.info("warm-up done in {} ms", (System.nanoTime() - start) / 1_000_000);
    }

    /**
     * One player through the host's own game endpoint into a throwaway world, before the spare registers (so before
     * any real player can be sent here): see {@link LoopbackPlayer}. The throwaway world has no tick thread; the
     * connection's event loop admits the one player itself.
     *
     * @return whether the player got its welcome; a spare without it still works, its first player only waits longer
     */
    static boolean warmGameEndpoint(WorldHost host) {
        long start = System.nanoTime();
        WorldConfig config = warmUpConfig(Maps.BENCH);
        WorldRuntime runtime = throwawayRuntime(config);
        runtime.hydrate(0, null);
        TicketSigner signer = TicketSigner.fromEncodedSecret(config.ticketSecret());
        GameAdmission direct = new GameAdmission() {
            @Override
            public boolean admit(PlayerConnection connection, Ticket ticket, boolean binary, boolean names,
                                 Object ref) {
                runtime.admit(connection, ticket, binary, names, ref);
                return true;
            }

            @Override
            public void leave(PlayerConnection connection, boolean clean) {
                runtime.leave(connection);
            }
        };
        host.open(new GameEntry(new TicketGate(signer, config.worldId(), System::currentTimeMillis), direct,
                config.intentsPerSecond()));
        try {
            String ticket = signer.sign(new Ticket(1, config.worldId(), System.currentTimeMillis() + 60_000,
                    "loopback"));
            LoopbackPlayer.enterAndLeave(host.gameServer().port(), ticket, host.loopbackSockets());
            LOG.info("game endpoint warmed up by a loopback player in {} ms", (System.nanoTime() - start) / 1_000_000);
            return true;
        } catch (IOException e) {
            LOG.warn("warm-up of the game endpoint failed: {}", e.getMessage());
            return false;
        } finally {
            host.open(null);
        }
    }

    /**
     * The warm-up's snapshot with {@value #WARM_UP_PLAYERS} players more. A world keeps the place of every player
     * who visited it, so a real snapshot lists thousands (the bench world's, after a 2,000-bot run); reading that
     * many for the first time, on code not yet compiled, took about 100 ms of a warm-spare join when they were JSON.
     */
    private static WorldSnapshot withKnownPlayers(WorldSnapshot snapshot) {
        List<PlayerRecord> players = new ArrayList<>(snapshot.players());
        for (int i = 0; i < WARM_UP_PLAYERS; i++) {
            players.add(new PlayerRecord(1_000_000 + i, i % 200, i / 200, 0));
        }
        return new WorldSnapshot(snapshot.tick(), snapshot.nextEntityId(), players, snapshot.inventories(),
                snapshot.objects());
    }

    /** A world of the warm-up's own: no director hears of it, and nothing it would send goes anywhere. */
    private static WorldRuntime throwawayRuntime(WorldConfig config) {
        return new WorldRuntime(config, Maps.load(config), NO_DIRECTOR,
                new SnapshotOutbox(config.worldId(), NO_DIRECTOR, Runnable::run), reason -> { });
    }

    private static WorldConfig warmUpConfig(String map) {
        return WorldConfig.parse(new String[] {"--world-id", "warmup", "--control-url", "ws://127.0.0.1:1/",
            "--map", map, "--npcs", "16"}, Map.of(WorldConfig.ENV_SPAWN_TOKEN, "t",
                WorldConfig.ENV_TICKET_SECRET, Secrets.random256()));
    }
}
