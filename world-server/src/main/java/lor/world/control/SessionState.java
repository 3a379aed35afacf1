package lor.world.control;

/**
 * Where one control connection is. {@link #CONNECTING} until its WebSocket handshake completes; then the process says
 * what it is: nothing yet ({@link #OPEN}, a connection opened ahead while the world is built), {@link #SPARE}
 * (waiting for {@code world_assign}), or a world ({@link #REGISTERING} until the director answers with
 * {@code world_hydrate} or {@code world_resumed}, then {@link #ACCEPTED}). A spare or an open connection registers as
 * the world on the same connection once the process knows which world it is.
 */
enum SessionState { CONNECTING, OPEN, SPARE, REGISTERING, ACCEPTED }
