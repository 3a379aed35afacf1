package lor.world.control;

/** {@code world_register} is sent and not yet answered: nothing the world sends may overtake it. */
final class RegisteringHandler extends WorldHandler {

    RegisteringHandler(ControlClient client, ControlSession session, String worldId, ControlListener listener) {
        super(client, session, worldId, listener);
    }

    @Override
    public SessionState state() {
        return SessionState.REGISTERING;
    }

    @Override
    void answered() {
        session.accepted(worldId, listener);
    }
}
