package lor.sim.world;

import java.util.Arrays;

/**
 * What the last tick did to players' intents, in the order it applied them (ascending entity id). Reused from
 * tick to tick: read it before the next {@link World#step()}.
 */
public final class TickEvents {

    private int[] entityIds = new int[16];
    private byte[] results = new byte[16];
    /** A module's refusal by event, null for every other outcome. */
    private String[] reasons = new String[16];
    private int count;

    void clear() {
        count = 0;
    }

    void add(int entityId, IntentOutcome result) {
        add(entityId, result, null);
    }

    /** A module's action: carried out ({@code refusal} null) or refused with its reason. */
    void add(int entityId, String refusal) {
        add(entityId, refusal == null ? IntentOutcome.DONE : IntentOutcome.REFUSED, refusal);
    }

    private void add(int entityId, IntentOutcome result, String refusal) {
        if (count == entityIds.length) {
            entityIds = Arrays.copyOf(entityIds, count * 2);
            results = Arrays.copyOf(results, count * 2);
            reasons = Arrays.copyOf(reasons, count * 2);
        }
        entityIds[count] = entityId;
        results[count] = (byte) result.ordinal();
        reasons[count] = refusal;
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

    /** The {@code rejected} message's reason for a refused intent, null for one carried out. */
    public String reason(int i) {
        return reasons[i] != null ? reasons[i] : result(i).reason();
    }
}
