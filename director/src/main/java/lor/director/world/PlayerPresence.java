package lor.director.world;

import lor.protocol.control.PlayerJoinedMessage;
import lor.protocol.control.PlayerKickMessage;
import lor.protocol.control.PlayerLeftMessage;
import lor.protocol.control.PlayerRosterMessage;

/**
 * Which world each account is in, as the worlds report it: one account plays in one world at a time, so a world
 * that admits an account makes the world it was in let it go. A world that empties starts its idle time then.
 */
final class PlayerPresence {

    private final Lifecycle life;

    PlayerPresence(Lifecycle life) {
        this.life = life;
    }

    void joined(ControlChannel channel, PlayerJoinedMessage message) {
        if (!isCurrentControl(message.worldId(), channel)) {
            return;
        }
        String previous = life.membership.join(message.accountId(), message.worldId());
        if (previous != null) {
            kick(previous, message.accountId());
        }
        life.recordMembership(ledger -> ledger.joined(message.accountId(), message.worldId()));
    }

    void left(ControlChannel channel, PlayerLeftMessage message) {
        if (!isCurrentControl(message.worldId(), channel)) {
            return;
        }
        life.membership.leave(message.accountId(), message.worldId());
        markActiveIfEmpty(message.worldId());
        life.recordMembership(ledger -> ledger.left(message.accountId(), message.worldId()));
    }

    void roster(ControlChannel channel, PlayerRosterMessage message) {
        if (!isCurrentControl(message.worldId(), channel)) {
            return;
        }
        life.membership.replaceWorld(message.worldId(), message.accountIds()).forEach((account, previous) ->
                kick(previous, account));
        markActiveIfEmpty(message.worldId());
        life.recordMembership(ledger -> ledger.replaced(message.worldId(), message.accountIds()));
    }

    /**
     * Another director's world admitted the account: the world it is in here, if it is {@code worldId}, lets it
     * go. Checked against this director's own view, so a kick this director already sent is not sent twice.
     */
    void enteredElsewhere(String worldId, long accountId) {
        if (worldId.equals(life.membership.worldOf(accountId))) {
            life.membership.leave(accountId, worldId);
            kick(worldId, accountId);
        }
    }

    private boolean isCurrentControl(String worldId, ControlChannel channel) {
        WorldInstance w = life.worlds.get(worldId);
        if (w == null) {
            return false;
        }
        synchronized (w) {
            return w.current != null && w.current.control == channel;
        }
    }

    private void kick(String worldId, long accountId) {
        WorldInstance w = life.worlds.get(worldId);
        if (w == null) {
            return;
        }
        synchronized (w) {
            if (w.current != null && w.current.control != null) {
                w.current.control.send(new PlayerKickMessage(worldId, accountId, "entered another world"));
            }
        }
    }

    private void markActiveIfEmpty(String worldId) {
        WorldInstance w = life.worlds.get(worldId);
        if (w != null && life.membership.count(worldId) == 0) {
            synchronized (w) {
                w.lastActiveNanos = System.nanoTime();
            }
        }
    }
}
