package lor.director.world;

import java.security.MessageDigest;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledFuture;

import lor.director.world.admission.JoinTarget;
import lor.director.world.admission.SpawnSecrets;
import lor.director.world.lease.SpawnRecord;
import lor.director.world.process.ProcessReport;
import lor.protocol.control.WorldHydrateMessage;
import lor.protocol.ticket.Secrets;
import lor.protocol.ticket.TicketSigner;

/**
 * One spawn of a world: its claim, the OS process, the secrets it was started with, and how far it got. Its state
 * is guarded by its world's monitor, which every method here takes (see {@link WorldInstance}).
 */
final class WorldProcess {

    private final WorldInstance world;
    /** Completes with where players reach it once it runs; fails when the spawn ends before. */
    private final CompletableFuture<JoinTarget> ready = new CompletableFuture<>();
    /** Started by an earlier director (of this host or another), taken back by this one: not this JVM's child. */
    private final boolean adopted;
    /**
     * What the spawn token hashes to: the token itself is not kept, and a director that adopted the process knows
     * only this. Null until the world is claimed in the database and the process is chosen (launched or a spare).
     */
    private byte[] spawnTokenSha256;
    /** Null until the director knows the world's ticket secret: an adopted world learns it on registering. */
    private TicketSigner signer;
    /** Which shared key the ticket secret was derived from ({@link SpawnSecrets#keyId}); null for a random one. */
    private String ticketKeyId;
    /** An adopted world's ticket secret, chosen by this director: sent on every registration, lest one be lost. */
    private String adoptedTicketSecret;
    /** Its spawn record is in the database: a director restarted after this one could take it back. */
    private boolean recorded;
    /** The claim's epoch: the only one whose snapshots the database accepts for the world. */
    private long epoch;
    /**
     * nanoTime by which this director held the world's lease for this spawn (its claim or adoption had committed);
     * 0 while the claim is under way. A lease renewal started after it that does not find the lease ours means
     * another director took the world over.
     */
    private long heldSinceNanos;
    private Process process;
    private long pid;
    private int gamePort;
    private ControlChannel control;
    private boolean hydrated;
    private boolean shutdownAcked;
    /** The pending timeout of its spawn, adoption or stop. */
    private ScheduledFuture<?> timeout;
    /** When it last proved alive (registration, heartbeat); 0 before it registered. */
    private long lastHeartbeatNanos;
    /**
     * nanoTime at which this director started it (launched a process, or assigned a warm spare), for the log's
     * figures of how long a start takes; 0 for a process it adopted.
     */
    private long startedNanos;
    /** How it was started: "its launch" or "its assignment to a spare". */
    private String startedBy;
    /** Missed its heartbeats and was killed; its exit is the end of it. */
    private boolean unhealthy;
    /** The highest snapshot seq it sent: an older one still waiting for the database is dropped for it. */
    private long newestSnapshotSeq;
    /** The seq of the snapshot it was sent to hydrate from. */
    private long hydrationSeq;
    /** Set when the director found the world cannot run (its snapshot is unreadable): its exit fails the world. */
    private String failure;
    /** What the process itself said of why it could not run, read from its output. */
    private ProcessReport report = new ProcessReport();
    /** A spare's snapshot, read while it builds its world; taken by the first hydration. */
    private CompletableFuture<WorldHydrateMessage> prefetchedHydration;

    private WorldProcess(WorldInstance world, boolean adopted) {
        this.world = world;
        this.adopted = adopted;
    }

    /** A spawn this director starts: nothing is known of it until the world is claimed. */
    static WorldProcess spawn(WorldInstance world) {
        return new WorldProcess(world, false);
    }

    /**
     * A running spawn of an earlier director, as its record describes it: hydrated long ago, it runs on with its
     * players under the same epoch.
     */
    static WorldProcess adopt(WorldInstance world, SpawnRecord record, Process process, long pid) {
        WorldProcess p = new WorldProcess(world, true);
        p.epoch = record.epoch();
        p.heldSinceNanos = System.nanoTime();
        p.spawnTokenSha256 = record.spawnTokenSha256();
        p.recorded = true;
        p.hydrated = true;
        p.process = process;
        p.pid = pid;
        return p;
    }

    // ---- how it was started -------------------------------------------------------------------------------------

    /** The world was claimed in the database for this spawn, under {@code epoch}. */
    void claimed(long epoch) {
        synchronized (world) {
            this.epoch = epoch;
            heldSinceNanos = System.nanoTime();
        }
    }

    /** Sets the spawn token, which the process proves itself with when it registers. */
    void spawnToken(String token) {
        synchronized (world) {
            spawnTokenSha256 = Secrets.sha256(token);
        }
    }

    /** Its tickets are signed with {@code ticketSecret}, from the shared key {@code keyId} (null for none). */
    void signsWith(String ticketSecret, String keyId) {
        synchronized (world) {
            signer = TicketSigner.fromEncodedSecret(ticketSecret);
            ticketKeyId = keyId;
        }
    }

