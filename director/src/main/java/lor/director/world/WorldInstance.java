package lor.director.world;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

import lor.director.world.admission.JoinTarget;
import lor.director.world.store.WorldRepository;
import lor.protocol.control.WorldLoadMessage;
import lor.protocol.control.WorldModulesMessage;
import lor.protocol.control.WorldStatusMessage;
import lor.protocol.log.LogRate;

/**
 * The director's view of one registered world. Its state, and that of its current {@link WorldProcess}, is guarded
 * by this object's monitor: every method here takes it, so one call is one consistent step. A lifecycle part that
 * must decide and act in one step (a join that spawns, an exit that restarts) holds the monitor around the calls;
 * that is what makes a spawn happen exactly once however many joins race for it. The state changes only through
 * the transitions below, each one a move {@link WorldStatus} allows.
 */
final class WorldInstance {

    private final String worldId;
    /**
     * As this director last read or changed them. A spawn reads both again from the database when it claims the
     * world (another director may have changed them), and a running process plays on with the settings it got.
     */
    private String name;
    private WorldSettings settings;
    /** Changed only by {@link #moveTo}. */
    private WorldStatus status = WorldStatus.STOPPED;
    private WorldProcess current;
    private long lastSnapshotSeq;
    /** When this director last committed a snapshot of the world (epoch millis), 0 for never. */
    private long lastSnapshotAtMillis;
    private long hydratedSeq;
    private WorldStatusMessage lastStatus;
    private WorldLoadMessage lastLoad;
    private WorldModulesMessage lastModules;
    /** When the world last had players or handed out a ticket, in nanoTime; idle shutdown counts from here. */
    private long lastActiveNanos;
    /** Why the world is {@link WorldStatus#FAILED}; null otherwise. */
    private String failure;
    /** Recent abnormal exits (nanoTime), newest last, at most {@link CrashLoop#MAX_EXITS}. */
    private final CrashLoop crashes = new CrashLoop();
    /** Refused registrations are logged at this rate per world: anyone who reaches /control can repeat them. */
    private final LogRate refusedRegistrations = new LogRate();
    /** Taken out of the catalog by an operator: a join that found it a moment before answers "unknown world". */
    private boolean removed;
    /**
     * Players in the world while another director runs it, as the database last said; -1 when no other director
     * does. Only shown while this director has no process for it.
     */
    private int playersElsewhere = -1;
    /** Joins that arrived while the world was stopping: served by the next spawn. */
    private final List<CompletableFuture<JoinTarget>> waitingForRestart = new ArrayList<>();

    WorldInstance(String worldId, String name, WorldSettings settings, long lastSnapshotSeq) {
        this.worldId = worldId;
        this.name = name;
        this.settings = settings;
        this.lastSnapshotSeq = lastSnapshotSeq;
    }

    /** A stopped world as its database row describes it. */
    static WorldInstance of(WorldRepository.WorldRecord r) {
        return new WorldInstance(r.worldId(), r.name(), WorldSettings.parse(r.worldId(), r.settingsJson()),
                r.lastSnapshotSeq());
    }

    String worldId() {
        return worldId;
    }

    synchronized WorldStatus status() {
        return status;
    }

    synchronized WorldSettings settings() {
        return settings;
    }

    /** The spawn this director runs (starting, running or stopping), or null. */
    synchronized WorldProcess current() {
        return current;
    }

    synchronized boolean isCurrent(WorldProcess p) {
        return current == p;
    }

    /** The current spawn when {@code channel} is its control connection: a report over any other changes nothing. */
    synchronized WorldProcess currentOn(ControlChannel channel) {
        return current != null && current.control() == channel ? current : null;
    }

    /**
     * Runs {@code action} on the current spawn when {@code channel} is its control connection, in one step under
     * this monitor: a report from an earlier process, or over a connection it has since replaced, changes nothing.
     */
    synchronized void withCurrentOn(ControlChannel channel, Consumer<WorldProcess> action) {
        WorldProcess p = currentOn(channel);
        if (p != null) {
            action.accept(p);
        }
    }

    /** The current spawn's control connection, or null while it has none. */
    synchronized ControlChannel currentControl() {
        return current == null ? null : current.control();
    }

    synchronized boolean removed() {
        return removed;
    }

    synchronized long lastSnapshotSeq() {
        return lastSnapshotSeq;
    }

