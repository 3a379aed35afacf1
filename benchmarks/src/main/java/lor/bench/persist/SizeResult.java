package lor.bench.persist;

import java.util.ArrayList;
import java.util.List;

/** Everything measured for one world size. */
final class SizeResult {

    final int entities;
    final String worldId;
    final String map;
    int playersInSnapshot;
    long messageBytes;
    long storedBytes;
    long onDiskBytes;
    long npcOnlyMessageBytes;
    final List<Phase> inProcess = new ArrayList<>();
    final List<Phase> webSocket = new ArrayList<>();
    final List<Phase> hydration = new ArrayList<>();
    int inProcessWarmUps;
    int webSocketWarmUps;
    int hydrationWarmUps;
    int webSocketSnapshots;
    int webSocketCopies;
    long webSocketDuplicatesStored;

    SizeResult(int entities, String worldId, String map) {
        this.entities = entities;
        this.worldId = worldId;
        this.map = map;
    }
}
