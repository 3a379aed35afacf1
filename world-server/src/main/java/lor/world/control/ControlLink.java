package lor.world.control;

import lor.protocol.Message;

/** The world's side of the control channel, as the rest of the world server sees it. Thread-safe. */
public interface ControlLink {

    /**
     * Sends if connected and registered, even when the connection is backed up: for the few messages that must
     * not be dropped (readiness, shutdown).
     *
     * @return false when the director is unreachable right now; the message is not queued
     */
    boolean send(Message message);

    /**
     * Sends only if the connection can take it now (connected, registered, and its outbound buffer below the
     * high-water mark): for messages a newer one supersedes (status, snapshots). A director that stops reading can
     * then never make the world buffer without bound.
     *
     * @return false when the message was not sent; it is not queued
     */
    boolean sendIfWritable(Message message);

    /** Sends an already encoded message; same contract as {@link #sendIfWritable}. */
    boolean sendText(String json);
}
