package lor.world.control;

import lor.protocol.Message;

/**
 * What a control connection does with a director's message in one {@link SessionState}; the session's current
 * handler is replaced on every transition. Runs on the control event loop.
 */
interface SessionStateHandler {

    SessionState state();

    void onMessage(Message message);
}
