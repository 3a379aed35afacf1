package lor.protocol.control;

import lor.protocol.Message;

/**
 * World → director, once a second: liveness and the figures behind the director's metrics. Tick durations are in
 * seconds over the last reporting window.
 */
public record WorldStatusMessage(String worldId, long tick, int players, double tickP50, double tickP99,
                                 double tickMax, long overruns) implements Message {

    public static final String TYPE = "world_status";

    @Override
    public String type() {
        return TYPE;
    }
}
