package lor.director;

import java.io.IOException;
import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import lor.director.account.LoginThrottle;
import lor.director.account.PasswordHasher;
import lor.director.kubernetes.AgonesSettings;
import lor.protocol.netty.HttpDeadlines;
import lor.protocol.netty.KeepAlive;
import lor.protocol.netty.NetworkGuards;
import lor.protocol.netty.PortRange;

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
        Path tlsCert,
        Path tlsKey,
        PortRange gamePorts,
        String publicGameUrl,
        AgonesSettings agones) {

    public static final String USAGE = """
            usage: java -jar director/target/director.jar [options]

              --port N                  HTTP and WebSocket port; 0 = any free port (default 8080)
              --bind ADDR               address to listen on (default 127.0.0.1)
              --public-host HOST        host put into the gameUrl handed to clients (default: the bind address,
                                        or 127.0.0.1 when binding to a wildcard address)
              --db-url URL              jdbc:postgresql://… of an external PostgreSQL (env LOR_DB_URL);
                                        without it an embedded PostgreSQL runs with its data under --data-dir
              --db-user USER            database user (env LOR_DB_USER)
              --db-password PASSWORD    database password (env LOR_DB_PASSWORD; prefer the environment, argv is
                                        visible to every local user)
              --data-dir DIR            embedded database and logs (default ./data)
              --snapshot-interval-ms N  time between a world's periodic snapshots (default 30000)
              --idle-shutdown-ms N      a world with no players for this long is stopped (default 60000)
              --spawn-timeout-ms N      a world that has not registered and hydrated by then is killed
                                        (default 20000)
              --stop-timeout-ms N       a stopping world that has not exited by then is killed (default 45000)
              --snapshots-kept N        snapshots kept per world (default 10)
              --session-ttl-ms N        lifetime of a login session token (default 86400000, 24 h)
              --ticket-ttl-ms N         lifetime of a world ticket, at most 60000 (default 30000)
              --max-snapshot-bytes N    largest snapshot a world may send (default 268435456)
              --world-jar PATH          the world-server jar (env LOR_WORLD_JAR; default: world-server.jar beside
                                        director.jar, else world-server/target/world-server.jar of the build)
              --content-dir DIR         where studio-edited content packs live (NAME.json, .yaml or .yml); a pack
                                        there shadows the one of that name shipped with the world server (env
                                        LOR_CONTENT_DIR)
              --tls-cert FILE           PEM certificate chain: serve https and wss on --port, and wss on every
                                        world's game port, gameUrl wss://… (env LOR_TLS_CERT; needs --tls-key)
              --tls-key FILE            its unencrypted PKCS#8 PEM private key (env LOR_TLS_KEY)
              --game-ports FROM-TO      the ports worlds serve players on, each the first free one of the range
                                        (env LOR_GAME_PORTS; default: any free port), for a firewall or a
                                        reverse proxy that must name them in advance
              --public-game-url URL     the gameUrl handed to clients, {port} replaced by the world's game port,
                                        {world} by its id and {host} by the host it runs on (--public-host, or
                                        with agones its GameServer's address, then required), e.g.
                                        wss://play.example.com/worlds/{port}/game behind a TLS-terminating
                                        proxy (env LOR_PUBLIC_GAME_URL; default: ws[s]://PUBLIC_HOST:{port}/game)
              --launcher local|agones   how world processes run: child processes of the director (default), or
                                        Agones GameServers on the Kubernetes cluster the director runs in or its
                                        kubeconfig names (env LOR_LAUNCHER); with agones:
              --agones-image IMAGE      the world-server image (env LOR_AGONES_IMAGE; required)
              --agones-control-url URL  ws://… of the director's /control as world pods reach it, e.g.
                                        ws://lor-director:8080/control (env LOR_AGONES_CONTROL_URL; required)
              --agones-namespace NS     namespace of the GameServers (env LOR_AGONES_NAMESPACE; default: the
                                        director's own pod's, else "default")
              --agones-template FILE    a world's GameServer (health, resources, scheduling; a port named game
                                        and a container named world-server), e.g.
                                        deploy/kubernetes/world-gameserver.yaml (env LOR_AGONES_TEMPLATE)
              --agones-tls-secret NAME  a Secret of that namespace holding tls.crt and tls.key (PEM; the key
                                        unencrypted PKCS#8), as kubectl create secret tls makes it: mounted into
                                        every world's GameServer, which serves wss; gameUrl wss://… (env
                                        LOR_AGONES_TLS_SECRET; default: plain ws)
              --db-pool-size N          database connections (default 10)
              --warm-spares N           world processes kept started and waiting for a world, so that joining a
                                        stopped world skips the JVM start (default 1; 0 = none)
              --world-jvm-options "OPTS"  JVM options for world processes, after the built-in ones so they win
                                        (env LOR_WORLD_JVM_OPTIONS; -X… and -D… options separated by spaces,
                                        e.g. "-Xmx512m -XX:+UseParallelGC"; default: none)
              --ping-interval-ms N      time between two pings of a client connection, on /ws and on the
                                        worlds' /game (default 10000)
              --client-timeout-ms N     a client connection from which nothing came for this long is closed
                                        (default 30000)
              --reconnect-window-ms N   a player whose game connection was lost stays in its world this long,
                                        waiting for it to come back (default 30000; 0 = it leaves at once)
              --admin-token TOKEN       enables /admin and /api/admin/ for requests carrying
                                        "Authorization: Bearer TOKEN" (env LOR_ADMIN_TOKEN; at least 16
                                        characters; default: off)
              --max-connections-per-address N
                                        open connections one address may hold, on the director's port and on
                                        each world's (default 4096; 0 = unlimited, e.g. behind a proxy)
              --max-new-connections-per-second N
                                        new connections per second from one address, bursts of twice that
                                        (default 200; 0 = unlimited)
              --handshake-timeout-ms N  a connection must complete its first HTTP request or WebSocket upgrade
                                        within this time of connecting (default 10000)
              --allowed-origins a,b,…   browser origins (http[s]://host[:port]) allowed to open /ws and the
                                        worlds' /game (default: the director's own, http://127.0.0.1:PORT,
                                        http://localhost:PORT, http://BIND:PORT, http://PUBLIC_HOST:PORT;
                                        https://… with --tls-cert);
                                        requests without Origin (non-browser clients) are always allowed
              --login-backoff-ms N      first wait imposed after 5 failed logins of an account (or 20 from one
                                        address), doubled per further failure up to 60 s (default 1000)
              --login-failures-per-address N
                                        failed logins from one address before it is backed off too (default 20;
                                        0 = accounts only, e.g. behind a reverse proxy)
              --on-stop stop-worlds|leave-worlds
                                        what SIGTERM does to running worlds: stop them after their final
                                        snapshot (default), or leave them playing with their players connected
                                        for a director started again on this host, port and database to take
                                        back, or with agones for another director of the database (within 20 s,
                                        or they end themselves)
              --password-iterations N   PBKDF2-HMAC-SHA256 iterations of new password hashes (default 600000,
                                        OWASP's recommendation; at least 1000); a stored hash keeps its own
                                        count. Lower it only for tests: it is what makes a stolen hash slow to
                                        crack
              --help                    print this and exit
            """;

    public static DirectorConfig parse(String[] args, Map<String, String> env) {
        Map<String, String> options = new LinkedHashMap<>();
        for (int i = 0; i < args.length; i++) {
            String option = args[i];
            if (option.equals("--help") || option.equals("-h")) {
                throw new HelpRequested();
            }
            if (!option.startsWith("--")) {
                throw new IllegalArgumentException("unexpected argument " + option);
            }
            String value = null;
            int eq = option.indexOf('=');
            if (eq > 0) {
                value = option.substring(eq + 1);
                option = option.substring(0, eq);
            }
            if (!KNOWN.contains(option)) {
                throw new IllegalArgumentException("unknown option " + option + " (see --help)");
            }
            if (value == null) {
                if (i + 1 >= args.length) {
                    throw new IllegalArgumentException("option " + option + " needs a value");
                }
                value = args[++i];
            }
            options.put(option, value);
        }
        String bind = options.getOrDefault("--bind", "127.0.0.1");
        validateAddress(bind);
        String publicHost = options.getOrDefault("--public-host", isWildcard(bind) ? "127.0.0.1" : bind);
        String dbUrl = options.getOrDefault("--db-url", env.get("LOR_DB_URL"));
        if (dbUrl != null && !dbUrl.startsWith("jdbc:postgresql://")) {
            throw new IllegalArgumentException("--db-url must start with jdbc:postgresql://");
        }
        long ticketTtl = longOption(options, "--ticket-ttl-ms", 30_000, 1_000, 60_000);
        String worldJar = options.getOrDefault("--world-jar", env.get("LOR_WORLD_JAR"));
        String adminToken = options.getOrDefault("--admin-token", env.get("LOR_ADMIN_TOKEN"));
        if (adminToken != null && adminToken.length() < 16) {
            throw new IllegalArgumentException("--admin-token must have at least 16 characters");
        }
        Path tlsCert = pemFile("--tls-cert", options.getOrDefault("--tls-cert", env.get("LOR_TLS_CERT")));
        Path tlsKey = pemFile("--tls-key", options.getOrDefault("--tls-key", env.get("LOR_TLS_KEY")));
        if ((tlsCert == null) != (tlsKey == null)) {
            throw new IllegalArgumentException("--tls-cert and --tls-key go together: give both or neither");
        }
        long pingIntervalMs = longOption(options, "--ping-interval-ms", 10_000, 10, 3_600_000);
        long clientTimeoutMs = longOption(options, "--client-timeout-ms", 30_000, 20, 3_600_000);
        if (pingIntervalMs >= clientTimeoutMs) {
            throw new IllegalArgumentException("--ping-interval-ms must be shorter than --client-timeout-ms");
        }
        return new DirectorConfig(
                (int) longOption(options, "--port", 8080, 0, 65535),
                bind,
                publicHost,
                dbUrl,
                options.getOrDefault("--db-user", env.get("LOR_DB_USER")),
                options.getOrDefault("--db-password", env.get("LOR_DB_PASSWORD")),
                Path.of(options.getOrDefault("--data-dir", "data")).toAbsolutePath().normalize(),
                longOption(options, "--snapshot-interval-ms", 30_000, 100, 86_400_000),
                longOption(options, "--idle-shutdown-ms", 60_000, 0, Long.MAX_VALUE / 2),
                longOption(options, "--spawn-timeout-ms", 20_000, 1_000, 600_000),
                longOption(options, "--stop-timeout-ms", 45_000, 1_000, 600_000),
                (int) longOption(options, "--snapshots-kept", 10, 1, 10_000),
                longOption(options, "--session-ttl-ms", 86_400_000L, 1_000, 366L * 86_400_000L),
                ticketTtl,
                (int) longOption(options, "--max-snapshot-bytes", 256L * 1024 * 1024, 64 * 1024, Integer.MAX_VALUE),
                worldJar == null ? null : Path.of(worldJar).toAbsolutePath().normalize(),
                (int) longOption(options, "--db-pool-size", 10, 2, 200),
                adminToken,
                (int) longOption(options, "--warm-spares", 1, 0, 16),
                worldJvmOptions(options.getOrDefault("--world-jvm-options", env.get("LOR_WORLD_JVM_OPTIONS"))),
                (int) longOption(options, NetworkGuards.MAX_CONNECTIONS_OPTION,
                        NetworkGuards.DEFAULT_MAX_CONNECTIONS_PER_ADDRESS, 0, 1_000_000),
                (int) longOption(options, NetworkGuards.MAX_NEW_CONNECTIONS_OPTION,
                        NetworkGuards.DEFAULT_MAX_NEW_CONNECTIONS_PER_SECOND, 0, 1_000_000),
                longOption(options, NetworkGuards.HANDSHAKE_TIMEOUT_OPTION, HttpDeadlines.DEFAULT_HANDSHAKE_TIMEOUT_MS,
                        100, 600_000),
                allowedOrigins(options.get(NetworkGuards.ALLOWED_ORIGINS_OPTION)),
                pingIntervalMs,
                clientTimeoutMs,
                longOption(options, "--reconnect-window-ms", 30_000, 0, 3_600_000),
                longOption(options, "--login-backoff-ms", 1_000, 1, 60_000),
                (int) longOption(options, "--login-failures-per-address", LoginThrottle.ADDRESS_FREE_FAILURES, 0,
                        1_000_000),
                leaveWorldsOnStop(options.getOrDefault("--on-stop", "stop-worlds")),
                (int) longOption(options, "--password-iterations", PasswordHasher.ITERATIONS,
                        PasswordHasher.MIN_ITERATIONS, 10_000_000),
                contentDir(options.getOrDefault("--content-dir", env.get("LOR_CONTENT_DIR"))),
                tlsCert,
                tlsKey,
                PortRange.parse("--game-ports", options.getOrDefault("--game-ports",
                        env.getOrDefault("LOR_GAME_PORTS", "0"))),
                publicGameUrl(options.getOrDefault("--public-game-url", env.get("LOR_PUBLIC_GAME_URL"))),
                agones(options, env, tlsCert != null,
                        options.getOrDefault("--content-dir", env.get("LOR_CONTENT_DIR")) != null,
                        options.getOrDefault("--game-ports", env.get("LOR_GAME_PORTS")) != null,
                        options.getOrDefault("--public-game-url", env.get("LOR_PUBLIC_GAME_URL"))));
    }

    /** Where the pod's own namespace is, inside a Kubernetes pod. */
    static final Path POD_NAMESPACE = Path.of("/var/run/secrets/kubernetes.io/serviceaccount/namespace");

    /** The Agones launcher's settings, or null for local processes. */
    private static AgonesSettings agones(Map<String, String> options, Map<String, String> env, boolean tls,
                                         boolean contentDir, boolean gamePorts, String publicGameUrl) {
        String launcher = options.getOrDefault("--launcher", env.getOrDefault("LOR_LAUNCHER", "local"));
        if (launcher.equals("local")) {
            return null;
        }
        if (!launcher.equals("agones")) {
            throw new IllegalArgumentException("--launcher must be local or agones, got " + launcher);
        }
        // A pod cannot read files of the director's host: these would name paths that do not exist there.
        if (tls) {
            throw new IllegalArgumentException("--launcher agones and --tls-cert do not go together: worlds take "
                    + "their certificate from a Secret (--agones-tls-secret), the director's port from the load "
                    + "balancer or ingress in front of it");
        }
        if (contentDir) {
            throw new IllegalArgumentException("--launcher agones and --content-dir do not go together: build the "
                    + "studio's packs into the world-server image instead");
        }
        if (gamePorts) {
            throw new IllegalArgumentException("--launcher agones and --game-ports do not go together: Agones "
                    + "allocates the host ports (its controller's port range)");
        }
        String namespace = options.getOrDefault("--agones-namespace", env.get("LOR_AGONES_NAMESPACE"));
        if (namespace == null) {
            try {
                namespace = Files.isReadable(POD_NAMESPACE) ? Files.readString(POD_NAMESPACE).trim() : "default";
            } catch (IOException e) {
                namespace = "default";
            }
        }
        // A host port names a GameServer only together with its node.
        if (publicGameUrl != null && !publicGameUrl.contains("{host}")) {
            throw new IllegalArgumentException("--public-game-url needs {host} with --launcher agones: Agones "
                    + "gives each world a port of its node, got " + publicGameUrl);
        }
        String template = options.getOrDefault("--agones-template", env.get("LOR_AGONES_TEMPLATE"));
        if (template != null && !Files.isRegularFile(Path.of(template))) {
            throw new IllegalArgumentException("--agones-template: no file at " + template);
        }
        return new AgonesSettings(namespace, options.getOrDefault("--agones-image", env.get("LOR_AGONES_IMAGE")),
                options.getOrDefault("--agones-control-url", env.get("LOR_AGONES_CONTROL_URL")),
                template == null ? null : Path.of(template).toAbsolutePath().normalize(),
                options.getOrDefault("--agones-tls-secret", env.get("LOR_AGONES_TLS_SECRET")));
    }

    /**
     * A {@code ws://} or {@code wss://} URL with {@code {port}} in it (and maybe {@code {world}} and {@code {host}}),
     * which must be a URL once they are replaced; or null.
     */
    private static String publicGameUrl(String value) {
        if (value == null) {
            return null;
        }
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
        if (value == null) {
            return null;
        }
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

    private static boolean leaveWorldsOnStop(String value) {
        return switch (value) {
            case "stop-worlds" -> false;
            case "leave-worlds" -> true;
            default -> throw new IllegalArgumentException("--on-stop must be stop-worlds or leave-worlds");
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
        if (tls()) {
            options.addAll(List.of("--tls-cert", tlsCert.toString(), "--tls-key", tlsKey.toString()));
        }
        if (!gamePorts.any()) {
            options.addAll(List.of("--game-ports", gamePorts.toString()));
        }
        return List.copyOf(options);
    }

    /** An existing directory, made absolute: a world process runs elsewhere and must find the same files. */
    private static Path contentDir(String value) {
        if (value == null) {
            return null;
        }
        Path dir = Path.of(value).toAbsolutePath().normalize();
        if (!Files.isDirectory(dir)) {
            throw new IllegalArgumentException("--content-dir " + value + " is not a directory");
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

    private static List<String> allowedOrigins(String value) {
        if (value == null) {
            return null;
        }
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

    private static final Set<String> KNOWN = Set.of("--port", "--bind", "--public-host",
            "--db-url", "--db-user", "--db-password", "--data-dir", "--snapshot-interval-ms", "--idle-shutdown-ms",
            "--spawn-timeout-ms", "--stop-timeout-ms", "--snapshots-kept", "--session-ttl-ms", "--ticket-ttl-ms",
            "--max-snapshot-bytes", "--world-jar", "--db-pool-size", "--admin-token", "--warm-spares",
            "--world-jvm-options", NetworkGuards.MAX_CONNECTIONS_OPTION, NetworkGuards.MAX_NEW_CONNECTIONS_OPTION,
            NetworkGuards.HANDSHAKE_TIMEOUT_OPTION, NetworkGuards.ALLOWED_ORIGINS_OPTION, "--ping-interval-ms",
            "--client-timeout-ms", "--reconnect-window-ms", "--login-backoff-ms", "--login-failures-per-address",
            "--on-stop", "--password-iterations", "--content-dir", "--tls-cert", "--tls-key", "--game-ports",
            "--public-game-url", "--launcher", "--agones-image", "--agones-control-url", "--agones-namespace",
            "--agones-template", "--agones-tls-secret");

    /**
     * Only {@code -X…} (heap, GC, {@code -XX:} flags) and {@code -D…} options: anything else ({@code -jar},
     * {@code -cp}, an agent) would change what runs, not how.
     */
    private static List<String> worldJvmOptions(String value) {
        if (value == null || value.isBlank()) {
            return List.of();
        }
        List<String> options = List.of(value.trim().split("\\s+"));
        for (String option : options) {
            if (!option.startsWith("-X") && !option.startsWith("-D")) {
                throw new IllegalArgumentException("--world-jvm-options takes -X... and -D... options only, got "
                        + option);
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

    private static void validateAddress(String address) {
        try {
            InetAddress.getByName(address);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("--bind: cannot resolve " + address);
        }
    }

    private static long longOption(Map<String, String> options, String name, long fallback, long min, long max) {
        String value = options.get(name);
        if (value == null) {
            return fallback;
        }
        long parsed;
        try {
            parsed = Long.parseLong(value.replace("_", ""));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " needs a whole number, got \"" + value + "\"");
        }
        if (parsed < min || parsed > max) {
            throw new IllegalArgumentException(name + " must be between " + min + " and " + max + ", got " + parsed);
        }
        return parsed;
    }
}