    // ---- its definition and what is known of it ---------------------------------------------------------------

    /** @return the world's status */
    synchronized WorldStatus redefine(String name, WorldSettings settings) {
        this.name = name;
        this.settings = settings;
        return status;
    }

    synchronized void rename(String name) {
        this.name = name;
    }

    /**
     * Takes a stopped (or failed) world out of service before it is deleted.
     *
     * @return the world's status when it may not be removed (it has a process), or null when it was taken out
     * @throws UnknownWorldException when it was taken out already
     */
    synchronized WorldStatus takeOutOfService() {
        if (removed) {
            throw new UnknownWorldException(worldId);
        }
        if (status != WorldStatus.STOPPED && status != WorldStatus.FAILED) {
            return status;
        }
        removed = true;
        return null;
    }

    /** Its row was not deleted after all: joins may start it again. */
    synchronized void returnToService() {
        removed = false;
    }

    /** What the database says of the world while another director may run it; see {@link #view}. */
    synchronized void noteElsewhere(int players, long snapshotSeq) {
        playersElsewhere = players;
        lastSnapshotSeq = Math.max(lastSnapshotSeq, snapshotSeq);
    }

    /** It had players or handed out a ticket just now: its idle time counts from here. */
    synchronized void touch() {
        lastActiveNanos = System.nanoTime();
    }

    /** Whether it runs and has been idle (see {@link #touch}) for {@code idleNanos} at {@code nowNanos}. */
    synchronized boolean runsIdle(long idleNanos, long nowNanos) {
        return status == WorldStatus.RUNNING && nowNanos - lastActiveNanos >= idleNanos;
    }

    synchronized void reported(WorldStatusMessage message) {
        lastStatus = message;
    }

    synchronized void reported(WorldLoadMessage message) {
        lastLoad = message;
    }

    synchronized void reported(WorldModulesMessage message) {
        lastModules = message;
    }

    /** A snapshot of it was committed just now. */
    synchronized void snapshotStored(long seq) {
        lastSnapshotSeq = Math.max(lastSnapshotSeq, seq);
        lastSnapshotAtMillis = System.currentTimeMillis();
    }

    /** Counts a refused registration; see {@link LogRate#occurred}. */
    long registrationRefused() {
        return refusedRegistrations.occurred();
    }

    /** Counts an abnormal exit at {@code nowNanos}; true when it completes a crash loop (see {@link CrashLoop}). */
    synchronized boolean crashLoops(long nowNanos) {
        return crashes.exited(nowNanos);
    }

    // ---- the transitions of its lifecycle -----------------------------------------------------------------------

    /** STOPPED → STARTING: a join spawns {@code p}. What the previous spawn reported is forgotten. */
    synchronized void starting(WorldProcess p) {
        moveTo(WorldStatus.STARTING);
        current = p;
        lastStatus = null;
        lastLoad = null;
        lastModules = null;
        hydratedSeq = 0;
    }

    /** STOPPED → STARTING: taking back {@code p}, left running by an earlier director; it runs once it reconnects. */
    synchronized void takingBack(WorldProcess p) {
        moveTo(WorldStatus.STARTING);
        current = p;
        lastActiveNanos = System.nanoTime();
    }

    /**
     * STARTING → RUNNING: the process applied its hydration. A world already told to stop stays stopping.
     *
     * @return whether the world runs now
     */
    synchronized boolean becameReady(long hydratedSeq) {
        this.hydratedSeq = hydratedSeq;
        if (status != WorldStatus.STARTING) {
            return false;
        }
        moveTo(WorldStatus.RUNNING);
        lastActiveNanos = System.nanoTime();
        return true;
    }

    /**
     * STARTING → RUNNING: {@code p}, taken back from an earlier director, has reconnected.
     *
     * @return false when it is no longer the world's spawn, or no longer starting
     */
    synchronized boolean cameBack(WorldProcess p) {
        if (current != p || status != WorldStatus.STARTING) {
            return false;
        }
        p.cancelTimeout();
        moveTo(WorldStatus.RUNNING);
        lastActiveNanos = System.nanoTime();
        return true;
    }

