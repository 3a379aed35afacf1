package lor.director.world.process;

import java.util.concurrent.CompletableFuture;

/**
 * A world process of another host adopted by this director (its own director died): known only through its control
 * connection. It cannot be signalled from here; "destroying" it forgets it, which is what a kill for missed
 * heartbeats needs: a world no director keeps ends itself within its orphan limit.
 */
public final class RemoteWorldProcess extends UnpipedProcess {

    private final long pid;
    private final CompletableFuture<Process> exit = new CompletableFuture<>();

    public RemoteWorldProcess(long pid) {
        this.pid = pid;
    }

    @Override
    public int waitFor() {
        exit.join();
        return AdoptedProcess.UNKNOWN_EXIT;
    }

    @Override
    public int exitValue() {
        if (!exit.isDone()) {
            throw new IllegalThreadStateException("world process " + pid + " is still known");
        }
        return AdoptedProcess.UNKNOWN_EXIT;
    }

    @Override
    public void destroy() {
        exit.complete(this);
    }

    @Override
    public Process destroyForcibly() {
        exit.complete(this);
        return this;
    }

    @Override
    public boolean isAlive() {
        return !exit.isDone();
    }

    @Override
    public long pid() {
        return pid;
    }

    @Override
    public CompletableFuture<Process> onExit() {
        return exit.thenApply(p -> p);
    }

    @Override
    public String toString() {
        return "world process " + pid + " of another host";
    }
}
