package lor.director;

import java.io.IOException;
import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import lor.director.account.LoginThrottle;
import lor.director.account.PasswordHasher;
import lor.director.kubernetes.AgonesSettings;
import lor.protocol.control.Timings;
import lor.protocol.netty.HttpDeadlines;
import lor.protocol.netty.KeepAlive;
import lor.protocol.netty.NetworkGuards;
import lor.protocol.netty.PortRange;
import lor.protocol.options.Option;
import lor.protocol.options.OptionSet;
import lor.protocol.options.OptionValues;
import lor.protocol.options.Readers;

/**
 * Every setting of the director, with its default, parsed and validated once at start. Command-line options win
 * over environment variables. {@link #toString()} never shows the database password.
 */
public record DirectorConfig(
        int port,
        String bindAddress,
        String publicHost,
        String dbUrl,
        String dbUser,
        String dbPassword,
        Path dataDir,
        long snapshotIntervalMs,
        long idleShutdownMs,
        long spawnTimeoutMs,
        long stopTimeoutMs,
        int snapshotsKept,
        long sessionTtlMs,
        long ticketTtlMs,
        int maxSnapshotBytes,
        Path worldJar,
        int dbPoolSize,
        String adminToken,
        int warmSpares,
        List<String> worldJvmOptions,
        int maxConnectionsPerAddress,
        int maxNewConnectionsPerSecond,
        long handshakeTimeoutMs,
        List<String> allowedOrigins,
        long pingIntervalMs,
        long clientTimeoutMs,
        long reconnectWindowMs,
        long loginBackoffMs,
        int loginFailuresPerAddress,
        boolean leaveWorldsOnStop,
        int passwordIterations,
        Path contentDir,
        Path modulesDir,
        Path tlsCert,
        Path tlsKey,
        PortRange gamePorts,
        String publicGameUrl,
        AgonesSettings agones) {

    static final Option<Integer> PORT = Option.of("--port", "N", Readers.intIn(0, 65535)).defaultValue(8080)
            .help("HTTP and WebSocket port; 0 = any free port");
    static final Option<String> BIND = Option.of("--bind", "ADDR", DirectorConfig::resolvable)
            .defaultValue("127.0.0.1").help("address to listen on");
    static final Option<String> PUBLIC_HOST = Option.text("--public-host", "HOST")
            .defaultDescribed(null, "the bind address, or 127.0.0.1 when binding to a wildcard address")
            .help("host put into the gameUrl handed to clients");
    static final Option<String> DB_URL = Option.of("--db-url", "URL", DirectorConfig::jdbcUrl).env("LOR_DB_URL")
            .help("jdbc:postgresql://… of an external PostgreSQL (env LOR_DB_URL); without it an embedded "
                    + "PostgreSQL runs with its data under --data-dir");
    static final Option<String> DB_USER = Option.text("--db-user", "USER").env("LOR_DB_USER")
            .help("database user (env LOR_DB_USER)");
    static final Option<String> DB_PASSWORD = Option.text("--db-password", "PASSWORD").env("LOR_DB_PASSWORD")
            .help("database password (env LOR_DB_PASSWORD; prefer the environment, argv is visible to every local "
                    + "user)");
    static final Option<Path> DATA_DIR = Option.of("--data-dir", "DIR", Readers.ABSOLUTE_PATH)
            .defaultValue(Path.of("data").toAbsolutePath().normalize(), "./data")
            .help("embedded database and logs");
    static final Option<Long> SNAPSHOT_INTERVAL = Option.of("--snapshot-interval-ms", "N",
            Readers.longIn(100, 86_400_000)).defaultValue(30_000L)
            .help("time between a world's periodic snapshots");
    static final Option<Long> IDLE_SHUTDOWN = Option.of("--idle-shutdown-ms", "N",
            Readers.longIn(0, Long.MAX_VALUE / 2)).defaultValue(60_000L)
            .help("a world with no players for this long is stopped");
    static final Option<Long> SPAWN_TIMEOUT = Option.of("--spawn-timeout-ms", "N", Readers.longIn(1_000, 600_000))
            .defaultValue(20_000L).help("a world that has not registered and hydrated by then is killed");
    static final Option<Long> STOP_TIMEOUT = Option.of("--stop-timeout-ms", "N", Readers.longIn(1_000, 600_000))
            .defaultValue(45_000L).help("a stopping world that has not exited by then is killed");
    static final Option<Integer> SNAPSHOTS_KEPT = Option.of("--snapshots-kept", "N", Readers.intIn(1, 10_000))
            .defaultValue(10).help("snapshots kept per world");
    static final Option<Long> SESSION_TTL = Option.of("--session-ttl-ms", "N",
            Readers.longIn(1_000, 366L * 86_400_000L)).defaultValue(86_400_000L)
            .help("lifetime of a login session token (default {default}, 24 h)");
    static final Option<Long> TICKET_TTL = Option.of("--ticket-ttl-ms", "N", Readers.longIn(1_000, 60_000))
            .defaultValue(30_000L).help("lifetime of a world ticket, at most 60000");
    static final Option<Integer> MAX_SNAPSHOT_BYTES = Option.of("--max-snapshot-bytes", "N",
            Readers.intIn(64 * 1024, Integer.MAX_VALUE)).defaultValue(256 * 1024 * 1024)
            .help("largest snapshot a world may send");
    static final Option<Path> WORLD_JAR = Option.of("--world-jar", "PATH", Readers.ABSOLUTE_PATH).env("LOR_WORLD_JAR")
            .defaultDescribed(null, "world-server.jar beside director.jar, else world-server/target/world-server.jar "
                    + "of the build")
            .help("the world-server jar (env LOR_WORLD_JAR)");
    static final Option<Path> CONTENT_DIR = Option.of("--content-dir", "DIR", DirectorConfig::directory)
            .env("LOR_CONTENT_DIR")
            .help("where studio-edited content packs live (NAME.json, .yaml or .yml); a pack there shadows the one "
                    + "of that name shipped with the world server (env LOR_CONTENT_DIR)");
    static final Option<Path> MODULES_DIR = Option.of("--modules-dir", "DIR", DirectorConfig::directory)
            .env("LOR_MODULES_DIR")
            .help("where a studio's game modules live (*.jar); a world loads those its content pack names, beside "
                    + "the ones built into the world server (env LOR_MODULES_DIR)");
    static final Option<Path> TLS_CERT = Option.of("--tls-cert", "FILE", DirectorConfig::pemFile).env("LOR_TLS_CERT")
            .help("PEM certificate chain: serve https and wss on --port, and wss on every world's game port, gameUrl "
                    + "wss://… (env LOR_TLS_CERT; needs --tls-key)");
    static final Option<Path> TLS_KEY = Option.of("--tls-key", "FILE", DirectorConfig::pemFile).env("LOR_TLS_KEY")
            .help("its unencrypted PKCS#8 PEM private key (env LOR_TLS_KEY)");
    static final Option<PortRange> GAME_PORTS = Option.of("--game-ports", "FROM-TO", PortRange::parse)
            .env("LOR_GAME_PORTS").defaultDescribed(PortRange.ANY, "any free port")
            .help("the ports worlds serve players on, each the first free one of the range (env LOR_GAME_PORTS), "
                    + "for a firewall or a reverse proxy that must name them in advance");
    static final Option<String> PUBLIC_GAME_URL = Option.of("--public-game-url", "URL",
            DirectorConfig::publicGameUrl).env("LOR_PUBLIC_GAME_URL")
            .defaultDescribed(null, "ws[s]://PUBLIC_HOST:{port}/game")
            .help("the gameUrl handed to clients, {port} replaced by the world's game port, {world} by its id and "
                    + "{host} by the host it runs on (--public-host, or with agones its GameServer's address, then "
                    + "required), e.g. wss://play.example.com/worlds/{port}/game behind a TLS-terminating proxy (env "
                    + "LOR_PUBLIC_GAME_URL)");
    static final Option<String> LAUNCHER = Option.of("--launcher", "local|agones", DirectorConfig::launcher)
            .env("LOR_LAUNCHER").defaultValue("local")
            .help("how world processes run: child processes of the director ({default}), or Agones GameServers on "
                    + "the Kubernetes cluster the director runs in or its kubeconfig names (env LOR_LAUNCHER); with "
                    + "agones:");
    static final Option<String> AGONES_IMAGE = Option.text("--agones-image", "IMAGE").env("LOR_AGONES_IMAGE")
            .help("the world-server image (env LOR_AGONES_IMAGE; required)");
    static final Option<String> AGONES_CONTROL_URL = Option.text("--agones-control-url", "URL")
            .env("LOR_AGONES_CONTROL_URL")
            .help("ws://… of the director's /control as world pods reach it, e.g. ws://lor-director:8080/control "
                    + "(env LOR_AGONES_CONTROL_URL; required)");
    static final Option<String> AGONES_NAMESPACE = Option.text("--agones-namespace", "NS")
            .env("LOR_AGONES_NAMESPACE").defaultDescribed(null, "the director's own pod's, else \"default\"")
            .help("namespace of the GameServers (env LOR_AGONES_NAMESPACE)");
    static final Option<String> AGONES_TEMPLATE = Option.text("--agones-template", "FILE")
            .env("LOR_AGONES_TEMPLATE")
            .help("a world's GameServer (health, resources, scheduling; a port named game and a container named "
                    + "world-server), e.g. deploy/kubernetes/world-gameserver.yaml (env LOR_AGONES_TEMPLATE)");
    static final Option<String> AGONES_TLS_SECRET = Option.text("--agones-tls-secret", "NAME")
            .env("LOR_AGONES_TLS_SECRET").defaultDescribed(null, "plain ws")
            .help("a Secret of that namespace holding tls.crt and tls.key (PEM; the key unencrypted PKCS#8), as "
                    + "kubectl create secret tls makes it: mounted into every world's GameServer, which serves wss; "
                    + "gameUrl wss://… (env LOR_AGONES_TLS_SECRET)");
    static final Option<Integer> DB_POOL_SIZE = Option.of("--db-pool-size", "N", Readers.intIn(2, 200))
            .defaultValue(10).help("database connections");
    static final Option<Integer> WARM_SPARES = Option.of("--warm-spares", "N", Readers.intIn(0, 16)).defaultValue(1)
            .help("world processes kept started and waiting for a world, so that joining a stopped world skips the "
                    + "JVM start (default {default}; 0 = none)");
    static final Option<List<String>> WORLD_JVM_OPTIONS = Option.of("--world-jvm-options", "\"OPTS\"",
            DirectorConfig::worldJvmOptions).env("LOR_WORLD_JVM_OPTIONS").defaultDescribed(List.of(), "none")
            .help("JVM options for world processes, after the built-in ones so they win (env LOR_WORLD_JVM_OPTIONS; "
                    + "-X… and -D… options separated by spaces, e.g. \"-Xmx512m -XX:+UseParallelGC\")");
    static final Option<Long> PING_INTERVAL = Option.of("--ping-interval-ms", "N", Readers.longIn(10, 3_600_000))
            .defaultValue(10_000L)
            .help("time between two pings of a client connection, on /ws and on the worlds' /game");
    static final Option<Long> CLIENT_TIMEOUT = Option.of("--client-timeout-ms", "N", Readers.longIn(20, 3_600_000))
            .defaultValue(30_000L)
            .help("a client connection from which nothing came for this long is closed");
    static final Option<Long> RECONNECT_WINDOW = Option.of("--reconnect-window-ms", "N",
            Readers.longIn(0, 3_600_000)).defaultValue(30_000L)
            .help("a player whose game connection was lost stays in its world this long, waiting for it to come "
                    + "back (default {default}; 0 = it leaves at once)");
    static final Option<String> ADMIN_TOKEN = Option.of("--admin-token", "TOKEN", DirectorConfig::adminToken)
            .env("LOR_ADMIN_TOKEN").defaultDescribed(null, "off")
            .help("enables /admin and /api/admin/ for requests carrying \"Authorization: Bearer TOKEN\" (env "
                    + "LOR_ADMIN_TOKEN; at least 16 characters)");
    static final Option<Integer> MAX_CONNECTIONS = Option.of(NetworkGuards.MAX_CONNECTIONS_OPTION, "N",
            Readers.intIn(0, 1_000_000)).defaultValue(NetworkGuards.DEFAULT_MAX_CONNECTIONS_PER_ADDRESS)
            .help("open connections one address may hold, on the director's port and on each world's (default "
                    + "{default}; 0 = unlimited, e.g. behind a proxy)");
    static final Option<Integer> MAX_NEW_CONNECTIONS = Option.of(NetworkGuards.MAX_NEW_CONNECTIONS_OPTION, "N",
            Readers.intIn(0, 1_000_000)).defaultValue(NetworkGuards.DEFAULT_MAX_NEW_CONNECTIONS_PER_SECOND)
            .help("new connections per second from one address, bursts of twice that (default {default}; 0 = "
                    + "unlimited)");
    static final Option<Long> HANDSHAKE_TIMEOUT = Option.of(NetworkGuards.HANDSHAKE_TIMEOUT_OPTION, "N",
            Readers.longIn(100, 600_000)).defaultValue(HttpDeadlines.DEFAULT_HANDSHAKE_TIMEOUT_MS)
            .help("a connection must complete its first HTTP request or WebSocket upgrade within this time of "
                    + "connecting");
    static final Option<List<String>> ALLOWED_ORIGINS = Option.of(NetworkGuards.ALLOWED_ORIGINS_OPTION, "a,b,…",
            DirectorConfig::allowedOrigins)
            .defaultDescribed(null, "the director's own, http://127.0.0.1:PORT, http://localhost:PORT, "
                    + "http://BIND:PORT, http://PUBLIC_HOST:PORT; https://… with --tls-cert")
            .help("browser origins (http[s]://host[:port]) allowed to open /ws and the worlds' /game; requests "
                    + "without Origin (non-browser clients) are always allowed");
    static final Option<Long> LOGIN_BACKOFF = Option.of("--login-backoff-ms", "N", Readers.longIn(1, 60_000))
            .defaultValue(1_000L)
            .help("first wait imposed after 5 failed logins of an account (or 20 from one address), doubled per "
                    + "further failure up to 60 s");
    static final Option<Integer> LOGIN_FAILURES_PER_ADDRESS = Option.of("--login-failures-per-address", "N",
            Readers.intIn(0, 1_000_000)).defaultValue(LoginThrottle.ADDRESS_FREE_FAILURES)
            .help("failed logins from one address before it is backed off too (default {default}; 0 = accounts "
                    + "only, e.g. behind a reverse proxy)");
    static final Option<Boolean> LEAVE_WORLDS_ON_STOP = Option.of("--on-stop", "stop-worlds|leave-worlds",
            DirectorConfig::leaveWorldsOnStop).defaultValue(false, "stop-worlds")
            .help("what SIGTERM does to running worlds: stop them after their final snapshot ({default}), or leave "
                    + "them playing with their players connected for a director started again on this host, port "
                    + "and database to take back, or with agones for another director of the database (within "
                    + Timings.ORPHAN_LIMIT.toSeconds() + " s, or they end themselves)");
    static final Option<Integer> PASSWORD_ITERATIONS = Option.of("--password-iterations", "N",
            Readers.intIn(PasswordHasher.MIN_ITERATIONS, 10_000_000)).defaultValue(PasswordHasher.ITERATIONS)
            .help("PBKDF2-HMAC-SHA256 iterations of new password hashes (default {default}, OWASP's "
                    + "recommendation; at least " + PasswordHasher.MIN_ITERATIONS + "); a stored hash keeps its own "
                    + "count. Lower it only for tests: it is what makes a stolen hash slow to crack");
    static final Option<Boolean> HELP = Option.flag("--help").alias("-h", null, null).help("print this and exit");

    private static final OptionSet OPTIONS = OptionSet.of(PORT, BIND, PUBLIC_HOST, DB_URL, DB_USER, DB_PASSWORD,
            DATA_DIR, SNAPSHOT_INTERVAL, IDLE_SHUTDOWN, SPAWN_TIMEOUT, STOP_TIMEOUT, SNAPSHOTS_KEPT, SESSION_TTL,
            TICKET_TTL, MAX_SNAPSHOT_BYTES, WORLD_JAR, CONTENT_DIR, MODULES_DIR, TLS_CERT, TLS_KEY, GAME_PORTS,
            PUBLIC_GAME_URL, LAUNCHER, AGONES_IMAGE, AGONES_CONTROL_URL, AGONES_NAMESPACE, AGONES_TEMPLATE,
            AGONES_TLS_SECRET, DB_POOL_SIZE, WARM_SPARES, WORLD_JVM_OPTIONS, PING_INTERVAL, CLIENT_TIMEOUT,
            RECONNECT_WINDOW, ADMIN_TOKEN, MAX_CONNECTIONS, MAX_NEW_CONNECTIONS, HANDSHAKE_TIMEOUT, ALLOWED_ORIGINS,
            LOGIN_BACKOFF, LOGIN_FAILURES_PER_ADDRESS, LEAVE_WORLDS_ON_STOP, PASSWORD_ITERATIONS, HELP)
            .header("usage: java -jar director/target/director.jar [options]\n\n");

    /** Every option with its default and help line, as {@code --help} prints them. */
    public static final String USAGE = OPTIONS.usage();

    public static DirectorConfig parse(String[] args, Map<String, String> env) {
        OptionValues options = OPTIONS.parse(args, env);
        if (options.get(HELP)) {
            throw new HelpRequested();
        }
        String bind = options.get(BIND);
        String publicHost = options.has(PUBLIC_HOST) ? options.get(PUBLIC_HOST)
                : isWildcard(bind) ? "127.0.0.1" : bind;
        String dbUrl = options.get(DB_URL);
        long ticketTtl = options.get(TICKET_TTL);
        Path worldJar = options.get(WORLD_JAR);
        String adminToken = options.get(ADMIN_TOKEN);
        Path tlsCert = options.get(TLS_CERT);
        Path tlsKey = options.get(TLS_KEY);
        if ((tlsCert == null) != (tlsKey == null)) {
            throw new IllegalArgumentException("--tls-cert and --tls-key go together: give both or neither");
        }
        long pingIntervalMs = options.get(PING_INTERVAL);
        long clientTimeoutMs = options.get(CLIENT_TIMEOUT);
        if (pingIntervalMs >= clientTimeoutMs) {
            throw new IllegalArgumentException("--ping-interval-ms must be shorter than --client-timeout-ms");
        }
        return new DirectorConfig(
                options.get(PORT),
                bind,
                publicHost,
                dbUrl,
                options.get(DB_USER),
                options.get(DB_PASSWORD),
                options.get(DATA_DIR),
                options.get(SNAPSHOT_INTERVAL),
                options.get(IDLE_SHUTDOWN),
                options.get(SPAWN_TIMEOUT),
                options.get(STOP_TIMEOUT),
                options.get(SNAPSHOTS_KEPT),
                options.get(SESSION_TTL),
                ticketTtl,
                options.get(MAX_SNAPSHOT_BYTES),
                worldJar,
                options.get(DB_POOL_SIZE),
                adminToken,
                options.get(WARM_SPARES),
                options.get(WORLD_JVM_OPTIONS),
                options.get(MAX_CONNECTIONS),
                options.get(MAX_NEW_CONNECTIONS),
                options.get(HANDSHAKE_TIMEOUT),
                options.get(ALLOWED_ORIGINS),
                pingIntervalMs,
                clientTimeoutMs,
                options.get(RECONNECT_WINDOW),
                options.get(LOGIN_BACKOFF),
                options.get(LOGIN_FAILURES_PER_ADDRESS),
                options.get(LEAVE_WORLDS_ON_STOP),
                options.get(PASSWORD_ITERATIONS),
                options.get(CONTENT_DIR),
                options.get(MODULES_DIR),
                tlsCert,
                tlsKey,
                options.get(GAME_PORTS),
                options.get(PUBLIC_GAME_URL),
                agones(options, tlsCert != null));
    }

    /** Where the pod's own namespace is, inside a Kubernetes pod. */
    static final Path POD_NAMESPACE = Path.of("/var/run/secrets/kubernetes.io/serviceaccount/namespace");

    /** The Agones launcher's settings, or null for local processes. */
    private static AgonesSettings agones(OptionValues options, boolean tls) {
        if (options.get(LAUNCHER).equals("local")) {
            return null;
        }
        // A pod cannot read files of the director's host: these would name paths that do not exist there.
        if (tls) {
            throw new IllegalArgumentException("--launcher agones and --tls-cert do not go together: worlds take "
                    + "their certificate from a Secret (--agones-tls-secret), the director's port from the load "
                    + "balancer or ingress in front of it");
        }
        if (options.has(CONTENT_DIR)) {
            throw new IllegalArgumentException("--launcher agones and --content-dir do not go together: build the "
                    + "studio's packs into the world-server image instead");
        }
        if (options.has(MODULES_DIR)) {
            throw new IllegalArgumentException("--launcher agones and --modules-dir do not go together: build the "
                    + "studio's modules into the world-server image instead");
        }
        if (options.has(GAME_PORTS)) {
            throw new IllegalArgumentException("--launcher agones and --game-ports do not go together: Agones "
                    + "allocates the host ports (its controller's port range)");
        }
        String namespace = options.get(AGONES_NAMESPACE);
        if (namespace == null) {
            try {
                namespace = Files.isReadable(POD_NAMESPACE) ? Files.readString(POD_NAMESPACE).trim() : "default";
            } catch (IOException e) {
                namespace = "default";
            }
        }
        // A host port names a GameServer only together with its node.
        String publicGameUrl = options.get(PUBLIC_GAME_URL);
        if (publicGameUrl != null && !publicGameUrl.contains("{host}")) {
            throw new IllegalArgumentException("--public-game-url needs {host} with --launcher agones: Agones "
                    + "gives each world a port of its node, got " + publicGameUrl);
        }
        String template = options.get(AGONES_TEMPLATE);
        if (template != null && !Files.isRegularFile(Path.of(template))) {
            throw new IllegalArgumentException("--agones-template: no file at " + template);
        }
        return new AgonesSettings(namespace, options.get(AGONES_IMAGE), options.get(AGONES_CONTROL_URL),
                template == null ? null : Path.of(template).toAbsolutePath().normalize(),
                options.get(AGONES_TLS_SECRET));
    }

    private static String launcher(String option, String value) {
        if (!value.equals("local") && !value.equals("agones")) {
            throw new IllegalArgumentException(option + " must be local or agones, got " + value);
        }
        return value;
    }

    private static String jdbcUrl(String option, String value) {
        if (!value.startsWith("jdbc:postgresql://")) {
            throw new IllegalArgumentException(option + " must start with jdbc:postgresql://");
        }
        return value;
    }

    private static String adminToken(String option, String value) {
        if (value.length() < 16) {
            throw new IllegalArgumentException(option + " must have at least 16 characters");
        }
        return value;
    }

    /**
     * A {@code ws://} or {@code wss://} URL with {@code {port}} in it (and maybe {@code {world}} and {@code {host}}),
     * which must be a URL once they are replaced; or null.
     */
    private static String publicGameUrl(String option, String value) {
        String form = "--public-game-url must be a ws:// or wss:// URL with {port} in it (and {world} and {host} if "
                + "you like), got " + value;
        if (!(value.startsWith("ws://") || value.startsWith("wss://")) || !value.contains("{port}")) {
            throw new IllegalArgumentException(form);
        }
        try {
            URI example = new URI(value.replace("{port}", "9000").replace("{world}", "start")
                    .replace("{host}", "node-1.example.org"));
            if (example.getHost() == null) {
                throw new IllegalArgumentException(form);
            }
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException(form);
        }
        return value;
    }

    /** An existing file, made absolute (world processes run elsewhere and read the same files), or null. */
    private static Path pemFile(String option, String value) {
        Path file = Path.of(value).toAbsolutePath().normalize();
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException(option + ": no file at " + value);
        }
        return file;
    }

    /** Whether the director's port and the worlds' game ports speak TLS. */
    public boolean tls() {
        return tlsCert != null;
    }

    /** Whether the worlds serve their game ports over TLS: the director's certificate, or on Kubernetes a Secret's. */
    public boolean worldsServeTls() {
        return tls() || (agones != null && agones.tls());
    }

    /**
     * Whether SIGTERM stops the worlds this director runs as GameServers. On Kubernetes it is not an operator's
     * choice to stop the game but a rollout, a node drain or an eviction: another director of the database could
     * have adopted them, and their players are disconnected instead.
     */
    public boolean stopsGameServersOnStop() {
        return agones != null && !leaveWorldsOnStop;
    }

    /** {@code wss} with TLS, else {@code ws}. */
    public String webSocketScheme() {
        return tls() ? "wss" : "ws";
    }

    private static boolean leaveWorldsOnStop(String option, String value) {
        return switch (value) {
            case "stop-worlds" -> false;
            case "leave-worlds" -> true;
            default -> throw new IllegalArgumentException(option + " must be stop-worlds or leave-worlds");
        };
    }

    /** How client connections (the director's /ws and the worlds' /game) are pinged and given up on. */
    public KeepAlive.Settings keepAlive() {
        return KeepAlive.Settings.ofMillis(pingIntervalMs, clientTimeoutMs);
    }

    /** The world-server options every world process gets from this configuration, whatever its world. */
    public List<String> worldOptions() {
        List<String> options = new ArrayList<>(List.of("--ping-interval-ms", Long.toString(pingIntervalMs),
                "--client-timeout-ms", Long.toString(clientTimeoutMs),
                "--reconnect-window-ms", Long.toString(reconnectWindowMs)));
        if (contentDir != null) {
            options.addAll(List.of("--content-dir", contentDir.toString()));
        }
        if (modulesDir != null) {
            options.addAll(List.of("--modules-dir", modulesDir.toString()));
        }
        if (tls()) {
            options.addAll(List.of("--tls-cert", tlsCert.toString(), "--tls-key", tlsKey.toString()));
        }
        if (!gamePorts.any()) {
            options.addAll(List.of("--game-ports", gamePorts.toString()));
        }
        return List.copyOf(options);
    }

    /** An existing directory, made absolute: a world process runs elsewhere and must find the same files. */
    private static Path directory(String option, String value) {
        Path dir = Path.of(value).toAbsolutePath().normalize();
        if (!Files.isDirectory(dir)) {
            throw new IllegalArgumentException(option + " " + value + " is not a directory");
        }
        return dir;
    }

    /**
     * The guards of the director's port, and of every world's, once the port is bound: without
     * {@code --allowed-origins}, the origins the browser client is served from by this director.
     */
    public NetworkGuards guards(int boundPort) {
        List<String> origins = allowedOrigins;
        if (origins == null) {
            Set<String> own = new LinkedHashSet<>();
            for (String host : List.of("127.0.0.1", "localhost", bindAddress, publicHost)) {
                if (!isWildcard(host)) {
                    own.add((tls() ? "https://" : "http://") + Director.hostForUrl(host) + ":" + boundPort);
                }
            }
            origins = List.copyOf(own);
        }
        return new NetworkGuards(maxConnectionsPerAddress, maxNewConnectionsPerSecond, handshakeTimeoutMs, origins);
    }

    private static List<String> allowedOrigins(String option, String value) {
        try {
            return List.copyOf(NetworkGuards.parseOrigins(value));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(NetworkGuards.ALLOWED_ORIGINS_OPTION + ": " + e.getMessage());
        }
    }

    public boolean embeddedDatabase() {
        return dbUrl == null;
    }

    public Path logDir() {
        return dataDir.resolve("logs");
    }

    /** The host the world processes use to reach this director's control endpoint. */
    public String controlHost() {
        return isWildcard(bindAddress) ? "127.0.0.1" : bindAddress;
    }

    /**
     * The host other directors' worlds use to reach this director's control endpoint: its public host when it
     * listens on every address (127.0.0.1 would name their own host), else the address it listens on.
     */
    public String announcedControlHost() {
        return isWildcard(bindAddress) ? publicHost : bindAddress;
    }

    @Override
    public String toString() {
        return "DirectorConfig[port=" + port + ", bind=" + bindAddress + ", publicHost=" + publicHost
                + ", database=" + (embeddedDatabase() ? "embedded" : withoutQuery(dbUrl)) + ", dbUser=" + dbUser
                + ", dbPassword=" + (dbPassword == null ? "none" : "<redacted>") + ", dataDir=" + dataDir
                + ", snapshotIntervalMs=" + snapshotIntervalMs + ", idleShutdownMs=" + idleShutdownMs
                + ", spawnTimeoutMs=" + spawnTimeoutMs + ", stopTimeoutMs=" + stopTimeoutMs
                + ", snapshotsKept=" + snapshotsKept + ", sessionTtlMs=" + sessionTtlMs
                + ", ticketTtlMs=" + ticketTtlMs + ", maxSnapshotBytes=" + maxSnapshotBytes
                + ", worldJar=" + worldJar + ", dbPoolSize=" + dbPoolSize
                + ", admin=" + (adminToken == null ? "off" : "on") + ", warmSpares=" + warmSpares
                + ", worldJvmOptions=" + worldJvmOptions + ", maxConnectionsPerAddress=" + maxConnectionsPerAddress
                + ", maxNewConnectionsPerSecond=" + maxNewConnectionsPerSecond
                + ", handshakeTimeoutMs=" + handshakeTimeoutMs
                + ", allowedOrigins=" + (allowedOrigins == null ? "own" : allowedOrigins)
                + ", pingIntervalMs=" + pingIntervalMs
                + ", clientTimeoutMs=" + clientTimeoutMs + ", reconnectWindowMs=" + reconnectWindowMs
                + ", loginBackoffMs=" + loginBackoffMs + ", loginFailuresPerAddress=" + loginFailuresPerAddress
                + ", onStop=" + (leaveWorldsOnStop ? "leave-worlds" : "stop-worlds")
                + ", passwordIterations=" + passwordIterations + ", contentDir=" + contentDir
                + ", modulesDir=" + modulesDir
                + ", tls=" + (tls() ? "cert " + tlsCert + ", key " + tlsKey : "off")
                + ", gamePorts=" + (gamePorts.any() ? "any" : gamePorts)
                + ", publicGameUrl=" + (publicGameUrl == null ? "direct" : publicGameUrl)
                + ", launcher=" + (agones == null ? "local" : "agones " + agones) + "]";
    }

    /** Thrown by {@link #parse} for {@code --help}. */
    public static final class HelpRequested extends RuntimeException {
        HelpRequested() {
            super(null, null, false, false);
        }
    }

    /**
     * Only {@code -X…} (heap, GC, {@code -XX:} flags) and {@code -D…} options: anything else ({@code -jar},
     * {@code -cp}, an agent) would change what runs, not how.
     */
    private static List<String> worldJvmOptions(String option, String value) {
        if (value.isBlank()) {
            return List.of();
        }
        List<String> options = List.of(value.trim().split("\\s+"));
        for (String jvmOption : options) {
            if (!jvmOption.startsWith("-X") && !jvmOption.startsWith("-D")) {
                throw new IllegalArgumentException(option + " takes -X... and -D... options only, got " + jvmOption);
            }
        }
        return options;
    }

    /** A JDBC URL's parameters may carry credentials ({@code ?password=…}): logs get the URL without them. */
    private static String withoutQuery(String url) {
        int query = url.indexOf('?');
        return query < 0 ? url : url.substring(0, query) + "?<parameters redacted>";
    }

    private static boolean isWildcard(String address) {
        return address.equals("0.0.0.0") || address.equals("::") || address.equals("[::]");
    }

    private static String resolvable(String option, String address) {
        try {
            InetAddress.getByName(address);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException(option + ": cannot resolve " + address);
        }
        return address;
    }
}
