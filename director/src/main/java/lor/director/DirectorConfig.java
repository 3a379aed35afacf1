package lor.director;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

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
        long loginBackoffMs) {

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
              --db-pool-size N          database connections (default 10)
              --warm-spares N           world processes kept started and waiting for a world, so that joining a
                                        stopped world skips the JVM start (default 1; 0 = none)
              --world-jvm-options "OPTS"  JVM options for world processes, after the built-in ones so they win
                                        (env LOR_WORLD_JVM_OPTIONS; -X… and -D… options separated by spaces,
                                        e.g. "-Xmx512m -XX:+UseParallelGC"; default: none)
              --admin-token TOKEN       enables /admin and /api/admin/ for requests carrying
                                        "Authorization: Bearer TOKEN" (env LOR_ADMIN_TOKEN; at least 16
                                        characters; default: off)
              --login-backoff-ms N      first wait imposed after 5 failed logins of an account (or 20 from one
                                        address), doubled per further failure up to 60 s (default 1000)
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
                longOption(options, "--login-backoff-ms", 1_000, 1, 60_000));
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
                + ", worldJvmOptions=" + worldJvmOptions + ", loginBackoffMs=" + loginBackoffMs + "]";
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
            "--world-jvm-options", "--login-backoff-ms");

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
