package lor.testclient.bots;

import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import io.netty.channel.EventLoopGroup;
import lor.protocol.netty.EventLoops;

/**
 * {@code test-client.jar bots}: the load generator. The run, on this (main) thread:
 * <ol>
 * <li>join: every bot logs in (or resumes, or registers) and joins the world, {@code --join-concurrency} at a time.
 * Then the session tokens are saved (atomically) for the next run, and every bot starts walking;</li>
 * <li>warm-up ({@code --warmup} s), then the measurement window ({@code --duration} s): traffic counters and CPU
 * (this process's and, when local, the world's) are read at both ends; the world's {@code lor_*} metrics too;</li>
 * <li>the walk stops at the window's end; answers are awaited {@value BotsReport#GRACE_SECONDS} s more; every bot
 * closes; the report is written and the summary printed.</li>
 * </ol>
 * All network work happens on one Netty event-loop group; this thread only waits and reads the server's figures.
 */
public final class BotsCommand {

    /** Exit status for bad options. */
    public static final int EXIT_USAGE = 64;
    /** The span of the world's reported tick percentiles: 200 ticks at 20 Hz. */
    private static final double TICK_WINDOW_SECONDS = 10;

    private final BotsOptions options;
    private final PrintStream out;
    private final PrintStream err;
    private final double graceSeconds;

    BotsCommand(BotsOptions options, PrintStream out, PrintStream err, double graceSeconds) {
        this.options = options;
        this.out = out;
        this.err = err;
        this.graceSeconds = graceSeconds;
    }

