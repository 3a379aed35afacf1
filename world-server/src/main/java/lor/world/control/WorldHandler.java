package lor.world.control;

import lor.protocol.ErrorCode;
import lor.protocol.ErrorMessage;
import lor.protocol.Message;
import lor.protocol.Names;
import lor.protocol.control.PlayerKickMessage;
import lor.protocol.control.PortalGrantedMessage;
import lor.protocol.control.PortalRefusedMessage;
import lor.protocol.control.SnapshotAckMessage;
import lor.protocol.control.WorldDirectorsMessage;
import lor.protocol.control.WorldHydrateMessage;
import lor.protocol.control.WorldResumedMessage;
import lor.protocol.control.WorldShutdownMessage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A connection on which this process has registered as {@code worldId}. The director may command the world before
 * it answers the registration (it names the directors it shares a database with while the snapshot to hydrate from
 * is still being read), so both states act on the same messages; the answer, {@code world_hydrate} or
 * {@code world_resumed}, moves a registering connection on. Any refusal but {@code unavailable} means another
 * process owns the world, and ends it.
 */
abstract sealed class WorldHandler implements SessionStateHandler permits RegisteringHandler, AcceptedHandler {

    private static final Logger LOG = LoggerFactory.getLogger(WorldHandler.class);

    final ControlClient client;
    final ControlSession session;
    final String worldId;
    final ControlListener listener;

    WorldHandler(ControlClient client, ControlSession session, String worldId, ControlListener listener) {
        this.client = client;
        this.session = session;
        this.worldId = worldId;
        this.listener = listener;
    }

    /** The director took the world (back): {@code world_hydrate} or {@code world_resumed} arrived. */
    abstract void answered();

    @Override
    public final void onMessage(Message message) {
        String named = namedWorld(message);
        if (named != null && !named.equals(worldId)) {
            // Acks and commands are for this world only: acting on another's would lose or stop the wrong one.
            LOG.warn("ignored {} addressed to world {}: this process is world {}", message.type(),
                    Names.shorten(named, 40), worldId);
        } else if (message instanceof WorldHydrateMessage hydrate) {
            answered();
            listener.onHydrate(hydrate);
        } else if (message instanceof WorldResumedMessage resumed) {
            answered();
            listener.onResumed(resumed.ticketSecret());
        } else if (message instanceof SnapshotAckMessage ack) {
            listener.onSnapshotAck(ack.seq());
        } else if (message instanceof PortalGrantedMessage granted) {
            listener.onPortalGranted(granted);
        } else if (message instanceof PortalRefusedMessage refused) {
            listener.onPortalRefused(refused);
        } else if (message instanceof PlayerKickMessage kick) {
            listener.onPlayerKick(kick);
        } else if (message instanceof WorldShutdownMessage shutdown) {
            listener.onShutdownRequested(shutdown.reason());
        } else if (message instanceof WorldDirectorsMessage announced) {
            client.directorsAnnounced(session.url(), worldId, announced.controlUrls());
        } else if (message instanceof ErrorMessage error && ErrorCode.UNAVAILABLE.wireName().equals(error.code())) {
            // Fenced or shutting down: it cannot take the world now, another director may.
            LOG.warn("the director at {} cannot take world {} now: {}; trying another", session.url(), worldId,
                    error.message());
            session.close();
        } else if (message instanceof ErrorMessage error) {
            LOG.error("the director at {} refused this world: {} ({})", session.url(), error.message(), error.code());
            client.refused(session, listener, error);
        }
    }

    /** The world a director message is addressed to; null for one that names none (an error). */
    static String namedWorld(Message message) {
        if (message instanceof WorldHydrateMessage m) {
            return m.worldId();
        } else if (message instanceof WorldResumedMessage m) {
            return m.worldId();
        } else if (message instanceof SnapshotAckMessage m) {
            return m.worldId();
        } else if (message instanceof PortalGrantedMessage m) {
            return m.worldId();
        } else if (message instanceof PortalRefusedMessage m) {
            return m.worldId();
        } else if (message instanceof PlayerKickMessage m) {
            return m.worldId();
        } else if (message instanceof WorldShutdownMessage m) {
            return m.worldId();
        } else if (message instanceof WorldDirectorsMessage m) {
            return m.worldId();
        }
        return null;
    }
}
