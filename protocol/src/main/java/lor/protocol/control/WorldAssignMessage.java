package lor.protocol.control;

import lor.protocol.Message;

/**
 * Director → spare: become the world {@code spec} names, built with its settings, under this spawn's ticket secret.
 * The process then connects as that world ({@code world_register} with its spawn token) and is hydrated like any
 * other. On the wire the spec's fields sit beside {@code ticketSecret} ({@link WorldSpec#writeSettings}).
 */
public record WorldAssignMessage(WorldSpec spec, String ticketSecret) implements Message {

    public static final String TYPE = "world_assign";

    public String worldId() {
        return spec.worldId();
    }

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public String toString() {
        return "WorldAssignMessage[" + spec + ", ticketSecret=<redacted>]";
    }
}
