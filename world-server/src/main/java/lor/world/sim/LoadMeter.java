package lor.world.sim;

import java.io.IOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * What serving a world costs, for {@code world_load}: broadcast durations, state bytes and frames per second, and
 * the process's GC time, CPU time and resident memory. Tick-thread confined, except that the JVM figures are read
 * from the JVM, which is safe anywhere.
 */
public final class LoadMeter {

    private static final Path STATUS = Path.of("/proc/self/status");

    /** world_load's broadcast figures are over the last 100 broadcasts (10 s at 10 Hz), as its contract says. */
    static final int BROADCAST_WINDOW = 100;

    private final TickStats broadcasts = new TickStats(BROADCAST_WINDOW);
    /**
     * Looked up on the first load report, not at construction: the platform MXBeans (JMX, object names, a dozen
     * method handles spun at run time) cost a cold start about 20 ms before the world registered.
     */
    private List<GarbageCollectorMXBean> collectors;
    private long lastBytes;
    private long lastFrames;

    public void broadcastTook(long nanos) {
        broadcasts.record(nanos);
    }

    public TickStats.Summary broadcasts() {
        return broadcasts.summary();
    }

    /** Bytes written since the last call, from a running total. */
    public long bytesSinceLast(long totalBytes) {
        long delta = totalBytes - lastBytes;
        lastBytes = totalBytes;
        return delta;
    }

    /** Frames written since the last call, from a running total. */
    public long framesSinceLast(long totalFrames) {
        long delta = totalFrames - lastFrames;
        lastFrames = totalFrames;
        return delta;
    }

    public double gcPauseSeconds() {
        long millis = 0;
        for (GarbageCollectorMXBean collector : collectors()) {
            millis += Math.max(0, collector.getCollectionTime());
        }
        return millis / 1000.0;
    }

    public long gcCount() {
        long count = 0;
        for (GarbageCollectorMXBean collector : collectors()) {
            count += Math.max(0, collector.getCollectionCount());
        }
        return count;
    }

    private List<GarbageCollectorMXBean> collectors() {
        if (collectors == null) {
            collectors = ManagementFactory.getGarbageCollectorMXBeans();
        }
        return collectors;
    }

    public static double cpuSeconds() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            return Math.max(0, os.getProcessCpuTime()) / 1e9;
        }
        return 0;
    }

    /** Resident memory from /proc/self/status (VmRSS), or 0 where there is no such file. */
    public static long rssBytes() {
        try {
            for (String line : Files.readAllLines(STATUS)) {
                if (line.startsWith("VmRSS:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
                }
            }
        } catch (IOException | NumberFormatException e) {
            return 0;
        }
        return 0;
    }
}
