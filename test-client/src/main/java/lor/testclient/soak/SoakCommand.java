package lor.testclient.soak;

import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import lor.testclient.net.DirectorHttp;
import lor.testclient.net.DirectorHttp.WorldRow;
import lor.testclient.scenario.ScenarioContext;

/**
 * {@code test-client soak}: issue 6's soak. Players join several worlds, walk, and rejoin whenever their world dies
 * under them, while every {@code --kill-every} seconds a random world process is SIGKILLed. Then one line per
 * criterion: no acknowledged snapshot lost (every killed world's next process was hydrated from at least the seq
 * acknowledged before the kill), no orphan process (no killed world alive, nothing the director started living on
 * without it, and with {@code --stop-director} nothing left once it has stopped), and, for runs of
 * {@value #FLATNESS_MINUTES} minutes or more, tick p99 under 50 ms (see {@link TickSampler}) and the director's heap
 * after GC and open file descriptors flat (±10 %) over the run's last two thirds (the last 20 minutes of 30).
 */
public final class SoakCommand {

    /**
     * Shorter runs say nothing about flatness, and their tick figures are dominated by the start of the worlds and by
     * whatever else shares the host (the suite's short run shares two cores with the build): their figures are
     * printed, not judged.
     */
    static final int FLATNESS_MINUTES = 10;
    /** Sign-ins are paced (see {@link Players#SIGN_INS_AT_ONCE}): a fraction of a second each. */
    private static final Duration SIGN_IN_LIMIT = Duration.ofMinutes(10);
    /** Joins start the worlds (one of them on the warm spare) and cost no password hashing. */
    private static final Duration JOIN_LIMIT = Duration.ofMinutes(2);
    /** Players rejoin a killed world within seconds; this allows for a loaded host. */
    private static final Duration RESTART_LIMIT = Duration.ofSeconds(60);
    /** The director stops its worlds (final snapshots) first: --stop-timeout-ms, 45 s by default, plus 5 s. */
    private static final Duration STOP_LIMIT = Duration.ofSeconds(120);
    private static final Duration SAMPLE_EVERY = Duration.ofSeconds(5);
    /** Each heap sample is a full GC in the director. */
    private static final Duration HEAP_SAMPLE_EVERY = Duration.ofSeconds(30);
    /** How long the director may take to answer a join while a world starts. */
    private static final Duration LIFECYCLE_TIMEOUT = Duration.ofSeconds(60);

    private SoakCommand() {
    }

    public static int run(String[] args, PrintStream out) throws Exception {
        if (List.of(args).contains("--help")) {
            out.print(SoakOptions.USAGE);
            return 0;
        }
        SoakOptions options = SoakOptions.parse(args);
        SoakLog log = new SoakLog(out);
        Criteria criteria = new Criteria(out);
        try (ScenarioContext ctx = new ScenarioContext(options.director(), LIFECYCLE_TIMEOUT)) {
            Players players = Players.start(ctx, options);
            log.line("%d players signing in, %d at a time", options.players(), Players.SIGN_INS_AT_ONCE);
            boolean signedIn = players.awaitAllSignedIn(SIGN_IN_LIMIT);
            players.letJoin();
            log.line("%d players signed in; joining %s", players.signedInOnce(), options.worlds());
            if (!signedIn || !players.awaitAllJoined(JOIN_LIMIT)) {
                players.stop();
                criteria.check(false, "every player joined", players.joinedOnce() + " of " + options.players()
                        + "; last failure: " + players.lastFailure());
                return criteria.summary();
            }
            log.line("all %d players in; playing for %d s, a world SIGKILLed every %d s", options.players(),
                    options.duration().toSeconds(), options.killEvery().toSeconds());
            log.startClock();
            try (DirectorWatch director = DirectorWatch.of(ctx.http().worlds())) {
                KillLedger ledger = new KillLedger(log);
                TickSampler ticks = new TickSampler(log);
                play(ctx, options, players, director, ledger, ticks, log);
                judge(options, criteria, director, ledger, ticks, log);
                out.printf("soak: %d joins, %d failed join attempts while worlds restarted (last: %s)%n",
                        players.joins(), players.failures(), players.lastFailure());
            }
        }
        return criteria.summary();
    }

