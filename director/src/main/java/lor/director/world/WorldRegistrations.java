package lor.director.world;

import java.util.concurrent.CompletableFuture;
import java.util.function.BiConsumer;

import lor.protocol.Names;
import lor.protocol.control.ShutdownAckMessage;
import lor.protocol.control.WorldHeartbeatMessage;
import lor.protocol.control.WorldLoadMessage;
import lor.protocol.control.WorldModulesMessage;
import lor.protocol.control.WorldReadyMessage;
import lor.protocol.control.WorldRegisterMessage;
import lor.protocol.control.WorldResumedMessage;
import lor.protocol.control.WorldShutdownMessage;
import lor.protocol.control.WorldStatusMessage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A world process on its control connection: it registers with its spawn token, is hydrated (or told it resumes),
 * reports ready, beats, reports its status and load, confirms its shutdown, and may lose the connection and come
 * back. Only the world's current process, on its current connection, is listened to.
 */
final class WorldRegistrations {

    private static final Logger LOG = LoggerFactory.getLogger(WorldSupervisor.class);

    private final LocalDirector director;
    private final GameAddresses addresses;
    private final WorldHydration hydration;
    private final WorldAdoption adoption;
    private final WorldSpawner spawner;
    private final WorldFailover failover;

    WorldRegistrations(LocalDirector director, GameAddresses addresses, WorldHydration hydration,
                       WorldAdoption adoption, WorldSpawner spawner, WorldFailover failover) {
        this.director = director;
        this.failover = failover;
        this.addresses = addresses;
        this.hydration = hydration;
        this.adoption = adoption;
        this.spawner = spawner;
    }

