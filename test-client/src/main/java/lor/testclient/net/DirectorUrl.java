package lor.testclient.net;

import java.net.URI;

/** The {@code --director} option every test-client command takes: the director's client WebSocket URL. */
public final class DirectorUrl {

    private DirectorUrl() {
    }

    /** @throws IllegalArgumentException naming the option when {@code value} is not {@code ws://HOST:PORT/…} */
    public static URI parse(String value) {
        URI uri;
        try {
            uri = URI.create(value);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--director is not a URL: " + value);
        }
        if (!"ws".equals(uri.getScheme()) || uri.getHost() == null || uri.getPort() <= 0) {
            throw new IllegalArgumentException("--director must be ws://HOST:PORT/ws, not " + value);
        }
        return uri;
    }
}
