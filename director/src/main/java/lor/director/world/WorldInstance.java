package lor.director.world;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import lor.director.world.admission.JoinTarget;
import lor.director.world.store.WorldRepository;
import lor.protocol.control.WorldLoadMessage;
import lor.protocol.control.WorldStatusMessage;
import lor.protocol.log.LogRate;

/**
 * The director's view of one registered world. Every field is guarded by this object's monitor; the supervisor
 * makes each state transition inside one {@code synchronized} block, which is what makes a spawn happen exactly
 * once however many joins race for it.
 */
final class WorldInstance {

    final String worldId;
    /**
     * As this director last read or changed them. A spawn reads both again from the database when it claims the
     * world (another director may have changed them), and a running process plays on with the settings it got.
     */
    String name;
    WorldSettings settings;
    /** Changed only by {@link #moveTo}. */
    WorldStatus status = WorldStatus.STOPPED;
    WorldProcess current;
    long lastSnapshotSeq;
    /** When this director last committed a snapshot of the world (epoch millis), 0 for never. */
    long lastSnapshotAtMillis;
    long hydratedSeq;
    WorldStatusMessage lastStatus;
    WorldLoadMessage lastLoad;
    /** When the world last had players or handed out a ticket, in nanoTime; idle shutdown counts from here. */
    long lastActiveNanos;
    /** Why the world is {@link WorldStatus#FAILED}; null otherwise. */
    String failure;
    /** Recent abnormal exits (nanoTime), newest last, at most {@link CrashLoop#MAX_EXITS}. */
    final CrashLoop crashes = new CrashLoop();
    /** Refused registrations are logged at this rate per world: anyone who reaches /control can repeat them. */
    final LogRate refusedRegistrations = new LogRate();
    /** Taken out of the catalog by an operator: a join that found it a moment before answers "unknown world". */
    boolean removed;
    /**
     * Players in the world while another director runs it, as the database last said; -1 when no other director
     * does. Only shown while this director has no process for it.
     */
    int playersElsewhere = -1;
    /** Joins that arrived while the world was stopping: served by the next spawn. */
    final List<CompletableFuture<JoinTarget>> waitingForRestart = new ArrayList<>();

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

    /**
     * Moves the world to {@code next}.
     *
     * @throws IllegalStateException when {@link WorldStatus} does not allow the move: a bug in the lifecycle
     */
    void moveTo(WorldStatus next) {
        if (!status.canMoveTo(next)) {
            throw new IllegalStateException("world " + worldId + " cannot move from " + status.wireName() + " to "
                    + next.wireName());
        }
        status = next;
    }

    /** The joins waiting for the next spawn fail with {@code reason}. */
    void failWaiters(String reason) {
        for (CompletableFuture<JoinTarget> waiter : waitingForRestart) {
            waiter.completeExceptionally(new WorldUnavailableException(reason));
        }
        waitingForRestart.clear();
    }

    /** An immutable copy for the API and metrics, with the player count from the director's membership. */
    synchronized WorldView view(int players) {
        WorldProcess p = current;
        boolean elsewhere = p == null && status == WorldStatus.STOPPED && playersElsewhere >= 0;
        return new WorldView(worldId, name, elsewhere ? WorldStatus.RUNNING : status,
                elsewhere ? playersElsewhere : players, p == null || p.pid == 0 ? null : p.pid,
                p == null || p.gamePort == 0 ? null : p.gamePort, lastSnapshotSeq, lastSnapshotAtMillis, hydratedSeq,
                lastStatus, lastLoad, failure);
    }
}
