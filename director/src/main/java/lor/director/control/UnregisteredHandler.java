package lor.director.control;

import lor.director.world.RegistrationRefusedException;
import lor.protocol.ErrorCode;
import lor.protocol.Message;
import lor.protocol.control.SpareRegisterMessage;
import lor.protocol.control.WorldRegisterMessage;

/** A connection that has not said what it is: it registers as a world or a spare, or is refused and closed. */
final class UnregisteredHandler implements ControlStateHandler {

    private final ControlSessionHandler session;

    UnregisteredHandler(ControlSessionHandler session) {
        this.session = session;
    }

    @Override
    public ControlState state() {
        return ControlState.UNREGISTERED;
    }

    @Override
    public void onMessage(Message message) {
        if (message instanceof WorldRegisterMessage register) {
            RegisteringHandler.begin(session, this, register);
        } else if (message instanceof SpareRegisterMessage spare) {
            try {
                session.supervisor().onSpareRegister(session, spare);
                session.become(new SpareHandler(session));
                session.liftFrameLimit();
            } catch (RegistrationRefusedException e) {
                session.refuse(ErrorCode.NOT_ALLOWED, "registration refused: " + e.getMessage());
            }
        } else {
            session.refuse(ErrorCode.NOT_AUTHENTICATED, "register first");
        }
    }

    @Override
    public void onClosed() {
        // Nobody was told of it.
    }
}
