package lor.director.control;

import lor.director.world.WorldSupervisor;
import lor.protocol.ErrorCode;
import lor.protocol.ErrorMessage;
import lor.protocol.Message;
import lor.protocol.control.PlayerJoinedMessage;
import lor.protocol.control.PlayerLeftMessage;
import lor.protocol.control.PlayerRosterMessage;
import lor.protocol.control.PortalTransferMessage;
import lor.protocol.control.ShutdownAckMessage;
import lor.protocol.control.SnapshotAckMessage;
import lor.protocol.control.WorldHeartbeatMessage;
import lor.protocol.control.WorldLoadMessage;
import lor.protocol.control.WorldModulesMessage;
import lor.protocol.control.WorldReadyMessage;
import lor.protocol.control.WorldRegisterMessage;
import lor.protocol.control.WorldSnapshotMessage;
import lor.protocol.control.WorldStatusMessage;

/** A connection bound to the world it registered as: what the world reports goes to the supervisor. */
final class WorldHandler implements ControlStateHandler {

    private final ControlSessionHandler session;
    private final WorldSupervisor supervisor;
    private final String worldId;

    WorldHandler(ControlSessionHandler session, String worldId) {
        this.session = session;
        this.supervisor = session.supervisor();
        this.worldId = worldId;
    }

    String worldId() {
        return worldId;
    }

    @Override
    public ControlState state() {
        return ControlState.WORLD;
    }

    @Override
    public void onMessage(Message message) {
        if (message instanceof WorldSnapshotMessage snapshot) {
            supervisor.onSnapshot(session, worldId, snapshot).whenComplete((ignored, error) -> {
                if (error == null) {
                    session.send(new SnapshotAckMessage(snapshot.worldId(), snapshot.seq()));
                }
            });
        } else if (message instanceof WorldHeartbeatMessage heartbeat) {
            supervisor.onHeartbeat(session, heartbeat);
        } else if (message instanceof WorldStatusMessage status) {
            supervisor.onStatus(session, status);
        } else if (message instanceof WorldLoadMessage load) {
            supervisor.onLoad(session, load);
        } else if (message instanceof WorldModulesMessage modules) {
            supervisor.onModules(session, modules);
        } else if (message instanceof WorldReadyMessage ready) {
            supervisor.onReady(session, ready);
        } else if (message instanceof ShutdownAckMessage ack) {
            supervisor.onShutdownAck(session, ack);
        } else if (message instanceof PortalTransferMessage transfer) {
            supervisor.onPortalTransfer(worldId, transfer, session.portalTimeoutMs()).thenAccept(session::send);
        } else if (message instanceof PlayerJoinedMessage joined) {
            supervisor.onPlayerJoined(session, joined);
        } else if (message instanceof PlayerLeftMessage left) {
            supervisor.onPlayerLeft(session, left);
        } else if (message instanceof PlayerRosterMessage roster) {
            supervisor.onPlayerRoster(session, roster);
        } else if (message instanceof WorldRegisterMessage) {
            // Answered without closing: the connection stays bound to the world that registered first.
            session.send(ErrorMessage.of(ErrorCode.NOT_ALLOWED, "already registered", null));
        }
        // A spare_register from a registered world is ignored: a world process never sends one.
    }

    @Override
    public void onClosed() {
        supervisor.onControlClosed(session, worldId);
    }
}