    /** The soak proper: samples, kills on schedule, then waits for the last killed world to be back. */
    private static void play(ScenarioContext ctx, SoakOptions options, Players players, DirectorWatch director,
                             KillLedger ledger, TickSampler ticks, SoakLog log) throws Exception {
        DirectorHttp http = ctx.http();
        // A thread each for sampling, heap sampling and kills: a slow one (a full GC, a busy director) must not
        // delay a kill.
        AtomicInteger threads = new AtomicInteger();
        ScheduledExecutorService timers = Executors.newScheduledThreadPool(3, r -> {
            Thread t = new Thread(r, "soak-timer-" + threads.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        WorldKiller killer = new WorldKiller(http, options, ledger, log);
        try {
            timers.scheduleWithFixedDelay(task(log, "sample", () -> {
                List<WorldRow> rows = http.worlds();
                ledger.check(rows);
                ticks.sample(rows, http.get("/metrics").body());
                director.sample(log.elapsedSeconds());
            }), 0, SAMPLE_EVERY.toMillis(), TimeUnit.MILLISECONDS);
            timers.scheduleWithFixedDelay(task(log, "heap sample", () -> director.sampleHeap(log.elapsedSeconds())),
                    0, HEAP_SAMPLE_EVERY.toMillis(), TimeUnit.MILLISECONDS);
            for (long at = options.killEvery().toMillis(); at < options.duration().toMillis();
                 at += options.killEvery().toMillis()) {
                timers.schedule(task(log, "kill", killer::killOne), at, TimeUnit.MILLISECONDS);
            }
            CountDownLatch over = new CountDownLatch(1);
            timers.schedule(over::countDown, options.duration().toMillis(), TimeUnit.MILLISECONDS);
            over.await();
            log.line("time is up; waiting for every killed world to be back");
            try {
                ctx.await("every killed world back in a new process", RESTART_LIMIT, ledger::allSettled);
            } catch (AssertionError e) {
                log.line("%s", e.getMessage());
            }
        } finally {
            timers.shutdownNow();
            timers.awaitTermination(30, TimeUnit.SECONDS);
            players.stop();
        }
        // One last reading once the players are gone: a kill settled meanwhile still counts.
        ledger.check(http.worlds());
        ctx.close();
    }

    private static void judge(SoakOptions options, Criteria criteria, DirectorWatch director, KillLedger ledger,
                              TickSampler ticks, SoakLog log) throws Exception {
        criteria.check(ledger.nothingLost(), "acknowledged snapshots kept", ledger.describe());

        List<Long> strays = director.strays(ledger.killedPids());
        List<Long> leftAfterStop = List.of();
        String stopped = "director left running";
        if (options.stopDirector()) {
            log.line("stopping the director (pid %d) with SIGTERM", director.pid());
            leftAfterStop = director.stop(STOP_LIMIT);
            stopped = "director stopped with SIGTERM, " + leftAfterStop.size() + " of its processes left: "
                    + leftAfterStop;
        }
        List<Long> orphans = new ArrayList<>(strays);
        orphans.addAll(leftAfterStop);
        criteria.check(orphans.isEmpty(), "no orphan processes", director.childrenSeen()
                + " processes started by the director seen, strays " + strays + "; " + stopped);

        long judgedFrom = options.duration().toSeconds() / 3;
        boolean judged = options.duration().compareTo(Duration.ofMinutes(FLATNESS_MINUTES)) >= 0;
        if (judged) {
            criteria.check(ticks.passes(), "tick p99 under 50 ms", ticks.describe());
        } else {
            log.line("tick p99 (not judged: it needs a run of %d minutes or more): %s", FLATNESS_MINUTES,
                    ticks.describe());
        }
        for (Series series : List.of(director.heapAfterGc, director.openFiles)) {
            String figures = series.describeFrom(judgedFrom) + "; per minute: " + series.perMinute();
            if (series == director.heapAfterGc && director.heapError() != null) {
                figures += "; heap not readable: " + director.heapError();
            }
            if (judged) {
                criteria.check(series.flatFrom(judgedFrom), series.name() + " flat (±10 %)", figures);
            } else {
                log.line("%s (not judged: flatness needs a run of %d minutes or more): %s", series.name(),
                        FLATNESS_MINUTES, figures);
            }
        }
    }

    /** A timer task that reports its failure and lets the next run happen. */
    private static Runnable task(SoakLog log, String name, Task task) {
        return () -> {
            try {
                task.run();
            } catch (InterruptedException e) {
                // The soak is over.
                Thread.currentThread().interrupt();
            } catch (Exception e) {
                log.line("%s failed: %s", name, e);
            }
        };
    }

    @FunctionalInterface
    private interface Task {
        void run() throws Exception;
    }
}
