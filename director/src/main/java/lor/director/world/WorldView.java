package lor.director.world;

import lor.protocol.control.WorldLoadMessage;
import lor.protocol.control.WorldModulesMessage;
import lor.protocol.control.WorldStatusMessage;

/**
 * A consistent copy of one world's state, for the HTTP API, metrics and {@code list_worlds}.
 *
 * @param lastModules how its game modules ran, as its process last said; null for a world without modules
 */
public record WorldView(String worldId, String name, WorldStatus status, int players, Long pid, Integer gamePort,
                        long lastSnapshotSeq, long lastSnapshotAtMillis, long hydratedSeq,
                        WorldStatusMessage lastStatus, WorldLoadMessage lastLoad, WorldModulesMessage lastModules,
                        String failure) {

    public WorldView(String worldId, String name, WorldStatus status, int players, Long pid, Integer gamePort,
                     long lastSnapshotSeq, long lastSnapshotAtMillis, long hydratedSeq, WorldStatusMessage lastStatus) {
        this(worldId, name, status, players, pid, gamePort, lastSnapshotSeq, lastSnapshotAtMillis, hydratedSeq,
                lastStatus, null, null, null);
    }
}
