package lor.world.control;

/** The director has taken the world: what the world sends goes out on this connection until it closes. */
final class AcceptedHandler extends WorldHandler {

    AcceptedHandler(ControlClient client, ControlSession session, String worldId, ControlListener listener) {
        super(client, session, worldId, listener);
    }

    @Override
    public SessionState state() {
        return SessionState.ACCEPTED;
    }

    @Override
    void answered() {
        // Taken already; the world is told again, as the director asks.
    }
}
