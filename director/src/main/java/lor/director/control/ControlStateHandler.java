package lor.director.control;

import lor.protocol.Message;

/**
 * What a control connection does in one {@link ControlState}: the connection's current handler is replaced on
 * every transition, so each answers only what is legal in its state and refuses the rest there. Runs on the
 * connection's event loop.
 */
interface ControlStateHandler {

    ControlState state();

    /** A message the codec could read arrived in this state. */
    void onMessage(Message message);

    /** The connection closed while in this state. */
    void onClosed();
}
