package lor.world;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.netty.util.collection.IntObjectHashMap;
import lor.protocol.ErrorCode;
import lor.protocol.ErrorMessage;
import lor.protocol.control.PlayerJoinedMessage;
import lor.protocol.control.PlayerLeftMessage;
import lor.protocol.control.PlayerRosterMessage;
import lor.protocol.control.PortalGrantedMessage;
import lor.protocol.control.PortalRefusedMessage;
import lor.protocol.control.PortalTransferMessage;
import lor.protocol.game.TransferMessage;
import lor.protocol.ticket.Ticket;
import lor.sim.grid.Direction;
import lor.sim.grid.Grid;
import lor.sim.grid.Portal;
import lor.sim.world.World;
import lor.world.control.ControlLink;
import lor.world.game.PlayerConnection;
import lor.world.game.PlayerSession;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Who is in the world: the connected players, by account and by entity, and the players whose connection was lost,
 * held in place for their reconnect window. Every way in (admission, coming back to a held entity) and out (leaving,
 * a lost connection's window ending, a kick, a portal, shutdown) goes through here, and the director hears of each
 * ({@code player_joined}, {@code player_left}, {@code player_roster}), so its count of the world stays exact.
 * Tick-thread confined, like the runtime that owns it.
 */
final class PlayerRoster {

    private static final Logger LOG = LoggerFactory.getLogger(PlayerRoster.class);

    private final String worldId;
    private final ControlLink control;
    private final long reconnectWindowTicks;
    private final Map<Long, PlayerSession> byAccount = new LinkedHashMap<>();
    /** By entity id, without boxing: the tick looks a player up for every event. */
    private final IntObjectHashMap<PlayerSession> byEntity = new IntObjectHashMap<>();
    /**
     * Players whose connection was lost, by account, in the order they were lost (so, the window being the same for
     * all, in the order they expire): their entity stays in the world, visible, taking no intents, until a new
     * connection of the account takes it back or the window ends. Bounded by the world's entities.
     */
    private final Map<Long, Held> held = new LinkedHashMap<>();
    /** The world players enter, once hydrated; null before. */
    private World world;
    private boolean admitting = true;
    private long lastTransferId;

    /** A lost player's session (for where it came from) and the loop tick its reconnect window ends at. */
    private record Held(PlayerSession session, long expiresAtTick) {
    }

    /** @param reconnectWindowTicks how long a lost player's entity is held; 0 lets it go at once */
    PlayerRoster(String worldId, ControlLink control, long reconnectWindowTicks) {
        this.worldId = worldId;
        this.control = control;
        this.reconnectWindowTicks = reconnectWindowTicks;
    }

    /** The world is built: players may enter it. */
    void open(World world) {
        this.world = world;
    }

    /**
     * Puts the ticket's account in the world, where its ticket says it arrives or where the world spawns it (an
     * entity held for the account is its own again, and a connection of the account already here is replaced), and
     * tells the director. A refused connection is closed with the reason.
     *
     * @return the new session, or null when refused (the world is not admitting, or is full)
     */
    PlayerSession admit(PlayerConnection connection, Ticket ticket, boolean binary, boolean names) {
        if (world == null || !admitting) {
            connection.closeWith(ErrorCode.WORLD_UNAVAILABLE, "world is not admitting players");
            return null;
        }
        long account = ticket.accountId();
        Held returning = held.remove(account);
        PlayerSession previous = byAccount.remove(account);
        if (previous != null && previous.connection() != connection) {
            byEntity.remove(previous.entityId());
            previous.connection().closeWith(ErrorCode.REPLACED, "this account connected again elsewhere");
        }
        Ticket.Arrival arrival = ticket.arrival();
        int entityId = arrival == null ? world.spawnPlayer(account)
                : world.spawnPlayerAt(account, arrival.x(), arrival.y(), arrival.layer());
        if (entityId == 0) {
            connection.closeWith(ErrorCode.WORLD_UNAVAILABLE, "world is full");
            return null;
        }
        PlayerSession session = new PlayerSession(connection, entityId, binary, ticket.name(), names);
        if (returning != null) {
            session.arrivedBy(returning.session().lastDirection());
        }
        byAccount.put(account, session);
        byEntity.put(entityId, session);
        control.send(new PlayerJoinedMessage(worldId, account));
        int slot = world.slotOf(entityId);
        LOG.info("account {} {} entity {} at {},{},{} ({} online)", account,
                returning != null ? "came back to its held" : "entered as", entityId, world.xAt(slot),
                world.yAt(slot), world.layerAt(slot), byAccount.size());
        return session;
    }

    /** The player left (its client closed the connection, or the world let it go): its entity leaves now. */
    void leave(PlayerConnection connection) {
        long account = connection.accountId();
        PlayerSession session = byAccount.get(account);
        if (session == null || session.connection() != connection) {
            return;
        }
        byAccount.remove(account);
        byEntity.remove(session.entityId());
        takeOut(account, session);
    }

    /**
     * The player's connection was lost (dropped, silent, or cut off for not reading): its entity stays where it
     * stands for the reconnect window, and the director keeps counting it in this world. A world that is not
     * admitting (shutting down), or has no window, lets it go at once.
     *
     * @param now the loop tick the window starts at
     */
    void lose(PlayerConnection connection, long now) {
        long account = connection.accountId();
        PlayerSession session = byAccount.get(account);
        if (session == null || session.connection() != connection) {
            return;
        }
        if (world == null || !admitting || reconnectWindowTicks == 0) {
            leave(connection);
            return;
        }
        byAccount.remove(account);
        byEntity.remove(session.entityId());
        held.put(account, new Held(session, now + reconnectWindowTicks));
        LOG.info("account {} lost its connection; entity {} held for {} ticks", account, session.entityId(),
                reconnectWindowTicks);
    }

    /** Lost players whose window has ended by loop tick {@code now} leave the world. */
    void releaseExpiredHolds(long now) {
        Iterator<Map.Entry<Long, Held>> expiring = held.entrySet().iterator();
        while (expiring.hasNext()) {
            Map.Entry<Long, Held> entry = expiring.next();
            if (entry.getValue().expiresAtTick() > now) {
                return;
            }
            expiring.remove();
            takeOut(entry.getKey(), entry.getValue().session());
        }
    }

    /** The director says the account entered another world: it leaves this one. */
    void kick(long account) {
        PlayerSession session = byAccount.get(account);
        if (session != null) {
            session.connection().closeWith(ErrorCode.REPLACED, "this account entered another world");
            leave(session.connection());
        }
        Held lost = held.remove(account);
        if (lost != null) {
            takeOut(account, lost.session());
        }
    }

    /** The player stepped on a portal: the director is asked for a seat in the target world. */
    void startTransfer(PlayerSession session, Portal portal) {
        long transferId = ++lastTransferId;
        long account = session.connection().accountId();
        session.transferId(transferId);
        boolean asked = control.send(new PortalTransferMessage(worldId, transferId, account, portal.targetWorld(),
                portal.targetX(), portal.targetY(), portal.targetLayer(), session.name()));
        if (!asked) {
            session.transferId(0);
            session.connection().send(ErrorMessage.of(ErrorCode.WORLD_UNAVAILABLE,
                    "the portal is closed: the director is unreachable", null));
        }
    }

    /** The target world is ready: the player gets its ticket and leaves, remembered beside the portal. */
    void portalGranted(PortalGrantedMessage granted) {
        PlayerSession session = byAccount.get(granted.accountId());
        if (session == null || session.transferId() != granted.transferId() || world == null) {
            return;
        }
        int[] keep = cellToRemember(session);
        byAccount.remove(granted.accountId());
        byEntity.remove(session.entityId());
        world.removePlayer(granted.accountId(), keep[0], keep[1], keep[2]);
        control.send(new PlayerLeftMessage(worldId, granted.accountId()));
        session.connection().transferOut(new TransferMessage(granted.targetWorldId(), granted.gameUrl(),
                granted.ticket()));
        LOG.info("account {} transferred to world {}", granted.accountId(), granted.targetWorldId());
    }

    /** The target world cannot take the player: it stays here, on the portal, and is told why. */
    void portalRefused(PortalRefusedMessage refused) {
        PlayerSession session = byAccount.get(refused.accountId());
        if (session != null && session.transferId() == refused.transferId()) {
            session.transferId(0);
            session.connection().send(ErrorMessage.of(ErrorCode.WORLD_UNAVAILABLE, refused.reason(), null));
        }
    }

    /**
     * After the control connection was lost and is back: the answers to transfers asked for on the lost connection
     * never come, so the players waiting for them are told, and move again (they may step on the portal anew).
     */
    void abandonTransfers() {
        for (PlayerSession session : byAccount.values()) {
            if (session.transferId() != 0) {
                session.transferId(0);
                session.connection().send(ErrorMessage.of(ErrorCode.WORLD_UNAVAILABLE,
                        "the portal is closed: the director was unreachable", null));
            }
        }
    }

    /** Stops admitting and takes every player out, connected or held, saving where they stand. */
    void closeAll() {
        admitting = false;
        for (PlayerSession session : new ArrayList<>(byAccount.values())) {
            session.connection().closeWith(ErrorCode.WORLD_UNAVAILABLE, "world is shutting down");
            leave(session.connection());
        }
        for (Map.Entry<Long, Held> lost : held.entrySet()) {
            takeOut(lost.getKey(), lost.getValue().session());
        }
        held.clear();
    }

    /** Tells the director every account in this world; after (re)registration, membership is exact again. */
    void sendRoster() {
        if (world != null) {
            List<Long> accounts = new ArrayList<>(byAccount.keySet());
            accounts.addAll(held.keySet());
            control.send(new PlayerRosterMessage(worldId, accounts));
        }
    }

    /** The connected players, in the order they entered. */
    Collection<PlayerSession> connected() {
        return byAccount.values();
    }

    /** The players held for their reconnect window, in the order they were lost. */
    List<PlayerSession> heldSessions() {
        return held.values().stream().map(Held::session).toList();
    }

    /** The connected player of an entity, or null (an NPC, or a held player). */
    PlayerSession byEntity(int entityId) {
        return byEntity.get(entityId);
    }

    /** Players in the world: those connected and those held for their reconnect window. */
    int count() {
        return byAccount.size() + held.size();
    }

    /** Takes the entity out of the world, saving where it stands, and tells the director. */
    private void takeOut(long account, PlayerSession session) {
        if (world != null) {
            int[] keep = cellToRemember(session);
            world.removePlayer(account, keep[0], keep[1], keep[2]);
        }
        control.send(new PlayerLeftMessage(worldId, account));
        LOG.info("account {} left ({} online)", account, byAccount.size() + held.size());
    }

    /**
     * Where a leaving player is remembered: where it stands, except on a portal (it left while waiting for, or
     * after being refused, a transfer), where it is remembered one step back, so that its next join does not put
     * it on the way out.
     */
    private int[] cellToRemember(PlayerSession session) {
        Grid grid = world.grid();
        int slot = world.slotOf(session.entityId());
        int x = world.xAt(slot);
        int y = world.yAt(slot);
        int layer = world.layerAt(slot);
        Direction arrivedBy = session.lastDirection();
        if (arrivedBy != null && grid.portalAt(grid.size().index(x, y, layer)) != null) {
            return new int[] {x - arrivedBy.dx, y - arrivedBy.dy, layer};
        }
        return new int[] {x, y, layer};
    }
}
