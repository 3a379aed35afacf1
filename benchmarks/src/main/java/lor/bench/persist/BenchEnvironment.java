package lor.bench.persist;

import java.io.IOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import lor.director.db.Database;

/** Where a run happened, for the report: host, JVM, database settings, load. The machine is often shared. */
final class BenchEnvironment {

    private final Map<String, String> lines = new LinkedHashMap<>();
    private final Instant started;

    BenchEnvironment(Instant started) {
        this.started = started;
    }

    Map<String, String> lines() {
        return lines;
    }

    void describe(Database db, Path dataDir, BenchOptions options) throws IOException {
        lines.put("date", started.truncatedTo(ChronoUnit.SECONDS).toString());
        lines.put("load at start", loadAverage());
        lines.put("host", hostName() + ", " + Runtime.getRuntime().availableProcessors() + " CPUs, "
                + System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
                + System.getProperty("os.arch"));
        lines.put("jvm", System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version")
                + ", max heap " + Runtime.getRuntime().maxMemory() / (1024 * 1024) + " MiB, GC "
                + String.join(" + ", ManagementFactory.getGarbageCollectorMXBeans().stream()
                .map(GarbageCollectorMXBean::getName).toList()));
        db.inTransaction("describe the database", c -> {
            try (Statement s = c.createStatement()) {
                StringBuilder settings = new StringBuilder();
                try (ResultSet rs = s.executeQuery("SELECT version()")) {
                    rs.next();
                    String version = rs.getString(1);
                    int comma = version.indexOf(',');
                    lines.put("postgres", comma > 0 ? version.substring(0, comma) : version);
                }
                for (String setting : List.of("fsync", "synchronous_commit", "full_page_writes", "wal_sync_method")) {
                    try (ResultSet rs = s.executeQuery("SHOW " + setting)) {
                        rs.next();
                        settings.append(settings.isEmpty() ? "" : ", ").append(setting).append('=')
                                .append(rs.getString(1));
                    }
                }
                lines.put("postgres settings", settings.toString());
            }
            return null;
        });
        lines.put("data directory", dataDir + " (file system " + Files.getFileStore(dataDir).type() + ")");
        lines.put("rounds", options.rounds() + " measured per world size and path, after at least "
                + options.warmup() + " warm-up rounds and " + options.warmupSeconds() + " s of warm-up (counts below)");
    }

    /** Called once the run is over: its duration and the load at its end. */
    void finish() {
        lines.put("duration", Duration.between(started, Instant.now()).toSeconds() + " s");
        lines.put("load average (1 min) at start / end", lines.remove("load at start") + " / "
                + loadAverage() + " on " + Runtime.getRuntime().availableProcessors()
                + " CPUs (other processes on the host compete with the bench)");
    }

    private static String loadAverage() {
        double load = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
        return load < 0 ? "n/a" : String.format(Locale.ROOT, "%.2f", load);
    }

    private static String hostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return "unknown host";
        }
    }
}