    /**
     * An adopted spawn's ticket secret, chosen by this director: the process is told it on every registration.
     * Derived from the shared key, it is the one the process has had since its spawn.
     */
    void adoptedSecret(String ticketSecret, String keyId) {
        synchronized (world) {
            adoptedTicketSecret = ticketSecret;
            signsWith(ticketSecret, keyId);
        }
    }

    /** The clock for {@link #sinceStart} starts: {@code how} is "its launch" or "its assignment to a spare". */
    void markStarted(String how) {
        synchronized (world) {
            startedNanos = System.nanoTime();
            startedBy = how;
        }
    }

    /** The spawn runs as {@code process}; 0 for a pid where the process is not this host's. */
    void launched(Process process) {
        synchronized (world) {
            this.process = process;
            pid = process.pid();
        }
    }

    /** Its failure line is read by {@code report} (a spare's, read since the spare started). */
    void reportsThrough(ProcessReport report) {
        synchronized (world) {
            this.report = report;
        }
    }

    /** Its spawn record is in the database now. */
    void markRecorded() {
        synchronized (world) {
            recorded = true;
        }
    }

    // ---- its control connection ----------------------------------------------------------------------------------

    /**
     * It registered (again) on {@code channel}, serving players on {@code gamePort}: a connection it had before is
     * closed. A pid it was not known by before is taken from the registration.
     */
    void registered(ControlChannel channel, int gamePort, long pid) {
        synchronized (world) {
            if (control != null && control != channel) {
                control.close();
            }
            control = channel;
            lastHeartbeatNanos = System.nanoTime();
            this.gamePort = gamePort;
            if (this.pid == 0) {
                this.pid = pid;
            }
        }
    }

    /** It beat (or reported in some other way) just now. */
    void beat() {
        synchronized (world) {
            lastHeartbeatNanos = System.nanoTime();
        }
    }

    /**
     * It applied its hydration, reported on {@code channel}.
     *
     * @return false when that is not its connection or it had already: nothing changed
     */
    boolean hydratedOn(ControlChannel channel) {
        synchronized (world) {
            if (control != channel || hydrated) {
                return false;
            }
            hydrated = true;
            cancelTimeout();
            return true;
        }
    }

    /** It confirmed that it saved its final snapshot and is exiting. */
    void confirmShutdown() {
        synchronized (world) {
            shutdownAcked = true;
        }
    }

    /**
     * Its control connection closed; it may reconnect.
     *
     * @return whether it had confirmed its shutdown first (the connection was meant to close)
     */
    boolean controlLost() {
        synchronized (world) {
            control = null;
            return shutdownAcked;
        }
    }

    /** Closes its control connection: the spawn is over. */
    void closeControl() {
        synchronized (world) {
            if (control != null) {
                control.close();
                control = null;
            }
        }
    }

    /** Tells it over its control connection to find another director (see {@link ControlChannel#release}). */
    void releaseControl(String why) {
        synchronized (world) {
            if (control != null) {
                control.release(why);
                control = null;
            }
        }
    }

    // ---- timeouts and health -------------------------------------------------------------------------------------

    /** Replaces the pending timeout (spawn, adoption or stop) with {@code next}. */
    void timeoutAfter(ScheduledFuture<?> next) {
        synchronized (world) {
            cancelTimeout();
            timeout = next;
        }
    }

    /** Cancels the pending timeout (spawn, adoption or stop), if any. */
    void cancelTimeout() {
        synchronized (world) {
            if (timeout != null) {
                timeout.cancel(false);
                timeout = null;
            }
        }
    }

    /** True while it has beaten (or registered) within {@code silenceNanos} of {@code nowNanos}. */
    boolean recentlyAlive(long nowNanos, long silenceNanos) {
        synchronized (world) {
            return lastHeartbeatNanos != 0 && nowNanos - lastHeartbeatNanos <= silenceNanos;
        }
    }

    /**
     * Kills the world's running spawn (SIGKILL) when it has been silent for {@code silenceNanos}: it is dead to the
     * director, and its exit is the end of it. One without a control connection (reconnecting) or still starting is
     * left to the reconnect and spawn timeouts.
     *
     * @return how long it had been silent (ms) when it was killed; -1 otherwise
     */
    long killIfSilent(long nowNanos, long silenceNanos) {
        synchronized (world) {
            if (!world.isCurrent(this) || unhealthy || !hydrated || control == null
                    || recentlyAlive(nowNanos, silenceNanos)) {
                return -1;
            }
            unhealthy = true;
            process.destroyForcibly();
            return (nowNanos - lastHeartbeatNanos) / 1_000_000;
        }
    }

    // ---- snapshots -----------------------------------------------------------------------------------------------

    /** It sent the snapshot {@code seq}. */
    void snapshotSent(long seq) {
        synchronized (world) {
            newestSnapshotSeq = Math.max(newestSnapshotSeq, seq);
        }
    }

    /** Why its snapshot {@code seq} need not be stored any more, or null when it must. */
    String supersededAt(long seq) {
        synchronized (world) {
            if (!world.isCurrent(this)) {
                return "the process that sent it is gone";
            }
            return newestSnapshotSeq > seq ? "seq " + newestSnapshotSeq + " replaces it" : null;
        }
    }

