package lor.testclient.e2e;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A process held to a share of the CPU by the cgroup (v1) {@code cpu} controller: the throughput figure's stand-in
 * for "a core of its own" on a host whose two cores everything shares. A process held below what the host has
 * spare gets its share whatever the others do, and no more. Its quota is the kernel's shortest (1 ms) and the period
 * as short as that allows, so that a director held to a sixth of a core runs 1 ms of every 6.7 rather than stalling
 * for tens of milliseconds.
 * Needs a writable {@code /sys/fs/cgroup/cpu} (root, cgroup v1); {@link #available} says.
 */
final class CpuCap implements AutoCloseable {

    private static final Path ROOT = Path.of("/sys/fs/cgroup/cpu");
    private static final long QUOTA_MICROS = 1_000;

    private final Path group;
    private final long pid;

    private CpuCap(Path group, long pid) {
        this.group = group;
        this.pid = pid;
    }

    static boolean available() {
        return Files.isWritable(ROOT.resolve("cgroup.procs")) && Files.isWritable(ROOT);
    }

    /** Holds {@code pid} (all its threads, and those it starts) to {@code cores} of CPU time. */
    static CpuCap hold(String name, long pid, double cores) {
        Path group = ROOT.resolve(name);
        CpuCap cap = new CpuCap(group, pid);
        try {
            Files.createDirectories(group);
            Files.writeString(group.resolve("cpu.cfs_period_us"), Long.toString(Math.round(QUOTA_MICROS / cores)));
            Files.writeString(group.resolve("cpu.cfs_quota_us"), Long.toString(QUOTA_MICROS));
            Files.writeString(group.resolve("cgroup.procs"), Long.toString(pid));
        } catch (IOException e) {
            cap.close();
            throw new UncheckedIOException("cannot hold pid " + pid + " to " + cores + " of a core in " + group, e);
        }
        return cap;
    }

    /** Milliseconds the process was held back so far: above 0 when it wanted more than its share. */
    long throttledMillis() {
        try {
            for (String line : Files.readAllLines(group.resolve("cpu.stat"))) {
                if (line.startsWith("throttled_time ")) {
                    return Long.parseLong(line.substring("throttled_time ".length()).trim()) / 1_000_000;
                }
            }
            return -1;
        } catch (IOException e) {
            return -1;
        }
    }

    /** Lets the process go back to the host's CPU. */
    @Override
    public void close() {
        try {
            if (ProcessHandle.of(pid).isPresent()) {
                Files.writeString(ROOT.resolve("cgroup.procs"), Long.toString(pid));
            }
            Files.deleteIfExists(group);
        } catch (IOException e) {
            System.err.println("CpuCap: cannot remove " + group + ": " + e.getMessage());
        }
    }
}
