package lor.protocol.game;

import lor.protocol.Message;

/**
 * → {@code move}: an intent to step one cell in {@code dir} ({@code N}, {@code E}, {@code S}, {@code W}), numbered
 * by {@code seq}, which increases per connection. Never a position: a move carrying one is refused.
 */
public record MoveMessage(String dir, long seq, Object ref) implements Message {

    public static final String TYPE = "move";

    @Override
    public String type() {
        return TYPE;
    }
}
