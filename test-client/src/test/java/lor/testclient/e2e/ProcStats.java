package lor.testclient.e2e;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** What the {@code Cluster*Bench} figures read from {@code /proc}: CPU time, memory, a world's JVM flags. */
final class ProcStats {
    private static long clockTicksPerSecond;

    private ProcStats() {
    }

    /** {@code getconf CLK_TCK}: the unit of /proc/PID/stat's times. */
    static synchronized long clockTicks() {
        if (clockTicksPerSecond == 0) {
            clockTicksPerSecond = 100;
            try {
                Process getconf = new ProcessBuilder("getconf", "CLK_TCK").redirectErrorStream(true).start();
                String out = new String(getconf.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).trim();
                if (getconf.waitFor() == 0) {
                    clockTicksPerSecond = Long.parseLong(out);
                }
            } catch (IOException | NumberFormatException e) {
                // 100 on every Linux this runs on.
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        return clockTicksPerSecond;
    }

    /** utime + stime of a process in clock ticks; 0 when it is gone. */
    static long cpuTicks(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            // The command name may hold spaces and parentheses: the fields that follow it start after the last ')'.
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
        } catch (IOException e) {
            return 0;
        }
    }

    static long rssKb(long pid) {
        return statusKb(Path.of("/proc", Long.toString(pid), "status"), "VmRSS:");
    }

    /** Proportional set size: the pages shared between worlds (libjvm, the CDS archive) counted once in all. */
    static long pssKb(long pid) {
        return statusKb(Path.of("/proc", Long.toString(pid), "smaps_rollup"), "Pss:");
    }

    static long memAvailableKb() {
        return statusKb(Path.of("/proc/meminfo"), "MemAvailable:");
    }

    private static long statusKb(Path file, String key) {
        try {
            for (String line : Files.readAllLines(file)) {
                if (line.startsWith(key)) {
                    return Long.parseLong(line.substring(key.length()).trim().split("\\s+")[0]);
                }
            }
        } catch (IOException e) {
            // Gone.
        }
        return 0;
    }

    /** busy and total jiffies of the host, all cores. */
    static long[] hostCpu() {
        try {
            String[] f = Files.readAllLines(Path.of("/proc/stat")).get(0).trim().split("\\s+");
            long total = 0;
            for (int i = 1; i < f.length && i <= 8; i++) {
                total += Long.parseLong(f[i]);
            }
            long idle = Long.parseLong(f[4]) + Long.parseLong(f[5]);
            return new long[] {total - idle, total};
        } catch (IOException e) {
            return new long[] {0, 1};
        }
    }

    /** The JVM options before {@code -jar} on a world's command line. */
    static String worldJvmFlags(long pid) throws IOException {
        String[] args = new String(Files.readAllBytes(Path.of("/proc", Long.toString(pid), "cmdline")),
                StandardCharsets.UTF_8).split("\0");
        List<String> flags = new ArrayList<>();
        for (int i = 1; i < args.length && !args[i].equals("-jar"); i++) {
            flags.add(args[i]);
        }
        return String.join(" ", flags);
    }
}