    /**
     * STOPPED → STARTING → RUNNING in one step: {@code p}, another director's running spawn, reconnected here and
     * was adopted.
     */
    synchronized void adopted(WorldProcess p) {
        current = p;
        moveTo(WorldStatus.STARTING);
        moveTo(WorldStatus.RUNNING);
        lastActiveNanos = System.nanoTime();
    }

    /** STARTING or RUNNING → STOPPING. */
    synchronized void stopping() {
        moveTo(WorldStatus.STOPPING);
    }

    /**
     * → STOPPED: the spawn {@code p} is over (it exited, was abandoned or let go); the next join starts another.
     *
     * @return false when {@code p} was not the world's spawn: nothing changed
     */
    synchronized boolean stopped(WorldProcess p) {
        if (current != p) {
            return false;
        }
        p.cancelTimeout();
        forget();
        moveTo(WorldStatus.STOPPED);
        return true;
    }

    /** → FAILED: the spawn {@code p} exited and the world must not be started again as it is. */
    synchronized void failed(WorldProcess p, String reason) {
        if (current != p) {
            return;
        }
        p.cancelTimeout();
        forget();
        moveTo(WorldStatus.FAILED);
        failure = reason;
    }

    /**
     * → STOPPED, and out of service: the world's row is gone (removed through another director) while {@code p}
     * was being claimed.
     *
     * @return false when {@code p} was not the world's spawn: nothing changed
     */
    synchronized boolean removedWhileClaiming(WorldProcess p) {
        if (!stopped(p)) {
            return false;
        }
        removed = true;
        return true;
    }

    /**
     * FAILED → STOPPED: an operator cleared the failure.
     *
     * @return the failure cleared, or null when the world had not failed
     */
    synchronized String clearFailure() {
        if (status != WorldStatus.FAILED) {
            return null;
        }
        String was = failure;
        moveTo(WorldStatus.STOPPED);
        failure = null;
        crashes.clear();
        return was;
    }

    private void forget() {
        current = null;
        lastStatus = null;
        lastLoad = null;
        lastModules = null;
    }

    /**
     * Moves the world to {@code next}.
     *
     * @throws IllegalStateException when {@link WorldStatus} does not allow the move: a bug in the lifecycle
     */
    synchronized void moveTo(WorldStatus next) {
        if (!status.canMoveTo(next)) {
            throw new IllegalStateException("world " + worldId + " cannot move from " + status.wireName() + " to "
                    + next.wireName());
        }
        status = next;
    }

    // ---- joins waiting for the next spawn -----------------------------------------------------------------------

    /** A join waits for the spawn after the one that is ending. */
    synchronized CompletableFuture<JoinTarget> waitForRestart() {
        CompletableFuture<JoinTarget> restarted = new CompletableFuture<>();
        waitingForRestart.add(restarted);
        return restarted;
    }

    synchronized int waitingForRestart() {
        return waitingForRestart.size();
    }

    /** The joins waiting for the next spawn, handed to it: none waits here any more. */
    synchronized List<CompletableFuture<JoinTarget>> takeWaiters() {
        List<CompletableFuture<JoinTarget>> waiters = List.copyOf(waitingForRestart);
        waitingForRestart.clear();
        return waiters;
    }

    /** The joins waiting for the next spawn fail with {@code reason}. */
    synchronized void failWaiters(String reason) {
        for (CompletableFuture<JoinTarget> waiter : waitingForRestart) {
            waiter.completeExceptionally(new WorldUnavailableException(reason));
        }
        waitingForRestart.clear();
    }

    // ---- what it looks like --------------------------------------------------------------------------------------

    /** The reason it failed, for a join it refuses; null unless {@link WorldStatus#FAILED}. */
    synchronized String failure() {
        return failure;
    }

    /** An immutable copy for the API and metrics, with the player count from the director's membership. */
    synchronized WorldView view(int players) {
        WorldProcess p = current;
        boolean elsewhere = p == null && status == WorldStatus.STOPPED && playersElsewhere >= 0;
        long pid = p == null ? 0 : p.pid();
        int gamePort = p == null ? 0 : p.gamePort();
        return new WorldView(worldId, name, elsewhere ? WorldStatus.RUNNING : status,
                elsewhere ? playersElsewhere : players, pid == 0 ? null : pid, gamePort == 0 ? null : gamePort,
                lastSnapshotSeq, lastSnapshotAtMillis, hydratedSeq, lastStatus, lastLoad, lastModules, failure);
    }
}
