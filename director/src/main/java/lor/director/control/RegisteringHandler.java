package lor.director.control;

import lor.director.world.RegistrationRefusedException;
import lor.protocol.ErrorCode;
import lor.protocol.Message;
import lor.protocol.control.WorldRegisterMessage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A {@code world_register} is being decided. Nothing more is read meanwhile (a world this director did not start is
 * looked up in the database first): the world sends nothing before it is answered, and nothing may overtake that.
 * Accepted, the connection is that world's; refused, it is what it was before, and is closed.
 */
final class RegisteringHandler implements ControlStateHandler {

    private static final Logger LOG = LoggerFactory.getLogger(RegisteringHandler.class);

    private final ControlSessionHandler session;
    /** Unregistered, or a spare: what the connection is again if the registration is refused. */
    private final ControlStateHandler previous;
    private final WorldRegisterMessage register;

    private RegisteringHandler(ControlSessionHandler session, ControlStateHandler previous,
                               WorldRegisterMessage register) {
        this.session = session;
        this.previous = previous;
        this.register = register;
    }

    /** Moves {@code session} from {@code previous} into this state and asks the supervisor. */
    static void begin(ControlSessionHandler session, ControlStateHandler previous, WorldRegisterMessage register) {
        RegisteringHandler registering = new RegisteringHandler(session, previous, register);
        session.pauseReading();
        session.become(registering);
        session.supervisor().onRegister(session, register)
                .whenComplete((ignored, error) -> session.onLoop(() -> registering.decided(error)));
    }

    private void decided(Throwable error) {
        session.resumeReading();
        if (error != null) {
            session.become(previous);
            refused(error);
            return;
        }
        session.become(new WorldHandler(session, register.worldId()));
        if (!session.isOpen()) {
            // Closed while the registration was decided: its close was not reported for a world then.
            session.supervisor().onControlClosed(session, register.worldId());
            return;
        }
        session.admitWorldMessages();
    }

    private void refused(Throwable error) {
        Throwable cause = error.getCause() != null && !(error instanceof RegistrationRefusedException)
                ? error.getCause() : error;
        if (cause instanceof RegistrationRefusedException refused) {
            session.refuse(refused.retryable() ? ErrorCode.UNAVAILABLE : ErrorCode.NOT_ALLOWED,
                    "registration refused: " + refused.getMessage());
        } else {
            LOG.error("registration of world {} failed", register.worldId(), cause);
            session.refuse(ErrorCode.UNAVAILABLE, "registration failed; try again");
        }
    }

    @Override
    public ControlState state() {
        return ControlState.REGISTERING;
    }

    @Override
    public void onMessage(Message message) {
        session.refuse(ErrorCode.NOT_ALLOWED, "wait for the registration's answer");
    }

    @Override
    public void onClosed() {
        previous.onClosed();
    }
}
