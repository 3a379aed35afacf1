package lor.testclient.e2e;

import static lor.testclient.e2e.BenchStats.round;
import static lor.testclient.e2e.BenchTiming.paceUntil;
import static lor.testclient.e2e.ProcStats.clockTicks;
import static lor.testclient.e2e.ProcStats.hostCpu;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * CPU time of the processes that serve joins, from {@code /proc/PID/stat}, over a window: each director, the
 * worlds, PostgreSQL and this JVM (the load generator and the database proxy), and the host as a whole.
 */
final class CpuWatch {
    private final Map<String, List<Long>> groups = new LinkedHashMap<>();
    private final long windowStart;
    private final Map<String, Long> before = new HashMap<>();
    private long[] hostBefore;
    private double hostBusy;

    /** {@code postgresData}: the cluster's database directory, which names its PostgreSQL processes. */
    CpuWatch(DirectorCluster c, Path postgresData, long windowStart) {
        this.windowStart = windowStart;
        for (DirectorCluster.Member d : c.directors()) {
            groups.put("d" + d.index(), List.of(d.pid()));
        }
        groups.put("worlds", BenchCluster.worldProcesses().stream().map(ProcessHandle::pid).toList());
        String data = postgresData.toString();
        List<Long> postgres = new ArrayList<>();
        ProcessHandle.allProcesses().filter(p -> p.info().arguments().map(a -> Arrays.asList(a).contains(data))
                .orElse(false)).forEach(p -> {
                    postgres.add(p.pid());
                    p.descendants().forEach(child -> postgres.add(child.pid()));
                });
        groups.put("postgres", postgres);
        groups.put("benchJvm", List.of(ProcessHandle.current().pid()));
    }

    /** @return per group, percent of one core over the window from its start to {@code windowEnd} */
    Map<String, Double> measureUntil(long windowEnd) throws InterruptedException {
        paceUntil(windowStart);
        long started = System.nanoTime();
        groups.forEach((name, pids) -> before.put(name, pids.stream().mapToLong(ProcStats::cpuTicks).sum()));
        hostBefore = hostCpu();
        paceUntil(windowEnd);
        double seconds = (System.nanoTime() - started) / 1e9;
        long[] hostAfter = hostCpu();
        hostBusy = 100.0 * (hostAfter[0] - hostBefore[0]) / Math.max(1, hostAfter[1] - hostBefore[1]);
        Map<String, Double> percent = new LinkedHashMap<>();
        groups.forEach((name, pids) -> percent.put(name, round(100.0 * (pids.stream()
                .mapToLong(ProcStats::cpuTicks).sum() - before.get(name)) / clockTicks() / seconds)));
        return percent;
    }

    double hostBusyPercent() {
        return round(hostBusy);
    }
}
