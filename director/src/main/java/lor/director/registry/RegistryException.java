package lor.director.registry;

/** A change to the world registry that was refused, with what to answer and a message an operator can act on. */
public final class RegistryException extends RuntimeException {

    /** Why, as the HTTP status the admin API answers. */
    public enum Kind {
        INVALID(400), NOT_FOUND(404), CONFLICT(409);

        public final int httpStatus;

        Kind(int httpStatus) {
            this.httpStatus = httpStatus;
        }
    }

    private final Kind kind;

    RegistryException(Kind kind, String message) {
        super(message, null, false, false);
        this.kind = kind;
    }

    static RegistryException invalid(String message) {
        return new RegistryException(Kind.INVALID, message);
    }

    static RegistryException notFound(String message) {
        return new RegistryException(Kind.NOT_FOUND, message);
    }

    static RegistryException conflict(String message) {
        return new RegistryException(Kind.CONFLICT, message);
    }

    public Kind kind() {
        return kind;
    }
}
