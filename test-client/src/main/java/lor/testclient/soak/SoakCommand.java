package lor.testclient.soak;

import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Collectors;

import lor.testclient.net.DirectorHttp;
import lor.testclient.net.DirectorHttp.WorldRow;
import lor.testclient.scenario.ScenarioContext;

/**
 * {@code test-client soak}: players in several worlds for a long time while a random world is SIGKILLed every so
 * often; it checks issue 6's soak criteria and prints one line per criterion and {@code N passed, M failed}:
 * no acknowledged snapshot lost (every restarted world hydrates from at least the seq acknowledged before its kill),
 * no orphan world process, tick p99 under 50 ms in worlds that have warmed up, and, given the director's pid and a
 * run of 10 minutes or more, its open file descriptors and resident memory flat (±10 %) over the last two thirds.
 * It must run on the director's host: it signals world processes by pid.
 */
public final class SoakCommand {

    static final String USAGE = """
            usage: test-client soak --director ws://HOST:PORT/ws [--players N] [--duration S] [--kill-every S]
                                    [--worlds a,b,c] [--director-pid PID] [--seed N]
              --players N       players, spread over the worlds (default 200)
              --duration S      seconds to run (default 1800)
              --kill-every S    seconds between two world kills (default 120)
              --worlds LIST     worlds to play in (default start,cellar,meadow)
              --director-pid P  the director's pid, to watch its file descriptors and memory
              --seed N          seed of the walks and the kills (default 6)
            """;
    /** The tick p99 a warmed-up world must stay under. */
    static final double TICK_P99_LIMIT_SECONDS = 0.050;
    /** A world's first seconds (JIT, hydration) are not its steady state. */
    static final Duration WARM_UP = Duration.ofSeconds(10);
    private static final Duration SAMPLE_EVERY = Duration.ofSeconds(5);

    private SoakCommand() {
    }

    public static int run(String[] args, PrintStream out) throws Exception {
        Options o = Options.parse(args);
        ScenarioContext ctx = new ScenarioContext(o.director, Duration.ofSeconds(60));
        DirectorHttp http = ctx.http();
        long start = System.nanoTime();
        long deadline = start + o.duration.toNanos();
        AtomicLong joins = new AtomicLong();
        AtomicLong failures = new AtomicLong();
        ExecutorService players = Executors.newFixedThreadPool(o.players);
        SplittableRandom random = new SplittableRandom(o.seed);
        for (int i = 0; i < o.players; i++) {
            players.execute(new SoakPlayer(ctx, o.worlds.get(i % o.worlds.size()), deadline, random.nextLong(),
                    joins, failures));
        }
        out.printf("soak: %d players in %s for %d s, a world killed every %d s%n", o.players, o.worlds,
                o.duration.toSeconds(), o.killEvery.toSeconds());

        List<Kill> kills = new ArrayList<>();
        Map<Long, Long> firstSeen = new HashMap<>();
        List<Double> steadyTickP99 = new ArrayList<>();
        List<long[]> directorSamples = new ArrayList<>();
        long nextKill = start + o.killEvery.toNanos();
        while (System.nanoTime() < deadline) {
            LockSupport.parkNanos(SAMPLE_EVERY.toNanos());
            long now = System.nanoTime();
            List<WorldRow> rows = http.worlds();
            for (WorldRow row : rows) {
                if (row.pid() != null && "running".equals(row.status())) {
                    long seen = firstSeen.computeIfAbsent(row.pid(), pid -> now);
                    if (now - seen >= WARM_UP.toNanos()) {
                        steadyTickP99.add(tickP99(http, row.worldId()));
                    }
                }
            }
            kills.forEach(k -> k.check(rows));
            if (o.directorPid > 0) {
                directorSamples.add(new long[] {now, openFiles(o.directorPid), residentKb(o.directorPid)});
            }
            if (now >= nextKill) {
                nextKill += o.killEvery.toNanos();
                List<WorldRow> running = rows.stream().filter(r -> r.pid() != null && "running".equals(r.status())
                        && o.worlds.contains(r.worldId())).toList();
                if (!running.isEmpty()) {
                    WorldRow victim = running.get(random.nextInt(running.size()));
                    ProcessHandle.of(victim.pid()).ifPresent(ProcessHandle::destroyForcibly);
                    kills.add(new Kill(victim.worldId(), victim.pid(), victim.lastSnapshotSeq()));
                    out.printf("soak: killed %s (pid %d) at acked seq %d%n", victim.worldId(), victim.pid(),
                            victim.lastSnapshotSeq());
                }
            }
        }
        players.shutdown();
        players.awaitTermination(1, TimeUnit.MINUTES);
        // Every killed world comes back with the next join; give the last ones the time to.
        long settle = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (kills.stream().anyMatch(k -> !k.checked()) && System.nanoTime() < settle) {
            List<WorldRow> rows = http.worlds();
            kills.forEach(k -> k.check(rows));
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(500));
        }
        ctx.close();

