package lor.director.world.process;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

import lor.director.DirectorMetrics;
import lor.director.world.ControlChannel;
import lor.protocol.ticket.Secrets;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Warm spare world processes: started ahead of need, registered and waiting, so that joining a stopped world costs
 * a hydration rather than a JVM start. Keeps {@code target} of them, starting a new one whenever one is taken or
 * dies. Thread-safe (one monitor).
 */
public final class SparePool {

    private static final Logger LOG = LoggerFactory.getLogger(SparePool.class);

    /** A spare process and how far it got. */
    public static final class Spare {
        private final String spawnToken;
        private final Process process;
        private final long startedNanos = System.nanoTime();
        /** What its output is logged as: the spare's pid until it is assigned a world. */
        private volatile String label;
        /** Why it could not become its world, if it says so before it exits. */
        private final ProcessReport report = new ProcessReport();
        /** Guarded by the pool's monitor until the spare is taken out of it. */
        private ControlChannel control;

        Spare(String spawnToken, Process process) {
            this.spawnToken = spawnToken;
            this.process = process;
            this.label = "spare-" + process.pid();
        }

        public String spawnToken() {
            return spawnToken;
        }

        public Process process() {
            return process;
        }

        public ProcessReport report() {
            return report;
        }

        /** The connection it registered on; it is told its world over it. */
        public ControlChannel control() {
            return control;
        }

        /** It is assigned {@code worldId}: its output is logged as the world's from now on. */
        public void becomes(String worldId) {
            label = worldId;
        }
    }

    /** A spare that dies sooner than this after its start counts as failing. */
    private static final long QUICK_EXIT_NANOS = 10_000_000_000L;
    /** Quick failures in a row after which no more spares are started: something is broken, say so once. */
    private static final int MAX_QUICK_FAILURES = 3;

    private final WorldLauncher launcher;
    private final DirectorMetrics metrics;
    private final int target;
    private final List<Spare> spares = new ArrayList<>();
    private boolean closed;
    private int quickFailures;

    public SparePool(WorldLauncher launcher, DirectorMetrics metrics, int target) {
        this.launcher = launcher;
        this.metrics = metrics;
        this.target = target;
    }

    /** Starts spares until {@code target} are alive or starting. */
    public synchronized void replenish() {
        while (!closed && spares.size() < target && quickFailures < MAX_QUICK_FAILURES) {
            String token = Secrets.random256();
            Process process;
            try {
                process = launcher.launchSpare(token);
            } catch (IOException e) {
                LOG.error("cannot start a warm spare: {}", e.getMessage());
                return;
            }
            Spare spare = new Spare(token, process);
            spares.add(spare);
            metrics.worldSpawns.incrementAndGet();
            ProcessOutputPump.start(() -> spare.label, process.pid(), process.getInputStream(), spare.report);
            process.onExit().thenAccept(p -> exited(spare, p.exitValue()));
            LOG.info("started warm spare pid {}", process.pid());
        }
    }

    /** A spare introduces itself; true when the token is one of ours. */
    public synchronized boolean registered(ControlChannel channel, String spawnToken, long pid) {
        for (Spare spare : spares) {
            if (Secrets.constantTimeEquals(spare.spawnToken, spawnToken)) {
                spare.control = channel;
                quickFailures = 0;
                LOG.info("warm spare pid {} is ready", pid);
                return true;
            }
        }
        return false;
    }

    /** Takes a registered spare out of the pool (a new one is started in its place), or null if none is ready. */
    public synchronized Spare take() {
        Iterator<Spare> it = spares.iterator();
        while (it.hasNext()) {
            Spare spare = it.next();
            if (spare.control != null && spare.control.isOpen() && spare.process.isAlive()) {
                it.remove();
                return spare;
            }
        }
        return null;
    }

    public synchronized int ready() {
        int ready = 0;
        for (Spare spare : spares) {
            if (spare.control != null && spare.control.isOpen() && spare.process.isAlive()) {
                ready++;
            }
        }
        return ready;
    }

    /** A spare's control connection closed before it was taken: it will exit, and be replaced then. */
    public synchronized void disconnected(ControlChannel channel) {
        for (Spare spare : spares) {
            if (spare.control == channel) {
                spare.control = null;
            }
        }
    }

    /** Stops every spare and starts no more; returns their processes to wait for. */
    public synchronized List<Process> close() {
        closed = true;
        List<Process> processes = new ArrayList<>();
        for (Spare spare : spares) {
            spare.process.destroy();
            processes.add(spare.process);
        }
        spares.clear();
        return processes;
    }

    private void exited(Spare spare, int code) {
        boolean replace;
        synchronized (this) {
            replace = spares.remove(spare) && !closed;
            if (replace && System.nanoTime() - spare.startedNanos < QUICK_EXIT_NANOS
                    && ++quickFailures >= MAX_QUICK_FAILURES) {
                LOG.error("warm spares keep exiting right after their start; no more are started");
                return;
            }
        }
        if (replace) {
            LOG.warn("warm spare pid {} exited with code {}; starting another", spare.process.pid(), code);
            replenish();
        }
    }
}
