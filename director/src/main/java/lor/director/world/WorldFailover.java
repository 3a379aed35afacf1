package lor.director.world;

import java.util.Optional;
import java.util.concurrent.CompletableFuture;

import lor.director.db.DataAccessException;
import lor.director.world.lease.SpawnRecord;
import lor.director.world.process.AdoptedProcess;
import lor.director.world.process.RemoteWorldProcess;
import lor.protocol.control.WorldRegisterMessage;
import lor.protocol.control.WorldResumedMessage;
import lor.protocol.ticket.Secrets;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Adopting a running world that another director started: its director died or let it go (fenced off, or
 * stopping with its worlds left running), and the world reconnected here with the spawn token of its current
 * spawn. The database holds that token's hash beside the world's lease; a match makes the lease this director's
 * under the same epoch, and the world runs on with its players, its snapshots now persisted here. A process that
 * never hydrated has no spawn record and cannot be adopted.
 */
final class WorldFailover {

    private static final Logger LOG = LoggerFactory.getLogger(WorldSupervisor.class);

    private final LocalDirector director;
    private final GameAddresses addresses;
    private final WorldExits.Listener exits;

    WorldFailover(LocalDirector director, GameAddresses addresses, WorldExits.Listener exits) {
        this.director = director;
        this.addresses = addresses;
        this.exits = exits;
    }

    /** Completes once the world is this director's, or fails with a {@link RegistrationRefusedException}. */
    CompletableFuture<Void> adopt(ControlChannel channel, WorldInstance w, WorldRegisterMessage message) {
        long started = System.nanoTime();
        byte[] tokenHash = Secrets.sha256(message.spawnToken());
        return director.supplyBlocking(() -> {
            try {
                return director.leases.adopt(w.worldId(), tokenHash, director.secrets.keyId());
            } catch (DataAccessException e) {
                LOG.warn("cannot look up world {} that asks to be adopted: {}", w.worldId(), e.getMessage());
                return null;
            }
        }).thenCompose(adoption -> {
            if (adoption == null) {
                return CompletableFuture.failedFuture(
                        new RegistrationRefusedException("the database is unavailable", true));
            }
            if (adoption.unrecorded()) {
                // A spawn still starting, come to the wrong director (through a Service in front of several).
                return CompletableFuture.failedFuture(new RegistrationRefusedException("the world is starting under "
                        + "another director; register there", true));
            }
            if (adoption.record() == null) {
                return CompletableFuture.failedFuture(
                        new RegistrationRefusedException("wrong or stale spawn token"));
            }
            try {
                adopted(channel, w, message, adoption.record(), started);
                return CompletableFuture.<Void>completedFuture(null);
            } catch (RegistrationRefusedException e) {
                return CompletableFuture.failedFuture(e);
            }
        });
    }

    private void adopted(ControlChannel channel, WorldInstance w, WorldRegisterMessage message, SpawnRecord r,
                         long started) throws RegistrationRefusedException {
        if (r.pid() != message.pid() && director.launcher.localProcesses()) {
            throw new RegistrationRefusedException("not the recorded process (pid " + r.pid() + ")");
        }
        Optional<AdoptedProcess> local = director.launcher.localProcesses()
                ? AdoptedProcess.find(r.pid(), r.processStartedAt()) : Optional.empty();
        // Derived from the shared key, it is the secret the process has had since its spawn.
        String ticketSecret = director.secrets.secretFor(w.worldId(), r.epoch(), r.spawnTokenSha256());
        Process process = local.isPresent() ? local.get() : new RemoteWorldProcess(message.pid());
        WorldProcess p = WorldProcess.adopt(w, r, process, message.pid());
        // Checked, adopted and told in one step under the world's monitor.
        synchronized (w) {
            if (w.current() != null || w.status() != WorldStatus.STOPPED || w.removed()) {
                // Raced with a join here: the claim that join makes fails on the lease just taken, so try again.
                throw new RegistrationRefusedException("the world is busy here; try again", true);
            }
            p.adoptedSecret(ticketSecret, director.secrets.keyId());
            p.registered(channel, message.gamePort(), message.pid());
            // Taken back and reconnected at once: starting and running in one step (see WorldStatus).
            w.adopted(p);
            p.becameReady(addresses.targetOf(w, p, r.gameUrl()));
            // Sent under the lock, before any join can be given a ticket signed with the new secret.
            channel.send(new WorldResumedMessage(w.worldId(), ticketSecret));
            director.nameDirectorsTo(w.worldId(), channel);
        }
        process.onExit().thenAccept(exited -> exits.exited(w, p, AdoptedProcess.UNKNOWN_EXIT));
        director.metrics.worldAdoptions.incrementAndGet();
        LOG.info("world {} adopted from director {}: pid {} (epoch {}) runs on with its players, game port {}, "
                + "{} ms after it asked", w.worldId(), r.director(), p.pid(), p.epoch(), p.gamePort(),
                (System.nanoTime() - started) / 1_000_000);
    }
}
