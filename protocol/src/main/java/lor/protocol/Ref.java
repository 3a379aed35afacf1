package lor.protocol;

/**
 * A request's correlation value: the client's {@code ref} (a JSON string or number), echoed on every answer.
 * Messages carry it as a plain {@code Object}: a {@link String}, a numeric JSON node (echoed digit for digit)
 * or {@code null}.
 */
public final class Ref {

    private Ref() {
    }

    /** The first 16 characters of a ref, safe to put into a log line. */
    public static String forLog(Object ref) {
        if (ref == null) {
            return "-";
        }
        String text = ref.toString();
        return Names.shorten(text, 16);
    }
}
