package lor.protocol;

import tools.jackson.databind.node.ObjectNode;

/**
 * One entry of the registry: a wire name, its record class, and how the record's fields map to JSON. The
 * {@code type} and {@code ref} fields are handled by {@link MessageCodec}; these functions see only the rest.
 */
public record MessageType<M extends Message>(String name, Class<M> recordClass, Decoder<M> decoder,
                                             Encoder<M> encoder) {

    @FunctionalInterface
    public interface Decoder<M> {
        M decode(Fields fields) throws ProtocolException;
    }

    @FunctionalInterface
    public interface Encoder<M> {
        void encode(M message, ObjectNode out);
    }

    public static <M extends Message> MessageType<M> of(String name, Class<M> recordClass, Decoder<M> decoder,
                                                        Encoder<M> encoder) {
        return new MessageType<>(name, recordClass, decoder, encoder);
    }

    @SuppressWarnings("unchecked")
    void encodeUnchecked(Message message, ObjectNode out) {
        encoder.encode((M) message, out);
    }
}
