package lor.world.control;

import lor.protocol.ErrorMessage;
import lor.protocol.Message;
import lor.protocol.control.WorldAssignMessage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** A registered warm spare: it waits for the director to assign it a world, or to refuse it. */
final class SpareHandler implements SessionStateHandler {

    private static final Logger LOG = LoggerFactory.getLogger(SpareHandler.class);

    private final ControlClient client;
    private final ControlSession session;

    SpareHandler(ControlClient client, ControlSession session) {
        this.client = client;
        this.session = session;
    }

    @Override
    public SessionState state() {
        return SessionState.SPARE;
    }

    @Override
    public void onMessage(Message message) {
        if (message instanceof WorldAssignMessage assign) {
            client.assigned(assign);
        } else if (message instanceof ErrorMessage error) {
            LOG.error("director refused this spare: {} ({})", error.message(), error.code());
            client.spareRefused(error);
            session.close();
        }
    }
}
