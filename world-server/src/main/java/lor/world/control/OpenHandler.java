package lor.world.control;

import lor.protocol.ErrorMessage;
import lor.protocol.Message;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A connection opened ahead, while the process does not yet know which world it is: it has said nothing, so the
 * director has nothing to answer; an error from it ends the connection.
 */
final class OpenHandler implements SessionStateHandler {

    private static final Logger LOG = LoggerFactory.getLogger(OpenHandler.class);

    private final ControlSession session;

    OpenHandler(ControlSession session) {
        this.session = session;
    }

    @Override
    public SessionState state() {
        return SessionState.OPEN;
    }

    @Override
    public void onMessage(Message message) {
        if (message instanceof ErrorMessage error) {
            LOG.error("the director at {} refused this connection: {} ({})", session.url(), error.message(),
                    error.code());
            session.close();
        }
    }
}
