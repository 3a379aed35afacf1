package lor.world;

import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;

import lor.protocol.control.ObjectSeed;
import lor.protocol.control.WorldSpec;
import lor.protocol.netty.HttpDeadlines;
import lor.protocol.netty.KeepAlive;
import lor.protocol.netty.NetworkGuards;
import lor.protocol.netty.PortRange;
import lor.protocol.options.Option;
import lor.protocol.options.OptionSet;
import lor.protocol.options.OptionValues;
import lor.protocol.options.Readers;
import lor.sim.grid.GridSize;
import lor.sim.world.World;
import lor.world.agones.AgonesConfig;

/**
 * Everything a world process is started with. Non-secret settings come from the command line, so that {@code ps}
 * shows which world a process serves; the spawn token and the ticket secret come only from the environment.
 * {@code world} is the world's id and settings, read from their options as {@link WorldSpec} declares them (a warm
 * spare gets the same in {@code world_assign}); the rest are the process's own. {@code agones} is null unless the
 * process runs as an Agones game server ({@code --agones}). {@code controlUrls} lists the directors it may register
 * with, the one that spawned it first.
 */
public record WorldConfig(WorldSpec world, List<URI> controlUrls, String bindAddress, PortRange gamePorts,
                          GridSize grid, Path contentDir, Path modulesDir, int intentsPerSecond,
                          long shutdownAckTimeoutMs, long maxSnapshotBytes, long pingIntervalMs,
                          long clientTimeoutMs, long reconnectWindowMs, String spawnToken, String ticketSecret,
                          NetworkGuards guards, Path tlsCert, Path tlsKey, AgonesConfig agones) {

    public static final String ENV_SPAWN_TOKEN = "LOR_SPAWN_TOKEN";
    public static final String ENV_TICKET_SECRET = "LOR_TICKET_SECRET";

    /** The director's ticket secrets are 256 random bits; a shorter key would make tickets guessable. */
    static final int MIN_TICKET_SECRET_BYTES = 32;

    private static final long MAX_INTERVAL_MS = WorldSpec.MAX_INTERVAL_MS;

    // Readers that are classes rather than lambdas: a world reads its options first thing (see Readers).
    private static final Option.Reader<List<URI>> URL_LIST = new Option.Reader<>() {
        @Override
        public List<URI> read(String option, String text) {
            return ControlUrls.parse(text);
        }
    };
    private static final Option.Reader<PortRange> PORTS = new Option.Reader<>() {
        @Override
        public PortRange read(String option, String text) {
            return PortRange.parse(option, text);
        }
    };
    private static final Option.Reader<GridSize> GRID_SIZE = new Option.Reader<>() {
        @Override
        public GridSize read(String option, String text) {
            return parseGrid(option, text);
        }
    };
    private static final Option.Reader<List<String>> ORIGINS = new Option.Reader<>() {
        @Override
        public List<String> read(String option, String text) {
            return parseOrigins(text);
        }
    };

    static final Option<List<URI>> CONTROL_URLS = Option.of(ControlUrls.OPTION, "URL,…", URL_LIST)
            .help("the /control of the director that spawned this world, then those of the other directors on its "
                    + "database (at most 16, all ws:// or all wss://): when its director goes away the world "
                    + "registers with another one");
    static final Option<String> BIND = Option.text("--bind", "ADDR").defaultValue("127.0.0.1")
            .help("address for the game endpoint");
    static final Option<PortRange> GAME_PORTS = Option.of("--game-port", "N", PORTS)
            .defaultValue(PortRange.ANY, "0").help("port for the game endpoint, 0 = any free port")
            .alias("--game-ports", "FROM-TO", "the first free port of this range instead (the director's "
                    + "--game-ports)");
    static final Option<GridSize> GRID = Option.of("--grid", "WxHxL", GRID_SIZE)
            .defaultValue(new GridSize(64, 64, 1), "64x64x1").help("size of the open floor used without --map");
    static final Option<Path> CONTENT_DIR = Option.of("--content-dir", "DIR", Readers.PATH)
            .help("where studio-edited packs live (NAME.json, .yaml, .yml); a pack found there shadows the one of "
                    + "that name shipped in this jar");
    static final Option<Path> MODULES_DIR = Option.of("--modules-dir", "DIR", Readers.PATH)
            .help("where a studio's game modules live (*.jar): a world loads those its content pack names, beside "
                    + "the ones built into this jar");
    static final Option<Integer> INTENT_RATE = Option.of("--intent-rate", "N", Readers.intIn(1, 1000))
            .defaultValue(20).help("move intents per second a connection may send");
    static final Option<Long> SHUTDOWN_ACK_TIMEOUT = Option.of("--shutdown-ack-timeout-ms", "N",
            Readers.longIn(100, MAX_INTERVAL_MS)).defaultValue(30_000L)
            .help("how long shutdown waits for the final snapshot's ack");
    static final Option<Long> MAX_SNAPSHOT_BYTES = Option.of("--max-snapshot-bytes", "N",
            Readers.longIn(64 * 1024, Integer.MAX_VALUE)).defaultValue(256L * 1024 * 1024)
            .help("largest control message accepted");
    static final Option<Integer> MAX_CONNECTIONS = Option.of(NetworkGuards.MAX_CONNECTIONS_OPTION, "N",
            Readers.intIn(0, 1_000_000)).defaultValue(NetworkGuards.DEFAULT_MAX_CONNECTIONS_PER_ADDRESS)
            .help("open game connections per address (default {default}; 0 = unlimited)");
    static final Option<Integer> MAX_NEW_CONNECTIONS = Option.of(NetworkGuards.MAX_NEW_CONNECTIONS_OPTION, "N",
            Readers.intIn(0, 1_000_000)).defaultValue(NetworkGuards.DEFAULT_MAX_NEW_CONNECTIONS_PER_SECOND)
            .help("new game connections per second per address (default {default}; 0 = unlimited)");
    static final Option<Long> HANDSHAKE_TIMEOUT = Option.of(NetworkGuards.HANDSHAKE_TIMEOUT_OPTION, "N",
            Readers.longIn(100, 600_000)).defaultValue(HttpDeadlines.DEFAULT_HANDSHAKE_TIMEOUT_MS)
            .help("a game connection must have upgraded within this time");
    static final Option<List<String>> ALLOWED_ORIGINS = Option.of(NetworkGuards.ALLOWED_ORIGINS_OPTION, "a,b,…",
            ORIGINS).defaultDescribed(List.of(), "none; requests without Origin are always allowed")
            .help("browser origins allowed to open /game");
    static final Option<Long> PING_INTERVAL = Option.of("--ping-interval-ms", "N",
            Readers.longIn(10, MAX_INTERVAL_MS)).defaultValue(10_000L)
            .help("time between two pings of a game connection");
    static final Option<Long> CLIENT_TIMEOUT = Option.of("--client-timeout-ms", "N",
            Readers.longIn(20, MAX_INTERVAL_MS)).defaultValue(30_000L)
            .help("a game connection silent for this long is closed");
    static final Option<Long> RECONNECT_WINDOW = Option.of("--reconnect-window-ms", "N",
            Readers.longIn(0, MAX_INTERVAL_MS)).defaultValue(30_000L)
            .help("how long a player whose connection was lost stays in the world, waiting for a new ticket of the "
                    + "same account (default {default}; 0 = none)");
    static final Option<Path> TLS_CERT = Option.of("--tls-cert", "FILE", Readers.ABSOLUTE_PATH)
            .help("PEM certificate chain: serve /game over wss; also the one certificate trusted on a wss:// "
                    + "--control-url (needs --tls-key)");
    static final Option<Path> TLS_KEY = Option.of("--tls-key", "FILE", Readers.ABSOLUTE_PATH)
            .help("its unencrypted PKCS#8 PEM private key");
    /** The one switch: this process is an Agones game server (see {@link #agones}). */
    static final Option<Boolean> AGONES = Option.flag("--agones")
            .help("this process is an Agones game server of its own (one world per pod): report Ready once "
                    + "hydrated, Health while the tick runs and Shutdown after the final snapshot is acknowledged "
                    + "to the SDK sidecar at http://localhost:$AGONES_SDK_HTTP_PORT/ (default port "
                    + AgonesConfig.DEFAULT_HTTP_PORT + ")");
    static final Option<String> AGONES_SDK_HOST = Option.text("--agones-sdk-host", "HOST")
            .help("where that sidecar listens instead of localhost (needs --agones)");
    static final Option<Long> AGONES_HEALTH_INTERVAL = Option.of("--agones-health-interval-ms", "N",
            Readers.longIn(10, 60_000)).defaultValue(AgonesConfig.DEFAULT_HEALTH_INTERVAL_MS)
            .help("time between two health pings (default {default}; needs --agones)");

    private static final OptionSet OPTIONS = options();

    private static OptionSet options() {
        List<Option<?>> options = new ArrayList<>(WorldSpec.options());
        options.addAll(List.of(CONTROL_URLS, BIND, GAME_PORTS, GRID, CONTENT_DIR, MODULES_DIR, INTENT_RATE,
                SHUTDOWN_ACK_TIMEOUT, MAX_SNAPSHOT_BYTES, MAX_CONNECTIONS, MAX_NEW_CONNECTIONS, HANDSHAKE_TIMEOUT,
                ALLOWED_ORIGINS, PING_INTERVAL, CLIENT_TIMEOUT, RECONNECT_WINDOW, TLS_CERT, TLS_KEY, AGONES,
                AGONES_SDK_HOST, AGONES_HEALTH_INTERVAL));
        return OptionSet.of(options).helpColumn(30).header("""
                usage: java -jar world-server.jar --world-id ID --control-url ws://HOST:PORT/control[,…] [options]
                  (started by the director; not meant to be run by hand)
                """).footer("""
                environment: LOR_SPAWN_TOKEN and LOR_TICKET_SECRET (required; the ticket secret is URL-safe base64 of
                             at least 256 bits); AGONES_SDK_HTTP_PORT (set by Agones; read with --agones only)""");
    }

    /** Every option with its default and help line; written only when a start fails, so built only then. */
    static String usage() {
        return OPTIONS.usage();
    }

    public static WorldConfig parse(String[] args, Map<String, String> env) {
        OptionValues values = OPTIONS.parse(args, Map.of());
        WorldSpec world = WorldSpec.from(values);
        List<URI> controlUrls = values.get(CONTROL_URLS);
        if (controlUrls == null) {
            throw new IllegalArgumentException("--control-url is required");
        }
        Path tlsCert = values.get(TLS_CERT);
        Path tlsKey = values.get(TLS_KEY);
        if ((tlsCert == null) != (tlsKey == null)) {
            throw new IllegalArgumentException("--tls-cert and --tls-key go together: give both or neither");
        }
        if (controlUrls.get(0).getScheme().equals("wss") && tlsCert == null) {
            throw new IllegalArgumentException("a wss:// --control-url needs --tls-cert: the one certificate trusted");
        }
        if (world.seedObjects() != null && world.content() == null) {
            throw new IllegalArgumentException("--seed-objects needs --content: the kind comes from the pack");
        }
        long pingIntervalMs = values.get(PING_INTERVAL);
        long clientTimeoutMs = values.get(CLIENT_TIMEOUT);
        if (pingIntervalMs >= clientTimeoutMs) {
            throw new IllegalArgumentException("--ping-interval-ms must be shorter than --client-timeout-ms");
        }
        String spawnToken = env.get(ENV_SPAWN_TOKEN);
        String ticketSecret = env.get(ENV_TICKET_SECRET);
        if (spawnToken == null || spawnToken.isBlank() || ticketSecret == null || ticketSecret.isBlank()) {
            throw new IllegalArgumentException(ENV_SPAWN_TOKEN + " and " + ENV_TICKET_SECRET + " must be set");
        }
        requireStrongTicketSecret(ticketSecret);
        boolean agones = values.get(AGONES);
        if (!agones && (values.has(AGONES_SDK_HOST) || values.has(AGONES_HEALTH_INTERVAL))) {
            throw new IllegalArgumentException("--agones-sdk-host and --agones-health-interval-ms need --agones");
        }
        // The environment alone does not make a game server: a director run inside an Agones pod would hand its
        // AGONES_SDK_HTTP_PORT to every world it spawns, and the first world to stop would shut the pod down.
        AgonesConfig agonesConfig = !agones ? null : AgonesConfig.of(
                values.has(AGONES_SDK_HOST) ? values.get(AGONES_SDK_HOST) : AgonesConfig.DEFAULT_HOST, env,
                values.get(AGONES_HEALTH_INTERVAL));
        return new WorldConfig(world, controlUrls, values.get(BIND), values.get(GAME_PORTS), values.get(GRID),
                values.get(CONTENT_DIR), values.get(MODULES_DIR), values.get(INTENT_RATE),
                values.get(SHUTDOWN_ACK_TIMEOUT), values.get(MAX_SNAPSHOT_BYTES), pingIntervalMs, clientTimeoutMs,
                values.get(RECONNECT_WINDOW), spawnToken, ticketSecret,
                new NetworkGuards(values.get(MAX_CONNECTIONS), values.get(MAX_NEW_CONNECTIONS),
                        values.get(HANDSHAKE_TIMEOUT), values.get(ALLOWED_ORIGINS)), tlsCert, tlsKey, agonesConfig);
    }

    public String worldId() {
        return world.worldId();
    }

    public String map() {
        return world.map();
    }

    public String content() {
        return world.content();
    }

    public ObjectSeed seedObjects() {
        return world.seedObjects();
    }

    public int npcs() {
        return world.npcs();
    }

    public int viewRadius() {
        return world.viewRadius();
    }

    public long snapshotIntervalMs() {
        return world.snapshotIntervalMs();
    }

    public World.SpawnRule spawnRule() {
        return world.spawn().equals("hashed") ? World.SpawnRule.HASHED : World.SpawnRule.NEAREST_TO_SPAWN_POINT;
    }

    /** The director that spawned this world: the first it registers with. */
    public URI controlUrl() {
        return controlUrls.get(0);
    }

    /** Whether /game speaks TLS. */
    public boolean tls() {
        return tlsCert != null;
    }

    /** Ticks between two periodic snapshots at the given tick rate (at least one). */
    public long snapshotIntervalTicks(int tickRate) {
        return Math.max(1, world.snapshotIntervalMs() * tickRate / 1000);
    }

    /** Ticks a lost player is held for (rounded up: a window never ends early). */
    public long reconnectWindowTicks(int tickRate) {
        return (reconnectWindowMs * tickRate + 999) / 1000;
    }

    /** How the game endpoint pings its connections and when it gives up on a silent one. */
    public KeepAlive.Settings keepAlive() {
        return KeepAlive.Settings.ofMillis(pingIntervalMs, clientTimeoutMs);
    }

    /** Written out field by field: a record's own toString is bootstrapped through method handles, which cost a
     * cold world process tens of milliseconds before its first log line. */
    @Override
    public String toString() {
        return "WorldConfig[worldId=" + worldId() + ", controlUrls=" + controlUrls + ", bind=" + bindAddress
                + ", gamePorts=" + gamePorts + ", snapshotIntervalMs=" + snapshotIntervalMs()
                + ", grid=" + grid.width() + "x" + grid.height() + "x" + grid.layers()
                + ", map=" + map() + ", content=" + content() + ", contentDir=" + contentDir
                + ", modulesDir=" + modulesDir
                + ", seedObjects=" + (seedObjects() == null ? null : seedObjects().toArgument()) + ", npcs=" + npcs()
                + ", viewRadius=" + viewRadius()
                + ", intentsPerSecond=" + intentsPerSecond + ", spawn=" + spawnRule()
                + ", shutdownAckTimeoutMs=" + shutdownAckTimeoutMs + ", maxSnapshotBytes=" + maxSnapshotBytes
                + ", pingIntervalMs=" + pingIntervalMs + ", clientTimeoutMs=" + clientTimeoutMs
                + ", reconnectWindowMs=" + reconnectWindowMs
                + ", maxConnectionsPerAddress=" + guards.maxConnectionsPerAddress()
                + ", maxNewConnectionsPerSecond=" + guards.maxNewConnectionsPerSecond()
                + ", handshakeTimeoutMs=" + guards.handshakeTimeoutMs() + ", allowedOrigins=" + guards.allowedOrigins()
                + ", tls=" + (tls() ? "cert " + tlsCert + ", key " + tlsKey : "off")
                + ", agones=" + (agones == null ? "off" : agones.sdkUrl() + " health every "
                + agones.healthIntervalMs() + " ms") + ", secrets=<redacted>]";
    }

    private static List<String> parseOrigins(String value) {
        try {
            return NetworkGuards.parseOrigins(value);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(NetworkGuards.ALLOWED_ORIGINS_OPTION + ": " + e.getMessage());
        }
    }

    /** Refuses to admit players under a weak key; the message never shows the value. */
    static void requireStrongTicketSecret(String secret) {
        byte[] key;
        try {
            key = Base64.getUrlDecoder().decode(secret);
        } catch (IllegalArgumentException e) {
            key = new byte[0];
        }
        if (key.length < MIN_TICKET_SECRET_BYTES) {
            throw new IllegalArgumentException(ENV_TICKET_SECRET + " must be URL-safe base64 of at least "
                    + MIN_TICKET_SECRET_BYTES * 8 + " bits; refusing to start without a strong ticket secret");
        }
    }

    private static GridSize parseGrid(String option, String value) {
        String[] parts = value.split("x", -1);
        if (parts.length != 3) {
            throw new IllegalArgumentException(option + " must look like 64x64x1");
        }
        Option.Reader<Integer> side = Readers.intIn(1, GridSize.MAX_SIDE);
        return new GridSize(side.read(option, parts[0]), side.read(option, parts[1]),
                Readers.intIn(1, GridSize.MAX_LAYERS).read(option, parts[2]));
    }
}
