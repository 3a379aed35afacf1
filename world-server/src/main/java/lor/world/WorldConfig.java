package lor.world;

import java.net.URI;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.Map;

import lor.protocol.control.ObjectSeed;
import lor.protocol.netty.KeepAlive;
import lor.protocol.netty.NetworkGuards;
import lor.protocol.netty.PortRange;
import lor.sim.grid.GridSize;
import lor.sim.world.World;
import lor.world.agones.AgonesConfig;

/**
 * Everything a world process is started with. Non-secret settings come from the command line, so that {@code ps}
 * shows which world a process serves; the spawn token and the ticket secret come only from the environment.
 * {@code agones} is null unless the process runs as an Agones game server ({@code --agones}). {@code controlUrls}
 * lists the directors it may register with, the one that spawned it first.
 */
public record WorldConfig(String worldId, List<URI> controlUrls, String bindAddress, PortRange gamePorts,
                          long snapshotIntervalMs,
                          GridSize grid, String map, String content, Path contentDir, ObjectSeed seedObjects,
                          int npcs, int viewRadius,
                          int intentsPerSecond,
                          World.SpawnRule spawnRule,
                          long shutdownAckTimeoutMs, long maxSnapshotBytes, long pingIntervalMs,
                          long clientTimeoutMs, long reconnectWindowMs, String spawnToken, String ticketSecret,
                          NetworkGuards guards, Path tlsCert, Path tlsKey, AgonesConfig agones) {

    public static final String ENV_SPAWN_TOKEN = "LOR_SPAWN_TOKEN";
    public static final String ENV_TICKET_SECRET = "LOR_TICKET_SECRET";

    /** The one option without a value: this process is an Agones game server (see {@link #agones}). */
    static final String AGONES_OPTION = "--agones";

    /** The director's ticket secrets are 256 random bits; a shorter key would make tickets guessable. */
    static final int MIN_TICKET_SECRET_BYTES = 32;

    /** One day: the longest interval or timeout accepted, far from any overflow in tick arithmetic. */
    static final long MAX_INTERVAL_MS = 86_400_000L;

    static final String USAGE = """
            usage: java -jar world-server.jar --world-id ID --control-url ws://HOST:PORT/control[,…] [options]
              (started by the director; not meant to be run by hand)
              --control-url URL,…         the /control of the director that spawned this world, then those of the
                                          other directors on its database (at most 16, all ws:// or all wss://):
                                          when its director goes away the world registers with another one
              --bind ADDR                 address for the game endpoint (default 127.0.0.1)
              --game-port N               port for the game endpoint, 0 = any free port (default 0)
              --game-ports FROM-TO        the first free port of this range instead (the director's --game-ports)
              --snapshot-interval-ms N    time between periodic snapshots (default 30000)
              --map NAME                  load maps/NAME.map shipped in this jar (default: an open floor of --grid)
              --grid WxHxL                size of the open floor used without --map (default 64x64x1)
              --content NAME              the content pack the world plays (default: none, no objects)
              --content-dir DIR           where studio-edited packs live (NAME.json, .yaml, .yml); a pack found there
                                          shadows the one of that name shipped in this jar
              --seed-objects K:N:L        create the world with N objects of the pack's kind K on the free floor
                                          cells from layer L on (first hydration only; snapshots keep them after)
              --npcs N                    wandering NPCs (default 0)
              --view-radius N             cells a player sees in each direction (default 24)
              --intent-rate N             move intents per second a connection may send (default 20)
              --spawn nearest|hashed      where new players appear: nearest the map's spawn point (default), or
                                          the bench rule (hashed by join order, then the next free cell)
              --shutdown-ack-timeout-ms N how long shutdown waits for the final snapshot's ack (default 30000)
              --max-snapshot-bytes N      largest control message accepted (default 268435456)
              --max-connections-per-address N   open game connections per address (default 4096; 0 = unlimited)
              --max-new-connections-per-second N  new game connections per second per address (default 200;
                                          0 = unlimited)
              --handshake-timeout-ms N    a game connection must have upgraded within this time (default 10000)
              --allowed-origins a,b,…     browser origins allowed to open /game (default: none; requests without
                                          Origin are always allowed)
              --ping-interval-ms N        time between two pings of a game connection (default 10000)
              --client-timeout-ms N       a game connection silent for this long is closed (default 30000)
              --reconnect-window-ms N     how long a player whose connection was lost stays in the world,
                                          waiting for a new ticket of the same account (default 30000; 0 = none)
              --tls-cert FILE             PEM certificate chain: serve /game over wss; also the one certificate
                                          trusted on a wss:// --control-url (needs --tls-key)
              --tls-key FILE              its unencrypted PKCS#8 PEM private key
              --agones                    this process is an Agones game server of its own (one world per pod):
                                          report Ready once hydrated, Health while the tick runs and Shutdown
                                          after the final snapshot is acknowledged to the SDK sidecar at
                                          http://localhost:$AGONES_SDK_HTTP_PORT/ (default port 9358)
              --agones-sdk-host HOST      where that sidecar listens instead of localhost (needs --agones)
              --agones-health-interval-ms N  time between two health pings (default 2000; needs --agones)
            environment: LOR_SPAWN_TOKEN and LOR_TICKET_SECRET (required; the ticket secret is URL-safe base64 of
                         at least 256 bits); AGONES_SDK_HTTP_PORT (set by Agones; read with --agones only)""";

    public static WorldConfig parse(String[] args, Map<String, String> env) {
        String worldId = null;
        List<URI> controlUrls = null;
        String bind = "127.0.0.1";
        PortRange gamePorts = PortRange.ANY;
        long snapshotIntervalMs = 30_000;
        GridSize grid = new GridSize(64, 64, 1);
        String map = null;
        String content = null;
        Path contentDir = null;
        ObjectSeed seedObjects = null;
        int npcs = 0;
        int viewRadius = 24;
        int intentsPerSecond = 20;
        World.SpawnRule spawnRule = World.SpawnRule.NEAREST_TO_SPAWN_POINT;
        long shutdownAckTimeoutMs = 30_000;
        long maxSnapshotBytes = 256L * 1024 * 1024;
        NetworkGuards defaults = NetworkGuards.defaults();
        int maxConnectionsPerAddress = defaults.maxConnectionsPerAddress();
        int maxNewConnectionsPerSecond = defaults.maxNewConnectionsPerSecond();
        long handshakeTimeoutMs = defaults.handshakeTimeoutMs();
        List<String> allowedOrigins = defaults.allowedOrigins();
        long pingIntervalMs = 10_000;
        long clientTimeoutMs = 30_000;
        long reconnectWindowMs = 30_000;
        Path tlsCert = null;
        Path tlsKey = null;
        boolean agones = false;
        String agonesHost = null;
        Long agonesHealthIntervalMs = null;
        for (int i = 0; i < args.length; i++) {
            String option = args[i];
            if (option.equals(AGONES_OPTION)) {
                agones = true;
                continue;
            }
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException("option " + option + " needs a value");
            }
            String value = args[++i];
            switch (option) {
                case "--world-id" -> worldId = value;
                case ControlUrls.OPTION -> controlUrls = ControlUrls.parse(value);
                case "--bind" -> bind = value;
                case "--game-port", "--game-ports" -> gamePorts = PortRange.parse(option, value);
                case "--snapshot-interval-ms" -> snapshotIntervalMs = parseLong(option, value, 100, MAX_INTERVAL_MS);
                case "--grid" -> grid = parseGrid(value);
                case "--map" -> map = parseMapName(value);
                case "--content" -> content = parseName(option, value);
                case "--content-dir" -> contentDir = Path.of(value);
                case "--seed-objects" -> seedObjects = ObjectSeed.parse(value);
                case "--npcs" -> npcs = parseInt(option, value, 0, 1_000_000);
                case "--view-radius" -> viewRadius = parseInt(option, value, 1, 256);
                case "--intent-rate" -> intentsPerSecond = parseInt(option, value, 1, 1000);
                case "--spawn" -> spawnRule = switch (value) {
                    case "nearest" -> World.SpawnRule.NEAREST_TO_SPAWN_POINT;
                    case "hashed" -> World.SpawnRule.HASHED;
                    default -> throw new IllegalArgumentException("--spawn must be nearest or hashed");
                };
                case "--shutdown-ack-timeout-ms" ->
                        shutdownAckTimeoutMs = parseLong(option, value, 100, MAX_INTERVAL_MS);
                case "--max-snapshot-bytes" ->
                        maxSnapshotBytes = parseLong(option, value, 64 * 1024, Integer.MAX_VALUE);
                case NetworkGuards.MAX_CONNECTIONS_OPTION ->
                        maxConnectionsPerAddress = parseInt(option, value, 0, 1_000_000);
                case NetworkGuards.MAX_NEW_CONNECTIONS_OPTION ->
                        maxNewConnectionsPerSecond = parseInt(option, value, 0, 1_000_000);
                case NetworkGuards.HANDSHAKE_TIMEOUT_OPTION ->
                        handshakeTimeoutMs = parseLong(option, value, 100, 600_000);
                case NetworkGuards.ALLOWED_ORIGINS_OPTION -> allowedOrigins = parseOrigins(value);
                case "--ping-interval-ms" -> pingIntervalMs = parseLong(option, value, 10, MAX_INTERVAL_MS);
                case "--client-timeout-ms" -> clientTimeoutMs = parseLong(option, value, 20, MAX_INTERVAL_MS);
                case "--reconnect-window-ms" -> reconnectWindowMs = parseLong(option, value, 0, MAX_INTERVAL_MS);
                case "--tls-cert" -> tlsCert = Path.of(value).toAbsolutePath().normalize();
                case "--tls-key" -> tlsKey = Path.of(value).toAbsolutePath().normalize();
                case "--agones-sdk-host" -> agonesHost = value;
                case "--agones-health-interval-ms" -> agonesHealthIntervalMs = parseLong(option, value, 10, 60_000);
                default -> throw new IllegalArgumentException("unknown option " + option);
            }
        }
        if (worldId == null || !worldId.matches("[a-z0-9_-]{1,32}")) {
            throw new IllegalArgumentException("--world-id must be 1-32 of [a-z0-9_-]");
        }
        if (controlUrls == null) {
            throw new IllegalArgumentException("--control-url is required");
        }
        if ((tlsCert == null) != (tlsKey == null)) {
            throw new IllegalArgumentException("--tls-cert and --tls-key go together: give both or neither");
        }
        if (controlUrls.get(0).getScheme().equals("wss") && tlsCert == null) {
            throw new IllegalArgumentException("a wss:// --control-url needs --tls-cert: the one certificate trusted");
        }
        if (seedObjects != null && content == null) {
            throw new IllegalArgumentException("--seed-objects needs --content: the kind comes from the pack");
        }
        if (pingIntervalMs >= clientTimeoutMs) {
            throw new IllegalArgumentException("--ping-interval-ms must be shorter than --client-timeout-ms");
        }
        String spawnToken = env.get(ENV_SPAWN_TOKEN);
        String ticketSecret = env.get(ENV_TICKET_SECRET);
        if (spawnToken == null || spawnToken.isBlank() || ticketSecret == null || ticketSecret.isBlank()) {
            throw new IllegalArgumentException(ENV_SPAWN_TOKEN + " and " + ENV_TICKET_SECRET + " must be set");
        }
        requireStrongTicketSecret(ticketSecret);
        if (!agones && (agonesHost != null || agonesHealthIntervalMs != null)) {
            throw new IllegalArgumentException("--agones-sdk-host and --agones-health-interval-ms need --agones");
        }
        // The environment alone does not make a game server: a director run inside an Agones pod would hand its
        // AGONES_SDK_HTTP_PORT to every world it spawns, and the first world to stop would shut the pod down.
        AgonesConfig agonesConfig = !agones ? null : AgonesConfig.of(
                agonesHost == null ? AgonesConfig.DEFAULT_HOST : agonesHost, env,
                agonesHealthIntervalMs == null ? AgonesConfig.DEFAULT_HEALTH_INTERVAL_MS : agonesHealthIntervalMs);
        return new WorldConfig(worldId, controlUrls, bind, gamePorts, snapshotIntervalMs, grid, map, content,
                contentDir, seedObjects, npcs,
                viewRadius, intentsPerSecond, spawnRule, shutdownAckTimeoutMs, maxSnapshotBytes, pingIntervalMs,
                clientTimeoutMs, reconnectWindowMs, spawnToken, ticketSecret,
                new NetworkGuards(maxConnectionsPerAddress, maxNewConnectionsPerSecond, handshakeTimeoutMs,
                        allowedOrigins), tlsCert, tlsKey, agonesConfig);
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
        return Math.max(1, snapshotIntervalMs * tickRate / 1000);
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
        return "WorldConfig[worldId=" + worldId + ", controlUrls=" + controlUrls + ", bind=" + bindAddress
                + ", gamePorts=" + gamePorts + ", snapshotIntervalMs=" + snapshotIntervalMs
                + ", grid=" + grid.width() + "x" + grid.height() + "x" + grid.layers()
                + ", map=" + map + ", content=" + content + ", contentDir=" + contentDir
                + ", seedObjects=" + (seedObjects == null ? null : seedObjects.toArgument()) + ", npcs=" + npcs
                + ", viewRadius=" + viewRadius
                + ", intentsPerSecond=" + intentsPerSecond + ", spawn=" + spawnRule
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

    private static String parseMapName(String value) {
        return parseName("--map", value);
    }

    private static String parseName(String option, String value) {
        if (!value.matches("[a-z0-9_-]{1,32}")) {
            throw new IllegalArgumentException(option + " must be 1-32 of [a-z0-9_-]");
        }
        return value;
    }

    private static GridSize parseGrid(String value) {
        String[] parts = value.split("x", -1);
        if (parts.length != 3) {
            throw new IllegalArgumentException("--grid must look like 64x64x1");
        }
        return new GridSize(parseInt("--grid", parts[0], 1, GridSize.MAX_SIDE),
                parseInt("--grid", parts[1], 1, GridSize.MAX_SIDE),
                parseInt("--grid", parts[2], 1, GridSize.MAX_LAYERS));
    }

    private static int parseInt(String option, String value, int min, int max) {
        return (int) parseLong(option, value, min, max);
    }

    private static long parseLong(String option, String value, long min, long max) {
        long parsed;
        try {
            parsed = Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + " needs a number, got " + value);
        }
        if (parsed < min || parsed > max) {
            throw new IllegalArgumentException(option + " must be between " + min + " and " + max);
        }
        return parsed;
    }
}
