package lor.testclient.bots;

import java.io.IOException;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import lor.protocol.Json;
import lor.testclient.net.DirectorHttp;
import tools.jackson.databind.JsonNode;

/**
 * The server's side of a run, read from outside: the director's {@code /api/worlds} (the world's pid and players)
 * and {@code /metrics} (its {@code lor_*} lines), and, when the world process runs on this host, its
 * {@code /proc/<pid>/stat} and {@code /proc/<pid>/status}. Blocking: called from the run's main thread only.
 */
final class ServerProbe {

    /** One row of {@code /api/worlds}. */
    record WorldRow(String status, int players, Long pid) {
    }

    /**
     * One reading of {@code /proc/<pid>}: CPU time in clock ticks (utime + stime), resident pages, and from
     * {@code status} the resident and peak resident set in kB and the thread count.
     */
    record ProcSample(long nanoTime, long cpuTicks, long rssPages, long vmRssKb, long vmHwmKb, int threads) {
    }

    private final DirectorHttp http;
    private final String world;
    private final String host;
    private final int directorPort;

    ServerProbe(URI directorWs, String world) {
        this.http = new DirectorHttp(HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build(),
                DirectorHttp.baseOf(directorWs));
        this.world = world;
        this.host = directorWs.getHost();
        this.directorPort = directorWs.getPort();
    }

    /** The world's row, or null when the director cannot be read or does not list it. */
    WorldRow world() {
        try {
            HttpResponse<String> response = http.get("/api/worlds");
            if (response.statusCode() != 200) {
                return null;
            }
            for (JsonNode w : Json.MAPPER.readTree(response.body())) {
                if (world.equals(w.path("worldId").asString(""))) {
                    JsonNode pid = w.path("pid");
                    return new WorldRow(w.path("status").asString(""), w.path("players").asInt(),
                            pid.isIntegralNumber() ? pid.asLong() : null);
                }
            }
        } catch (Exception e) {
            System.err.println("bots: cannot read /api/worlds: " + e);
        }
        return null;
    }

    /** The director's {@code lor_*} samples that name this world or carry no labels; empty when unreadable. */
    List<String> metricLines() {
        try {
            HttpResponse<String> response = http.get("/metrics");
            if (response.statusCode() == 200) {
                return metricLines(response.body(), world);
            }
        } catch (Exception e) {
            System.err.println("bots: cannot read /metrics: " + e);
        }
        return List.of();
    }

    /**
     * The world's tick p99 in milliseconds from {@link #metricLines} ({@code lor_tick_duration_seconds}, over the
     * world's last 200 ticks), or null when the lines do not have it.
     */
    static Double tickP99Millis(List<String> lines, String world) {
        String prefix = "lor_tick_duration_seconds{world=\"" + world + "\",quantile=\"0.99\"} ";
        for (String line : lines) {
            if (line.startsWith(prefix)) {
                try {
                    return Double.parseDouble(line.substring(prefix.length()).strip()) * 1000;
                } catch (NumberFormatException e) {
                    return null;
                }
            }
        }
        return null;
    }

    static List<String> metricLines(String body, String world) {
        String label = "world=\"" + world + "\"";
        List<String> lines = new ArrayList<>();
        for (String line : body.split("\n")) {
            String trimmed = line.strip();
            if (!trimmed.startsWith("lor_")) {
                continue;
            }
            int brace = trimmed.indexOf('{');
            int space = trimmed.indexOf(' ');
            boolean labelled = brace >= 0 && (space < 0 || brace < space);
            if (!labelled || trimmed.substring(brace, trimmed.indexOf('}', brace) + 1).contains(label)) {
                lines.add(trimmed);
            }
        }
        return lines;
    }

    /**
     * Whether {@code pid} is this world's process on this host: the director's host is an address of this machine
     * and {@code /proc/<pid>/cmdline} is a world of this director (see {@link #isWorldOf}).
     */
    boolean isLocalWorld(long pid) {
        try {
            InetAddress address = InetAddress.getByName(host);
            boolean local = address.isLoopbackAddress() || address.isAnyLocalAddress()
                    || NetworkInterface.getByInetAddress(address) != null;
            if (!local) {
                return false;
            }
            byte[] cmdline = Files.readAllBytes(Path.of("/proc", Long.toString(pid), "cmdline"));
            return isWorldOf(new String(cmdline, StandardCharsets.UTF_8).split("\0"), world, directorPort);
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /**
     * Whether a command line is a world-server of the director on {@code directorPort}: one started for
     * {@code world} ({@code --world-id W}), or a warm spare it was assigned to ({@code --control-url} to that
     * director's port; a spare's command line names no world).
     */
    static boolean isWorldOf(String[] args, String world, int directorPort) {
        for (int i = 0; i + 1 < args.length; i++) {
            if (args[i].equals("--world-id")) {
                return args[i + 1].equals(world);
            }
        }
        for (int i = 0; i + 1 < args.length; i++) {
            if (args[i].equals("--control-url")) {
                try {
                    return URI.create(args[i + 1]).getPort() == directorPort;
                } catch (IllegalArgumentException e) {
                    return false;
                }
            }
        }
        return false;
    }

    /** A reading of {@code /proc/<pid>}, or null when it cannot be read (the process is gone). */
    static ProcSample sample(long pid) {
        try {
            Path dir = Path.of("/proc", Long.toString(pid));
            long now = System.nanoTime();
            String stat = Files.readString(dir.resolve("stat"), StandardCharsets.UTF_8);
            String status = Files.readString(dir.resolve("status"), StandardCharsets.UTF_8);
            return parse(stat, status, now);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** Reads {@code /proc/<pid>/stat} (fields 14 utime, 15 stime, 24 rss) and {@code status}. */
    static ProcSample parse(String stat, String status, long nanoTime) {
        // The command name (field 2) is in parentheses and may hold spaces: count fields after the last ')'.
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).trim().split("\\s+");
        long utime = Long.parseLong(fields[14 - 3]);
        long stime = Long.parseLong(fields[15 - 3]);
        long rss = Long.parseLong(fields[24 - 3]);
        long vmRss = -1;
        long vmHwm = -1;
        int threads = Integer.parseInt(fields[20 - 3]);
        for (String line : status.split("\n")) {
            if (line.startsWith("VmRSS:")) {
                vmRss = kilobytes(line);
            } else if (line.startsWith("VmHWM:")) {
                vmHwm = kilobytes(line);
            }
        }
        return new ProcSample(nanoTime, utime + stime, rss, vmRss, vmHwm, threads);
    }

    private static long kilobytes(String line) {
        String[] parts = line.substring(line.indexOf(':') + 1).trim().split("\\s+");
        return Long.parseLong(parts[0]);
    }

    /** {@code getconf NAME} (CLK_TCK, PAGESIZE), or {@code fallback} when it cannot be run. */
    static long getconf(String name, long fallback) {
        try {
            Process process = new ProcessBuilder("getconf", name).redirectErrorStream(true).start();
            String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).trim();
            if (process.waitFor(5, TimeUnit.SECONDS) && process.exitValue() == 0) {
                return Long.parseLong(out);
            }
        } catch (IOException | NumberFormatException e) {
            return fallback;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return fallback;
    }
}
