package lor.world.content;

/**
 * A content pack that cannot be loaded: the message names the file, the entry and what is wrong, in words a studio
 * author can act on (no class names, no stack traces).
 */
public final class ContentLoadException extends RuntimeException {

    public ContentLoadException(String message) {
        super(message);
    }
}
