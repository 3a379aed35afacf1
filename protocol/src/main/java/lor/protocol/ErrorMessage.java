package lor.protocol;

/** {@code {"type":"error","code":…,"message":…,"ref":…}}: a refused request; nothing was changed. */
public record ErrorMessage(String code, String message, Object ref) implements Message {

    public static final String TYPE = "error";

    public static ErrorMessage of(ErrorCode code, String message, Object ref) {
        return new ErrorMessage(code.wireName(), message, ref);
    }

    public static ErrorMessage of(ProtocolException e) {
        return of(e.code(), e.getMessage(), e.ref());
    }

    @Override
    public String type() {
        return TYPE;
    }
}
