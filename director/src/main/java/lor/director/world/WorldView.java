package lor.director.world;

import lor.protocol.control.WorldLoadMessage;
import lor.protocol.control.WorldStatusMessage;

/** A consistent copy of one world's state, for the HTTP API, metrics and {@code list_worlds}. */
public record WorldView(String worldId, String name, WorldStatus status, int players, Long pid, Integer gamePort,
                        long lastSnapshotSeq, long lastSnapshotAtMillis, long hydratedSeq,
                        WorldStatusMessage lastStatus, WorldLoadMessage lastLoad, String failure) {

    public WorldView(String worldId, String name, WorldStatus status, int players, Long pid, Integer gamePort,
                     long lastSnapshotSeq, long lastSnapshotAtMillis, long hydratedSeq, WorldStatusMessage lastStatus) {
        this(worldId, name, status, players, pid, gamePort, lastSnapshotSeq, lastSnapshotAtMillis, hydratedSeq,
                lastStatus, null, null);
    }
}