        Criteria criteria = new Criteria(out);
        long lost = kills.stream().filter(Kill::lost).count();
        long unchecked = kills.stream().filter(k -> !k.checked()).count();
        criteria.check(lost == 0 && unchecked == 0 && !kills.isEmpty(), "acknowledged snapshots kept",
                kills.size() + " kills, " + lost + " restarted behind their acked seq, " + unchecked
                        + " not restarted to check");
        Set<Long> orphans = orphans(http.worlds(), kills);
        criteria.check(orphans.isEmpty(), "no orphan world processes", "orphans: " + orphans);
        double worst = steadyTickP99.stream().mapToDouble(Double::doubleValue).max().orElse(0);
        criteria.check(!steadyTickP99.isEmpty() && worst < TICK_P99_LIMIT_SECONDS, "tick p99 under 50 ms",
                String.format("worst of %d samples %.1f ms", steadyTickP99.size(), worst * 1000));
        if (o.directorPid > 0 && o.duration.compareTo(Duration.ofMinutes(10)) >= 0) {
            criteria.check(Flatness.flat(directorSamples, 1), "director file descriptors flat (±10 %)",
                    Flatness.describe(directorSamples, 1));
            criteria.check(Flatness.flat(directorSamples, 2), "director resident memory flat (±10 %)",
                    Flatness.describe(directorSamples, 2));
        }
        out.printf("soak: %d joins, %d failed join attempts (worlds restarting)%n", joins.get(), failures.get());
        return criteria.summary();
    }

    private static double tickP99(DirectorHttp http, String worldId) throws Exception {
        String series = "lor_tick_duration_seconds{world=\"" + worldId + "\",quantile=\"0.99\"} ";
        for (String line : http.get("/metrics").body().split("\n")) {
            if (line.startsWith(series)) {
                return Double.parseDouble(line.substring(series.length()).trim());
            }
        }
        return 0;
    }

    /** World-server processes on this host that are neither a running world of the director nor a warm spare. */
    private static Set<Long> orphans(List<WorldRow> rows, List<Kill> kills) {
        Set<Long> running = rows.stream().map(WorldRow::pid).filter(p -> p != null).collect(Collectors.toSet());
        Set<Long> found = ProcessHandle.allProcesses()
                .filter(p -> p.info().arguments().map(a -> List.of(a).contains("--world-id")).orElse(false))
                .filter(p -> p.info().arguments().map(a -> String.join(" ", a).contains("world-server"))
                        .orElse(false))
                .map(ProcessHandle::pid)
                .filter(pid -> !running.contains(pid))
                .collect(Collectors.toSet());
        kills.stream().map(Kill::pid).filter(pid -> ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false))
                .forEach(found::add);
        return found;
    }

    private static long openFiles(long pid) {
        try (var files = Files.list(Path.of("/proc", Long.toString(pid), "fd"))) {
            return files.count();
        } catch (Exception e) {
            return -1;
        }
    }

    private static long residentKb(long pid) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
                if (line.startsWith("VmRSS:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", ""));
                }
            }
        } catch (Exception e) {
            return -1;
        }
        return -1;
    }

    /** A world killed at {@code ackedSeq}: its next process must hydrate from at least that seq. */
    private static final class Kill {
        private final String worldId;
        private final long pid;
        private final long ackedSeq;
        private Boolean kept;

        Kill(String worldId, long pid, long ackedSeq) {
            this.worldId = worldId;
            this.pid = pid;
            this.ackedSeq = ackedSeq;
        }

        void check(List<WorldRow> rows) {
            if (kept != null) {
                return;
            }
            for (WorldRow row : rows) {
                if (row.worldId().equals(worldId) && "running".equals(row.status()) && row.pid() != null
                        && row.pid() != pid) {
                    kept = row.hydratedSeq() >= ackedSeq;
                }
            }
        }

        boolean checked() {
            return kept != null;
        }

        boolean lost() {
            return Boolean.FALSE.equals(kept);
        }

        long pid() {
            return pid;
        }
    }

    private record Options(URI director, int players, Duration duration, Duration killEvery, List<String> worlds,
                           long directorPid, long seed) {

        static Options parse(String[] args) {
            URI director = null;
            int players = 200;
            Duration duration = Duration.ofMinutes(30);
            Duration killEvery = Duration.ofMinutes(2);
            List<String> worlds = List.of("start", "cellar", "meadow");
            long directorPid = 0;
            long seed = 6;
            for (int i = 0; i < args.length; i++) {
                String option = args[i];
                if (option.equals("--help")) {
                    throw new IllegalArgumentException(USAGE);
                }
                if (i + 1 >= args.length) {
                    throw new IllegalArgumentException("option " + option + " needs a value\n" + USAGE);
                }
                String value = args[++i];
                switch (option) {
                    case "--director" -> director = URI.create(value);
                    case "--players" -> players = positive(option, value, 10_000);
                    case "--duration" -> duration = Duration.ofSeconds(positive(option, value, 86_400));
                    case "--kill-every" -> killEvery = Duration.ofSeconds(positive(option, value, 86_400));
                    case "--worlds" -> worlds = List.of(value.split(","));
                    case "--director-pid" -> directorPid = positive(option, value, Integer.MAX_VALUE);
                    case "--seed" -> seed = Long.parseLong(value);
                    default -> throw new IllegalArgumentException("unknown option " + option + "\n" + USAGE);
                }
            }
            if (director == null) {
                throw new IllegalArgumentException("--director ws://HOST:PORT/ws is required\n" + USAGE);
            }
            return new Options(director, players, duration, killEvery, worlds, directorPid, seed);
        }

        private static int positive(String option, String value, int max) {
            int n;
            try {
                n = Integer.parseInt(value);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(option + " must be a number, got " + value);
            }
            if (n < 1 || n > max) {
                throw new IllegalArgumentException(option + " must be 1.." + max + ", got " + value);
            }
            return n;
        }
    }
}
