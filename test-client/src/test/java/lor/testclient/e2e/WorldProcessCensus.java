package lor.testclient.e2e;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Counts, many times a second, the world-server processes of this host serving each world (by the
 * {@code --world-id} they were started with): the most ever seen at once must be one per world.
 */
final class WorldProcessCensus implements AutoCloseable {

    private static final long EVERY_MILLIS = 50;

    private final List<String> worlds;
    /** Only processes started from this jar are counted; null for any. */
    private final String worldJar;
    private final Map<String, Integer> most = new ConcurrentHashMap<>();
    private final ScheduledExecutorService sampler = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "world-census");
        t.setDaemon(true);
        return t;
    });

    WorldProcessCensus(List<String> worlds) {
        this(worlds, null);
    }

    /**
     * Counts only the world processes started from {@code worldJar}: another checkout on the same host (a suite run
     * beside a benchmark) runs worlds of the same ids from its own jar.
     */
    WorldProcessCensus(List<String> worlds, Path worldJar) {
        this.worlds = List.copyOf(worlds);
        this.worldJar = worldJar == null ? null : worldJar.toString();
        sampler.scheduleWithFixedDelay(this::sample, 0, EVERY_MILLIS, TimeUnit.MILLISECONDS);
    }

    private void sample() {
        running().forEach((world, count) -> most.merge(world, count, Math::max));
    }

    /** The processes of each world running now. */
    Map<String, Integer> running() {
        Map<String, Integer> now = new HashMap<>();
        ProcessHandle.allProcesses().forEach(p -> worldOf(p).ifPresent(w -> now.merge(w, 1, Integer::sum)));
        return now;
    }

    private Optional<String> worldOf(ProcessHandle process) {
        Optional<String[]> arguments = process.info().arguments();
        if (arguments.isEmpty()) {
            return Optional.empty();
        }
        String[] args = arguments.get();
        if (worldJar != null && !Arrays.asList(args).contains(worldJar)) {
            return Optional.empty();
        }
        for (int i = 0; i + 1 < args.length; i++) {
            if (args[i].equals("--world-id") && worlds.contains(args[i + 1])) {
                return Optional.of(args[i + 1]);
            }
        }
        return Optional.empty();
    }

    /** The most processes ever seen at once for each world seen. */
    Map<String, Integer> most() {
        return Map.copyOf(most);
    }

    @Override
    public void close() {
        sampler.shutdownNow();
    }
}
