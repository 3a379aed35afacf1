package lor.director.world;

import java.security.MessageDigest;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledFuture;

import lor.director.world.admission.JoinTarget;
import lor.director.world.admission.SpawnSecrets;
import lor.director.world.process.ProcessReport;
import lor.protocol.control.WorldHydrateMessage;
import lor.protocol.ticket.Secrets;
import lor.protocol.ticket.TicketSigner;

/**
 * One spawn of a world: its claim, the OS process, the secrets it was started with, and how far it got. Fields
 * are guarded by the owning {@link WorldInstance}'s monitor.
 */
final class WorldProcess {

    final CompletableFuture<JoinTarget> ready = new CompletableFuture<>();
    /**
     * What the spawn token hashes to: the token itself is not kept, and a director that adopted the process knows
     * only this. Null until the world is claimed in the database and the process is chosen (launched or a spare).
     */
    byte[] spawnTokenSha256;
    /** Null until the director knows the world's ticket secret: an adopted world learns it on registering. */
    TicketSigner signer;
    /** Which shared key the ticket secret was derived from ({@link SpawnSecrets#keyId}); null for a random one. */
    String ticketKeyId;
    /** Started by an earlier director of this host, taken back by this one: not this JVM's child. */
    boolean adopted;
    /** An adopted world's ticket secret, chosen by this director: sent on every registration, lest one be lost. */
    String adoptedTicketSecret;
    /** Its spawn record is in the database: a director restarted after this one could take it back. */
    boolean recorded;
    /** The claim's epoch: the only one whose snapshots the database accepts for the world. */
    long epoch;
    /**
     * nanoTime by which this director held the world's lease for this spawn (its claim or adoption had committed);
     * 0 while the claim is under way. A lease renewal started after it that does not find the lease ours means
     * another director took the world over.
     */
    long heldSinceNanos;
    Process process;
    long pid;
    int gamePort;
    ControlChannel control;
    boolean hydrated;
    boolean shutdownAcked;
    ScheduledFuture<?> timeout;
    /** When it last proved alive (registration, heartbeat); 0 before it registered. */
    long lastHeartbeatNanos;
    /**
     * nanoTime at which this director started it (launched a process, or assigned a warm spare), for the log's
     * figures of how long a start takes; 0 for a process it adopted.
     */
    long startedNanos;
    /** How it was started: "its launch" or "its assignment to a spare". */
    String startedBy;
    /** Missed its heartbeats and was killed; its exit is the end of it. */
    boolean unhealthy;
    /** The highest snapshot seq it sent: an older one still waiting for the database is dropped for it. */
    long newestSnapshotSeq;
    /** The seq of the snapshot it was sent to hydrate from. */
    long hydrationSeq;
    /** Set when the director found the world cannot run (its snapshot is unreadable): its exit fails the world. */
    String failure;
    /** What the process itself said of why it could not run, read from its output. */
    ProcessReport report = new ProcessReport();
    /** A spare's snapshot, read while it builds its world; taken by the first hydration. */
    CompletableFuture<WorldHydrateMessage> prefetchedHydration;

    /** Sets the spawn token, which the process proves itself with when it registers. */
    void spawnToken(String token) {
        spawnTokenSha256 = Secrets.sha256(token);
    }

    /** Whether {@code token} is this spawn's, compared in constant time. */
    boolean presents(String token) {
        return token != null && spawnTokenSha256 != null
                && MessageDigest.isEqual(spawnTokenSha256, Secrets.sha256(token));
    }

    /** Cancels the pending timeout (spawn, adoption or stop), if any. */
    void cancelTimeout() {
        if (timeout != null) {
            timeout.cancel(false);
            timeout = null;
        }
    }

    /** Spawned and claimed: the process exists. False while the database claim is under way. */
    boolean started() {
        return process != null;
    }

    void markStarted(String how) {
        startedNanos = System.nanoTime();
        startedBy = how;
    }

    /** ", N ms after its launch" for a process this director started; empty for an adopted one. */
    String sinceStart() {
        return startedNanos == 0 ? ""
                : ", " + (System.nanoTime() - startedNanos) / 1_000_000 + " ms after " + startedBy;
    }
}