    /** See {@link WorldSupervisor#onRegister}. */
    CompletableFuture<Void> register(ControlChannel channel, WorldRegisterMessage message) {
        // Checked before anything is looked up by them: no world or spawn token has another form.
        if (!Names.isWorldId(message.worldId())) {
            return CompletableFuture.failedFuture(new RegistrationRefusedException("no world has such an id", false));
        }
        if (!Names.isToken(message.spawnToken())) {
            return CompletableFuture.failedFuture(new RegistrationRefusedException("wrong or stale spawn token",
                    false));
        }
        WorldInstance w = director.worlds.get(message.worldId());
        if (w == null) {
            // Perhaps made a moment ago through another director, which this one learns of within seconds.
            return CompletableFuture.failedFuture(new RegistrationRefusedException("unknown world", true));
        }
        if (director.fenced() || director.shuttingDown()) {
            return CompletableFuture.failedFuture(new RegistrationRefusedException(director.fenced()
                    ? "this director cannot reach its database" : "this director is stopping", true));
        }
        if (w.current() == null && w.status() == WorldStatus.STOPPED) {
            return failover.adopt(channel, w, message);
        }
        try {
            registerOwn(channel, w, message);
            director.nameDirectorsTo(w.worldId(), channel);
            return CompletableFuture.completedFuture(null);
        } catch (RegistrationRefusedException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    /** A process this director started (or took back) registers, or registers again after losing the connection. */
    private void registerOwn(ControlChannel channel, WorldInstance w, WorldRegisterMessage message)
            throws RegistrationRefusedException {
        WorldProcess p;
        boolean needsHydration;
        boolean stopping;
        String ticketSecret;
        boolean adoptedNow;
        // Checked and registered in one step: the spawn cannot end (or another registration come) in between.
        synchronized (w) {
            p = w.current();
            if (p != null && !p.started()) {
                // This director is claiming the world right now; the claim fails on the lease the process's own
                // director holds, and the world is then free to be adopted here.
                throw new RegistrationRefusedException("the world is being claimed here; try again", true);
            }
            if (p == null || !p.presents(message.spawnToken())) {
                throw refused(w, message, "wrong or stale spawn token");
            }
            if (p.adopted() && message.pid() != p.pid()) {
                throw refused(w, message, "not the recorded process (pid " + p.pid() + ")");
            }
            if (p.pid() != 0 && message.pid() != p.pid()) {
                LOG.warn("world {} registered with pid {} but was spawned as pid {}", w.worldId(), message.pid(),
                        p.pid());
            }
            p.registered(channel, message.gamePort(), message.pid());
            adoptedNow = p.adopted() && p.signer() == null;
            if (adoptedNow) {
                // Its tickets were signed with the previous director's secret: the same one when derived from the
                // shared key, else one that died with that director.
                p.adoptedSecret(director.secrets.secretFor(w.worldId(), p.epoch(), p.spawnTokenSha256()),
                        director.secrets.keyId());
            }
            ticketSecret = p.adoptedTicketSecret();
            needsHydration = !p.hydrated();
            stopping = w.status() == WorldStatus.STOPPING;
        }
        LOG.info("world {} (pid {}) registered, game port {}{}", w.worldId(), message.pid(), message.gamePort(),
                p.sinceStart());
        if (needsHydration) {
            hydration.send(w, p, channel);
        } else {
            // Sent before joins are let in: the world must know the secret before the first ticket signed with it.
            channel.send(new WorldResumedMessage(w.worldId(), ticketSecret));
            if (adoptedNow) {
                adoption.reconnected(w, p);
            }
            if (stopping) {
                channel.send(new WorldShutdownMessage(w.worldId(), "stop requested while disconnected"));
            }
        }
    }

    private static RegistrationRefusedException refused(WorldInstance w, WorldRegisterMessage message, String why) {
        long reported = w.registrationRefused();
        if (reported > 0) {
            LOG.warn("refused registration for world {} from pid {}: {} ({} refused since the last report)",
                    w.worldId(), message.pid(), why, reported);
        }
        return new RegistrationRefusedException(why);
    }

    /** The world proves it is alive; see {@link WorldHealth}. */
    void heartbeat(ControlChannel channel, WorldHeartbeatMessage message) {
        onCurrent(message.worldId(), channel, (w, p) -> p.beat());
    }

    /** The world applied its hydration: it is running, and the joins waiting for it get their target. */
    void ready(ControlChannel channel, WorldReadyMessage message) {
        WorldInstance w = director.worlds.get(message.worldId());
        if (w == null) {
            return;
        }
        WorldProcess p;
        // One step: the joins waiting learn where the world is before an exit can end the spawn.
        synchronized (w) {
            p = w.current();
            if (p == null || !p.hydratedOn(channel) || !w.becameReady(message.hydratedSeq())) {
                return;
            }
            LOG.info("world {} running: pid {}, game port {}, hydrated from snapshot seq {}{}", w.worldId(), p.pid(),
                    p.gamePort(), message.hydratedSeq(), p.sinceStart());
            p.becameReady(addresses.targetOf(w, p));
        }
        director.runBlocking(() -> spawner.recordSpawn(w, p));
    }

    void status(ControlChannel channel, WorldStatusMessage message) {
        onCurrent(message.worldId(), channel, (w, p) -> w.reported(message));
    }

    void load(ControlChannel channel, WorldLoadMessage message) {
        onCurrent(message.worldId(), channel, (w, p) -> w.reported(message));
    }

    void modules(ControlChannel channel, WorldModulesMessage message) {
        onCurrent(message.worldId(), channel, (w, p) -> w.reported(message));
    }

    void shutdownAcked(ControlChannel channel, ShutdownAckMessage message) {
        onCurrent(message.worldId(), channel, (w, p) -> p.confirmShutdown());
        LOG.info("world {} confirmed shutdown after snapshot seq {}", message.worldId(), message.lastSeq());
    }

    void controlClosed(ControlChannel channel, String registeredWorldId) {
        onCurrent(registeredWorldId, channel, (w, p) -> {
            if (!p.controlLost()) {
                LOG.warn("control connection of world {} (pid {}) lost; waiting for it to reconnect", w.worldId(),
                        p.pid());
            }
        });
    }

    /**
     * Runs {@code action} when {@code channel} is the control connection of the world's current process: a report
     * from an earlier process, or for another world, changes nothing.
     */
    private void onCurrent(String worldId, ControlChannel channel, BiConsumer<WorldInstance, WorldProcess> action) {
        WorldInstance w = director.worlds.get(worldId);
        if (w != null) {
            w.withCurrentOn(channel, p -> action.accept(w, p));
        }
    }
}
