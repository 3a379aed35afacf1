package lor.director.client;

/**
 * Whether a {@code /ws} connection is bound to an account. It becomes {@link #LOGGED_IN} when a {@code login} or
 * {@code resume} succeeds (again, for another account, on a later one) and {@link #ANONYMOUS} again on
 * {@code logout}.
 */
enum ClientState { ANONYMOUS, LOGGED_IN }
