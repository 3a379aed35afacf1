package lor.protocol;

/**
 * A protocol message: an immutable record that travels as one JSON object whose {@code type} field is
 * {@link #type()}. Records that carry secrets override {@code toString} so that they never reach a log.
 */
public interface Message {

    /** The wire name, written into the {@code type} field. */
    String type();

    /** The request's correlation value, echoed on answers; null for messages that carry none. */
    default Object ref() {
        return null;
    }
}
