package lor.world.control;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import lor.protocol.ErrorMessage;
import lor.protocol.control.PlayerKickMessage;
import lor.protocol.control.PortalGrantedMessage;
import lor.protocol.control.PortalRefusedMessage;
import lor.protocol.control.WorldHydrateMessage;

/** What a control client delivered to its world, in order, as short event strings. */
public final class RecordingControlListener implements ControlListener {

    public final List<String> events = new CopyOnWriteArrayList<>();

    @Override
    public void onHydrate(WorldHydrateMessage hydrate) {
        events.add("hydrate " + hydrate.worldId() + " " + hydrate.seq());
    }

    @Override
    public void onResumed(String ticketSecret) {
        events.add(ticketSecret == null ? "resumed" : "resumed with a new ticket secret");
    }

    @Override
    public void onSnapshotAck(long seq) {
        events.add("ack " + seq);
    }

    @Override
    public void onWritable() {
    }

    @Override
    public void onShutdownRequested(String reason) {
        events.add("shutdown " + reason);
    }

    @Override
    public void onPortalGranted(PortalGrantedMessage granted) {
        events.add("granted " + granted.transferId());
    }

    @Override
    public void onPortalRefused(PortalRefusedMessage refused) {
        events.add("refused " + refused.transferId());
    }

    @Override
    public void onPlayerKick(PlayerKickMessage kick) {
        events.add("kick " + kick.accountId());
    }

    @Override
    public void onRefused(ErrorMessage error) {
        events.add("error " + error.code());
    }

    @Override
    public void onOrphaned() {
        events.add("orphaned");
    }
}
