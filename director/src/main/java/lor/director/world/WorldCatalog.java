package lor.director.world;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

import lor.director.world.presence.Membership;
import lor.director.world.presence.PlayerPresence;
import lor.protocol.Message;

/**
 * The worlds this director knows, by id. Worlds are added and removed while the director runs (an operator creates
 * one, an instance of a template is made for a party); a removed world's instance is marked removed under its own
 * lock first, so a join that found it a moment before sees that and answers "unknown world".
 */
final class WorldCatalog implements PlayerPresence.Worlds {

    private final ConcurrentMap<String, WorldInstance> byId = new ConcurrentHashMap<>();

    WorldCatalog(Collection<WorldInstance> worlds) {
        for (WorldInstance w : worlds) {
            byId.put(w.worldId(), w);
        }
    }

    /** The world, or null. */
    WorldInstance get(String worldId) {
        return byId.get(worldId);
    }

    boolean contains(String worldId) {
        return byId.containsKey(worldId);
    }

    /** A live view: worlds added or removed later show up in an iteration that is under way, or not. */
    Collection<WorldInstance> all() {
        return byId.values();
    }

    /** @return false when a world with that id exists already */
    boolean add(WorldInstance w) {
        return byId.putIfAbsent(w.worldId(), w) == null;
    }

    void remove(WorldInstance w) {
        byId.remove(w.worldId(), w);
    }

    @Override
    public boolean isCurrentControl(String worldId, ControlChannel channel) {
        WorldInstance w = byId.get(worldId);
        return w != null && w.currentOn(channel) != null;
    }

    @Override
    public void sendToCurrent(String worldId, Message message) {
        WorldInstance w = byId.get(worldId);
        ControlChannel control = w == null ? null : w.currentControl();
        if (control != null) {
            control.send(message);
        }
    }

    @Override
    public void touch(String worldId) {
        WorldInstance w = byId.get(worldId);
        if (w != null) {
            w.touch();
        }
    }

    /** Every world's view, sorted by id. */
    List<WorldView> views(Membership membership) {
        List<WorldView> views = new ArrayList<>(byId.size());
        for (WorldInstance w : byId.values()) {
            views.add(w.view(membership.count(w.worldId())));
        }
        views.sort((a, b) -> a.worldId().compareTo(b.worldId()));
        return views;
    }
}
