package lor.director.control;

/**
 * Where a {@code /control} connection is in its life. A fresh connection is {@link #UNREGISTERED}; a warm spare's
 * becomes {@link #SPARE} and waits there for its world; either goes through {@link #REGISTERING} (reading paused
 * while the supervisor decides) to {@link #WORLD}, or back where it was if refused.
 */
enum ControlState { UNREGISTERED, SPARE, REGISTERING, WORLD }
