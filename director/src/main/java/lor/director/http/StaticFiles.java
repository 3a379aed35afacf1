package lor.director.http;

import java.io.IOException;
import java.io.InputStream;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The browser client's files, shipped in the director jar under {@code web/} and read once at start. Only the
 * listed names are served: a request path never becomes a classpath or file path. {@code sim.js}, sim-core compiled
 * to JavaScript, comes from the sim-web module's jar rather than this module's sources.
 */
final class StaticFiles {

    /** A file to serve. */
    record File(byte[] bytes, String contentType) {
    }

    private static final List<String> NAMES = List.of("index.html", "style.css", "favicon.svg",
            "frames.js", "sim.js", "predictor.js", "objects.js", "status.js",
            "page.js", "director-link.js", "lobby.js", "game-link.js", "reconnect.js", "world-map.js",
            "world-state.js", "render.js", "input.js", "walk.js", "app.js",
            "admin.html", "admin.js", "admin-registry.js", "admin.css");

    private final Map<String, File> files = new HashMap<>();

    StaticFiles() {
        for (String name : NAMES) {
            try (InputStream in = StaticFiles.class.getClassLoader().getResourceAsStream("web/" + name)) {
                if (in != null) {
                    files.put(name, new File(in.readAllBytes(), contentType(name)));
                }
            } catch (IOException e) {
                throw new IllegalStateException("cannot read web/" + name + " from the director jar", e);
            }
        }
    }

    /** The file named {@code name} (no slashes), or null. */
    File get(String name) {
        return files.get(name);
    }

    private static String contentType(String name) {
        if (name.endsWith(".html")) {
            return "text/html; charset=utf-8";
        }
        if (name.endsWith(".js")) {
            return "text/javascript; charset=utf-8";
        }
        if (name.endsWith(".svg")) {
            return "image/svg+xml";
        }
        return "text/css; charset=utf-8";
    }
}
