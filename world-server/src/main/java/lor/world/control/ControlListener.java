package lor.world.control;

import lor.protocol.ErrorMessage;
import lor.protocol.control.PlayerKickMessage;
import lor.protocol.control.PortalGrantedMessage;
import lor.protocol.control.PortalRefusedMessage;
import lor.protocol.control.WorldHydrateMessage;

/** What the director tells a world, delivered on the control client's event loop; implementations must not block. */
public interface ControlListener {

    void onHydrate(WorldHydrateMessage hydrate);

    /**
     * The director took the world back after a reconnect; unacknowledged work should be sent again.
     *
     * @param ticketSecret the secret tickets are signed with from now on (a restarted director adopted the world),
     *                     or null when it is unchanged
     */
    void onResumed(String ticketSecret);

    void onSnapshotAck(long seq);

    /** The connection drained below its low-water mark after being backed up: send what was held back. */
    void onWritable();

    void onShutdownRequested(String reason);

    void onPortalGranted(PortalGrantedMessage granted);

    void onPortalRefused(PortalRefusedMessage refused);

    /** The account entered another world: take it out of this one. */
    void onPlayerKick(PlayerKickMessage kick);

    /**
     * The director refused this process (a wrong or stale spawn token: another process owns the world). A director
     * that is merely unavailable is not a refusal; the control client tries another.
     */
    void onRefused(ErrorMessage error);

    /**
     * No director has taken the world (back) for {@link ControlClient#ORPHAN_AFTER_MILLIS}, however many it tried:
     * the world must end rather than run on where nothing can persist it, and before its lease can pass to another
     * director that would start it again.
     */
    void onOrphaned();
}
