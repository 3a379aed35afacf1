package lor.protocol;

/** Message types shared by every endpoint. */
public final class Protocol {

    public static final MessageType<ErrorMessage> ERROR = MessageType.of(ErrorMessage.TYPE, ErrorMessage.class,
            f -> new ErrorMessage(f.string("code"), f.string("message"), f.ref()),
            (m, out) -> {
                out.put("code", m.code());
                out.put("message", m.message());
                MessageCodec.putRef(out, m.ref());
            });

    private Protocol() {
    }
}
