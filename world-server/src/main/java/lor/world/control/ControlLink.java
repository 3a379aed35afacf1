package lor.world.control;

import lor.protocol.Message;

/** The world's side of the control channel, as the rest of the world server sees it. Thread-safe. */
public interface ControlLink {

    /**
     * Sends if connected and registered.
     *
     * @return false when the director is unreachable right now; the message is not queued
     */
    boolean send(Message message);

    /** Sends an already encoded message; same contract as {@link #send}. */
    boolean sendText(String json);
}
