package lor.director.world.presence;

import java.util.concurrent.Executor;
import java.util.function.Consumer;

import lor.director.world.ControlChannel;
import lor.protocol.Message;
import lor.protocol.control.PlayerJoinedMessage;
import lor.protocol.control.PlayerKickMessage;
import lor.protocol.control.PlayerLeftMessage;
import lor.protocol.control.PlayerRosterMessage;

/**
 * Which world each account is in, as the worlds report it: one account plays in one world at a time, so a world
 * that admits an account makes the world it was in let it go. A world that empties starts its idle time then.
 */
public final class PlayerPresence {

    /** What presence asks of the worlds this director runs, each answered under the world's own lock. */
    public interface Worlds {

        /** Whether {@code channel} is the control connection of the world's current process. */
        boolean isCurrentControl(String worldId, ControlChannel channel);

        /** Sends {@code message} to the world's current process, if it is connected. */
        void sendToCurrent(String worldId, Message message);

        /** The world emptied (or was joined) just now: its idle time counts from here. */
        void touch(String worldId);
    }

    private final Membership membership;
    private final Worlds worlds;
    private final LedgerLane ledgerWrites;
    private volatile MembershipLedger ledger = MembershipLedger.NONE;

    public PlayerPresence(Membership membership, Worlds worlds, Executor blocking) {
        this.membership = membership;
        this.worlds = worlds;
        this.ledgerWrites = new LedgerLane(blocking);
    }

    /** Players' worlds are recorded where every director sees them from now on; see {@link MembershipLedger}. */
    public void shareThrough(MembershipLedger ledger) {
        this.ledger = ledger;
    }

    public void joined(ControlChannel channel, PlayerJoinedMessage message) {
        if (!isCurrentControl(message.worldId(), channel)) {
            return;
        }
        String previous = membership.join(message.accountId(), message.worldId());
        if (previous != null) {
            kick(previous, message.accountId());
        }
        recordMembership(ledger -> ledger.joined(message.accountId(), message.worldId()));
    }

    public void left(ControlChannel channel, PlayerLeftMessage message) {
        if (!isCurrentControl(message.worldId(), channel)) {
            return;
        }
        membership.leave(message.accountId(), message.worldId());
        markActiveIfEmpty(message.worldId());
        recordMembership(ledger -> ledger.left(message.accountId(), message.worldId()));
    }

    public void roster(ControlChannel channel, PlayerRosterMessage message) {
        if (!isCurrentControl(message.worldId(), channel)) {
            return;
        }
        membership.replaceWorld(message.worldId(), message.accountIds()).forEach((account, previous) ->
                kick(previous, account));
        markActiveIfEmpty(message.worldId());
        recordMembership(ledger -> ledger.replaced(message.worldId(), message.accountIds()));
    }

    /**
     * Another director's world admitted the account: the world it is in here, if it is {@code worldId}, lets it
     * go. Checked against this director's own view, so a kick this director already sent is not sent twice.
     */
    public void enteredElsewhere(String worldId, long accountId) {
        if (worldId.equals(membership.worldOf(accountId))) {
            membership.leave(accountId, worldId);
            kick(worldId, accountId);
        }
    }

    private boolean isCurrentControl(String worldId, ControlChannel channel) {
        return worlds.isCurrentControl(worldId, channel);
    }

    private void kick(String worldId, long accountId) {
        worlds.sendToCurrent(worldId, new PlayerKickMessage(worldId, accountId, "entered another world"));
    }

    private void markActiveIfEmpty(String worldId) {
        if (membership.count(worldId) == 0) {
            worlds.touch(worldId);
        }
    }

    /** Writes to the ledger off the caller's thread, in the order they are asked for: see {@link LedgerLane}. */
    private void recordMembership(Consumer<MembershipLedger> write) {
        ledgerWrites.submit(() -> write.accept(ledger));
    }
}
