package lor.sim.world;

import java.util.Arrays;

/**
 * What the last tick did to players' intents, in the order it applied them (ascending entity id). Reused from
 * tick to tick: read it before the next {@link World#step()}.
 */
public final class TickEvents {

    private int[] entityIds = new int[16];
    private byte[] results = new byte[16];
    private int count;

    void clear() {
        count = 0;
    }

    void add(int entityId, IntentOutcome result) {
        if (count == entityIds.length) {
            entityIds = Arrays.copyOf(entityIds, count * 2);
            results = Arrays.copyOf(results, count * 2);
        }
        entityIds[count] = entityId;
        results[count] = (byte) result.ordinal();
        count++;
    }

    public int count() {
        return count;
    }

    public int entityId(int i) {
        return entityIds[i];
    }

    public IntentOutcome result(int i) {
        return IntentOutcome.ofOrdinal(results[i]);
    }
}