    /** Reads ahead the snapshot it will be hydrated from. */
    void prefetch(CompletableFuture<WorldHydrateMessage> hydration) {
        synchronized (world) {
            prefetchedHydration = hydration;
        }
    }

    /** The snapshot read ahead for it, once: null when none was, or it was taken. */
    CompletableFuture<WorldHydrateMessage> takePrefetched() {
        synchronized (world) {
            CompletableFuture<WorldHydrateMessage> taken = prefetchedHydration;
            prefetchedHydration = null;
            return taken;
        }
    }

    void hydratingFrom(long seq) {
        synchronized (world) {
            hydrationSeq = seq;
        }
    }

    // ---- ending it -----------------------------------------------------------------------------------------------

    /** It runs: the joins waiting for it go to {@code target}. */
    void becameReady(JoinTarget target) {
        ready.complete(target);
    }

    /** The joins waiting for it fail with {@code why}: it will not run (or not any more). */
    void refuseJoins(RuntimeException why) {
        ready.completeExceptionally(why);
    }

    /**
     * While it is still its world's spawn, its joins fail with {@code why} and it is killed (SIGKILL); its exit
     * ends the spawn.
     */
    void abort(WorldUnavailableException why) {
        synchronized (world) {
            if (world.isCurrent(this)) {
                ready.completeExceptionally(why);
                process.destroyForcibly();
            }
        }
    }

    /**
     * The world cannot run ({@code failure}: its snapshot is unreadable): as {@link #abort}, and its exit fails the
     * world with that reason, since another start would fail the same way.
     */
    void cannotRun(String failure) {
        synchronized (world) {
            if (world.isCurrent(this)) {
                this.failure = failure;
                abort(new WorldUnavailableException("the world has failed: " + failure));
            }
        }
    }

    /** Kills the process (SIGKILL) if there is one yet. */
    void kill() {
        synchronized (world) {
            if (process != null) {
                process.destroyForcibly();
            }
        }
    }

    /**
     * Kills the process if it is still alive and its world's spawn (one let go to another director is not).
     *
     * @return whether it was killed
     */
    boolean killIfStillCurrent() {
        synchronized (world) {
            if (!world.isCurrent(this) || !process.isAlive()) {
                return false;
            }
            process.destroyForcibly();
            return true;
        }
    }

    // ---- what it is ----------------------------------------------------------------------------------------------

    CompletableFuture<JoinTarget> ready() {
        return ready;
    }

    boolean adopted() {
        return adopted;
    }

    /** Whether {@code token} is this spawn's, compared in constant time. */
    boolean presents(String token) {
        synchronized (world) {
            return token != null && spawnTokenSha256 != null
                    && MessageDigest.isEqual(spawnTokenSha256, Secrets.sha256(token));
        }
    }

    byte[] spawnTokenSha256() {
        synchronized (world) {
            return spawnTokenSha256;
        }
    }

    TicketSigner signer() {
        synchronized (world) {
            return signer;
        }
    }

    String ticketKeyId() {
        synchronized (world) {
            return ticketKeyId;
        }
    }

    String adoptedTicketSecret() {
        synchronized (world) {
            return adoptedTicketSecret;
        }
    }

    boolean recorded() {
        synchronized (world) {
            return recorded;
        }
    }

    long epoch() {
        synchronized (world) {
            return epoch;
        }
    }

    /**
     * Whether this director held the world's lease for this spawn before {@code sinceNanos}: a renewal started then
     * that did not find the lease ours means another director has taken the world over.
     */
    boolean heldBefore(long sinceNanos) {
        synchronized (world) {
            return heldSinceNanos != 0 && heldSinceNanos - sinceNanos < 0;
        }
    }

    Process process() {
        synchronized (world) {
            return process;
        }
    }

    long pid() {
        synchronized (world) {
            return pid;
        }
    }

    int gamePort() {
        synchronized (world) {
            return gamePort;
        }
    }

    ControlChannel control() {
        synchronized (world) {
            return control;
        }
    }

    boolean hydrated() {
        synchronized (world) {
            return hydrated;
        }
    }

    boolean confirmedShutdown() {
        synchronized (world) {
            return shutdownAcked;
        }
    }

    long hydrationSeq() {
        synchronized (world) {
            return hydrationSeq;
        }
    }

    /** Why the director found the world cannot run, or null. */
    String failure() {
        synchronized (world) {
            return failure;
        }
    }

    ProcessReport report() {
        synchronized (world) {
            return report;
        }
    }

    /** Spawned and claimed: the process exists. False while the database claim is under way. */
    boolean started() {
        synchronized (world) {
            return process != null;
        }
    }

    /** ", N ms after its launch" for a process this director started; empty for an adopted one. */
    String sinceStart() {
        synchronized (world) {
            return startedNanos == 0 ? ""
                    : ", " + (System.nanoTime() - startedNanos) / 1_000_000 + " ms after " + startedBy;
        }
    }
}