    /** Runs {@code bots} with the arguments that follow it; returns the exit status. */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        return run(args, out, err, BotsReport.GRACE_SECONDS);
    }

    /** {@link #run(String[], PrintStream, PrintStream)} with another grace period (tests against a fast fake). */
    static int run(String[] args, PrintStream out, PrintStream err, double graceSeconds) {
        BotsOptions options;
        try {
            options = BotsOptions.parse(args);
        } catch (IllegalArgumentException e) {
            err.println("bots: " + e.getMessage());
            err.print(BotsOptions.USAGE);
            return EXIT_USAGE;
        }
        if (options.help()) {
            out.print(BotsOptions.USAGE);
            return 0;
        }
        try {
            return new BotsCommand(options, out, err, graceSeconds).run();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.println("bots: interrupted");
            return 1;
        }
    }

    int run() throws InterruptedException {
        Instant startedAt = Instant.now();
        ServerProbe probe = new ServerProbe(options.director(), options.world());
        long clockTicks = ServerProbe.getconf("CLK_TCK", 100);
        long pageSize = ServerProbe.getconf("PAGESIZE", 4096);
        EventLoopGroup group = EventLoops.create("bots", options.threads());
        Fleet fleet = new Fleet(options, group, TokenStore.load(options.tokens()));
        double joinSeconds;
        long windowStart;
        long windowEnd;
        long cpuAtStart;
        long cpuAtEnd;
        long gcAtStart;
        long gcAtEnd;
        ServerProbe.WorldRow rowAtStart;
        ServerProbe.WorldRow rowAtEnd;
        ServerProbe.ProcSample procAtStart = null;
        ServerProbe.ProcSample procAtEnd = null;
        List<String> metricsAtStart;
        List<String> metricsAtEnd;
        List<Double> tickP99Windows = new ArrayList<>();
        Long pid = null;
        boolean local = false;
        try {
            long joinStart = System.nanoTime();
            err.printf(Locale.ROOT, "bots: joining %d bots to %s (%d at a time)%n", options.count(), options.world(),
                    options.joinConcurrency());
            fleet.startJoins();
            awaitJoins(fleet);
            long joinEnd = System.nanoTime();
            joinSeconds = (joinEnd - joinStart) / 1e9;
            err.printf(Locale.ROOT, "bots: %d joined, %d failed in %.1f s%n", fleet.joined.get(), fleet.failed.get(),
                    joinSeconds);
            saveTokens(fleet);
            fleet.startWalking(System.nanoTime());

            windowStart = joinEnd + seconds(options.warmupSeconds());
            windowEnd = windowStart + seconds(options.durationSeconds());
            fleet.window.set(windowStart, windowEnd);
            long now = System.nanoTime();
            for (Bot bot : fleet.bots) {
                bot.loop().schedule(bot::markWindowStart, windowStart - now, TimeUnit.NANOSECONDS);
                bot.loop().schedule(bot::markWindowEnd, windowEnd - now, TimeUnit.NANOSECONDS);
            }
            rowAtStart = probe.world();
            if (rowAtStart != null && rowAtStart.pid() != null) {
                pid = rowAtStart.pid();
                local = probe.isLocalWorld(pid);
            }

            sleepUntil(windowStart);
            cpuAtStart = processCpuNanos();
            gcAtStart = gcMillis();
            if (local) {
                procAtStart = ServerProbe.sample(pid);
            }
            metricsAtStart = probe.metricLines();
            err.printf(Locale.ROOT, "bots: measuring for %.0f s%n", options.durationSeconds());

            // The world reports its tick p99 over its last 200 ticks (10 s): one reading per 10 s of the window
            // covers every tick of it once.
            for (long at = windowStart + seconds(TICK_WINDOW_SECONDS); at <= windowEnd;
                 at += seconds(TICK_WINDOW_SECONDS)) {
                sleepUntil(at);
                Double p99 = ServerProbe.tickP99Millis(probe.metricLines(), options.world());
                if (p99 != null) {
                    tickP99Windows.add(p99);
                }
            }
            sleepUntil(windowEnd);
            cpuAtEnd = processCpuNanos();
            gcAtEnd = gcMillis();
            if (local) {
                procAtEnd = ServerProbe.sample(pid);
            }
            metricsAtEnd = probe.metricLines();
            rowAtEnd = probe.world();

            sleepUntil(windowEnd + seconds(graceSeconds));
            fleet.closeJoins();
            for (Bot bot : fleet.bots) {
                bot.loop().execute(bot::finish);
            }
            if (!fleet.closed.await(10, TimeUnit.SECONDS)) {
                err.println("bots: some connections did not close within 10 s");
            }
        } finally {
            group.shutdownGracefully(0, 2, TimeUnit.SECONDS).awaitUninterruptibly(30, TimeUnit.SECONDS);
        }

        List<BotResult> results = new ArrayList<>(fleet.bots.length);
        for (Bot bot : fleet.bots) {
            results.add(BotResult.of(bot));
        }
        BotsReport.GeneratorFigures generator = new BotsReport.GeneratorFigures(
                Runtime.getRuntime().availableProcessors(), options.threads(), cpuAtEnd - cpuAtStart,
                gcAtEnd - gcAtStart);
        BotsReport.ServerFigures server = new BotsReport.ServerFigures(options.world(), pid, local,
                rowAtEnd != null ? rowAtEnd.status() : rowAtStart != null ? rowAtStart.status() : null,
                rowAtStart == null ? null : rowAtStart.players(), rowAtEnd == null ? null : rowAtEnd.players(),
                procAtStart, procAtEnd, clockTicks, pageSize, metricsAtStart, metricsAtEnd, tickP99Windows);
        BotsReport report = new BotsReport(options, startedAt, joinSeconds, (windowEnd - windowStart) / 1e9,
                graceSeconds, results, fleet.stats, generator, server);
        int status = report.exitStatus();
        if (options.report() != null) {
            try {
                report.write(options.report());
            } catch (IOException e) {
                err.println("bots: cannot write the report to " + options.report() + ": " + e);
                status = 1;
            }
        }
        out.println(report.summary());
        out.flush();
        return status;
    }

    private void awaitJoins(Fleet fleet) throws InterruptedException {
        // Every bot gives up after --join-timeout on its own; this bound only guards against a bot that never
        // reports (a bug), so that the run still ends.
        long waves = (options.count() + options.joinConcurrency() - 1) / options.joinConcurrency();
        long boundNanos = seconds(options.joinTimeoutSeconds()) * Math.max(1, waves) + seconds(60);
        long deadline = System.nanoTime() + boundNanos;
        int reported = -1;
        while (!fleet.joinsDone.await(5, TimeUnit.SECONDS)) {
            int done = fleet.joined.get() + fleet.failed.get();
            if (done != reported) {
                err.printf(Locale.ROOT, "bots: %d/%d joined, %d failed%n", fleet.joined.get(), options.count(),
                        fleet.failed.get());
                reported = done;
            }
            if (System.nanoTime() - deadline > 0) {
                err.println("bots: the join phase did not end in time; going on with the bots that joined");
                return;
            }
        }
    }

    private void saveTokens(Fleet fleet) {
        try {
            TokenStore.save(options.tokens(), fleet.tokens);
        } catch (IOException | RuntimeException e) {
            err.println("bots: cannot save the session tokens to " + options.tokens() + ": " + e);
        }
    }

    private static long seconds(double seconds) {
        return Duration.ofNanos(Math.round(seconds * 1e9)).toNanos();
    }

    private static void sleepUntil(long nanoTime) throws InterruptedException {
        long left;
        while ((left = nanoTime - System.nanoTime()) > 0) {
            LockSupport.parkNanos(left);
            if (Thread.interrupted()) {
                throw new InterruptedException();
            }
        }
    }

    static long processCpuNanos() {
        OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
        if (os instanceof com.sun.management.OperatingSystemMXBean sun) {
            long cpu = sun.getProcessCpuTime();
            if (cpu >= 0) {
                return cpu;
            }
        }
        return ProcessHandle.current().info().totalCpuDuration().map(Duration::toNanos).orElse(0L);
    }

    private static long gcMillis() {
        long total = 0;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            total += Math.max(0, gc.getCollectionTime());
        }
        return total;
    }
}
