package lor.director.control;

import lor.protocol.ErrorCode;
import lor.protocol.Message;
import lor.protocol.control.WorldRegisterMessage;

/** A registered warm spare: it waits for a world, then registers as that world on this connection. */
final class SpareHandler implements ControlStateHandler {

    private final ControlSessionHandler session;

    SpareHandler(ControlSessionHandler session) {
        this.session = session;
    }

    @Override
    public ControlState state() {
        return ControlState.SPARE;
    }

    @Override
    public void onMessage(Message message) {
        if (message instanceof WorldRegisterMessage register) {
            // Only once it has been assigned this world: the spawn token says so.
            RegisteringHandler.begin(session, this, register);
        } else {
            session.refuse(ErrorCode.NOT_AUTHENTICATED, "a spare registers only as its assigned world");
        }
    }

    @Override
    public void onClosed() {
        session.supervisor().onSpareClosed(session);
    }
}
