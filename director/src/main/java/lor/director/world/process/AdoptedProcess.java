package lor.director.world.process;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/**
 * A world process started by an earlier director of this host and taken back by this one. It is not this JVM's
 * child, so its output went with the director that read it, and its exit status is unknown: the operating system
 * tells it only to the parent. It can still be watched and signalled like a child.
 */
public final class AdoptedProcess extends UnpipedProcess {

    /** What {@link #exitValue} says: the status went to the process's parent. */
    public static final int UNKNOWN_EXIT = -1;
    /** How far the recorded start time may be from the one the OS reports now (they are computed from clock ticks). */
    private static final Duration START_TOLERANCE = Duration.ofSeconds(1);

    private final ProcessHandle handle;

    private AdoptedProcess(ProcessHandle handle) {
        this.handle = handle;
    }

    /**
     * The live process {@code pid}, if it is still the one recorded: a pid reused by another process since has
     * another start time.
     */
    public static Optional<AdoptedProcess> find(long pid, Instant recordedStart) {
        return ProcessHandle.of(pid)
                .filter(ProcessHandle::isAlive)
                .filter(h -> recordedStart == null || h.info().startInstant()
                        .map(started -> Duration.between(started, recordedStart).abs().compareTo(START_TOLERANCE) <= 0)
                        .orElse(true))
                .map(AdoptedProcess::new);
    }

    /** When the OS started {@code process}, for its spawn record; null where the OS does not say. */
    public static Instant startOf(Process process) {
        return process.toHandle().info().startInstant().orElse(null);
    }

    @Override
    public int waitFor() throws InterruptedException {
        try {
            handle.onExit().get();
        } catch (ExecutionException e) {
            throw new IllegalStateException(e.getCause());
        }
        return UNKNOWN_EXIT;
    }

    @Override
    public int exitValue() {
        if (handle.isAlive()) {
            throw new IllegalThreadStateException("process " + handle.pid() + " has not exited");
        }
        return UNKNOWN_EXIT;
    }

    @Override
    public void destroy() {
        handle.destroy();
    }

    @Override
    public Process destroyForcibly() {
        handle.destroyForcibly();
        return this;
    }

    @Override
    public boolean isAlive() {
        return handle.isAlive();
    }

    @Override
    public long pid() {
        return handle.pid();
    }

    @Override
    public ProcessHandle toHandle() {
        return handle;
    }

    @Override
    public CompletableFuture<Process> onExit() {
        return handle.onExit().thenApply(exited -> this);
    }
}
