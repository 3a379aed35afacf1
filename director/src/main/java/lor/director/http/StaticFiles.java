package lor.director.http;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.zip.Deflater;
import java.util.zip.GZIPOutputStream;

import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The browser client's files, shipped in the director jar under {@code web/} and read once. Only the
 * listed names are served: a request path never becomes a classpath or file path. {@code sim.js}, sim-core compiled
 * to JavaScript, comes from the sim-web module's jar rather than this module's sources.
 * <p>
 * Each file is gzip-compressed once, here, and served compressed to clients that accept it. Caching is
 * {@code no-cache} with a strong {@code ETag} (a hash of the content): a browser keeps its copy but asks before each
 * use, and gets {@code 304 Not Modified} without a body while the file is unchanged. Content-hashed names with a long
 * lifetime would save those requests, but the page is ES modules importing each other by name, so every import
 * would have to be rewritten at build time; revalidation cannot serve a stale script after an upgrade, and costs
 * one small round trip per file. No {@code Last-Modified}: the jar's timestamps are not the content's, and a browser
 * that has an {@code ETag} sends {@code If-None-Match}, which takes precedence over {@code If-Modified-Since}.
 * <p>
 * A studio whose worlds run modules of its own builds the page's script with them (the module template does) and puts
 * it in the modules directory as {@code sim.js}: served in place of the built-in one, read once when the director
 * starts, so that the page predicts those modules with their own code.
 */
final class StaticFiles {

    private static final Logger LOG = LoggerFactory.getLogger(StaticFiles.class);

    /** The file in {@code --modules-dir} that replaces the built-in {@code sim.js}. */
    static final String STUDIO_SCRIPT = "sim.js";

    /** A file to serve: as shipped, gzip-compressed (null when that is not smaller), and its validators. */
    record File(byte[] bytes, byte[] gzipped, String contentType, String etag, String gzipEtag) {
    }

    private static final List<String> NAMES = List.of("index.html", "style.css", "favicon.svg",
            "frames.js", "sim.js", "predictor.js", "objects.js", "status.js",
            "page.js", "director-link.js", "lobby.js", "game-link.js", "reconnect.js", "world-map.js",
            "world-state.js", "render.js", "module-looks.js", "module-controls.js", "input.js", "walk.js", "app.js",
            "admin.html", "admin.js", "admin-registry.js", "admin.css");

    private static final String NO_CACHE = "no-cache";

    private final Map<String, File> files;

    /** The jar's files. */
    StaticFiles() {
        this.files = Loaded.FILES;
    }

    /**
     * The jar's files, {@code sim.js} from {@code modulesDir} where a studio put one there.
     *
     * @param modulesDir the director's {@code --modules-dir}, or null
     * @throws IllegalArgumentException when that {@code sim.js} cannot be read or is empty, naming it
     */
    static StaticFiles withModulesDir(Path modulesDir) {
        Path script = modulesDir == null ? null : modulesDir.resolve(STUDIO_SCRIPT);
        if (script == null || !Files.exists(script)) {
            return new StaticFiles();
        }
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(script);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read the page's script " + script + ": " + e.getMessage(), e);
        }
        if (bytes.length == 0) {
            throw new IllegalArgumentException(script + " is empty: build the page's script with the module template"
                    + " (docs/modules.md, \"In the page\"), or remove it to serve the built-in one");
        }
        Map<String, File> files = new HashMap<>(Loaded.FILES);
        files.put(STUDIO_SCRIPT, file(bytes, contentType(STUDIO_SCRIPT)));
        LOG.info("the page's script: {} ({} bytes, a studio's build with its modules) in place of the built-in sim.js",
                script, bytes.length);
        return new StaticFiles(Map.copyOf(files));
    }

    private StaticFiles(Map<String, File> files) {
        this.files = files;
    }

    /** Read and compressed once per process, on first use: the jar's files do not change while it runs. */
    private static final class Loaded {

        static final Map<String, File> FILES = load();

        private static Map<String, File> load() {
            Map<String, File> files = new HashMap<>();
            for (String name : NAMES) {
                try (InputStream in = StaticFiles.class.getClassLoader().getResourceAsStream("web/" + name)) {
                    if (in != null) {
                        files.put(name, file(in.readAllBytes(), contentType(name)));
                    }
                } catch (IOException e) {
                    throw new IllegalStateException("cannot read web/" + name + " from the director jar", e);
                }
            }
            return Map.copyOf(files);
        }
    }

    /** The file named {@code name} (no slashes), or null. */
    File get(String name) {
        return files.get(name);
    }

    /**
     * The answer to a {@code GET} or {@code HEAD} of the file: 304 when the request's {@code If-None-Match} names
     * its current content, else 200 with the content, compressed if the request accepts gzip.
     */
    static FullHttpResponse answer(HttpRequest request, File file) {
        HttpHeaders asked = request.headers();
        boolean gzip = file.gzipped() != null && acceptsGzip(asked.get(HttpHeaderNames.ACCEPT_ENCODING));
        String etag = gzip ? file.gzipEtag() : file.etag();
        FullHttpResponse response;
        if (matches(asked.get(HttpHeaderNames.IF_NONE_MATCH), file)) {
            response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.NOT_MODIFIED,
                    Unpooled.EMPTY_BUFFER);
        } else {
            response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK,
                    Unpooled.wrappedBuffer(gzip ? file.gzipped() : file.bytes()));
            if (gzip) {
                response.headers().set(HttpHeaderNames.CONTENT_ENCODING, HttpHeaderValues.GZIP);
            }
        }
        // On a 304 too: a browser updates the stored answer's headers with the 304's, and the policy a page gets
        // follows its type (SecurityHeaders); without it a revalidated page would get the policy of JSON.
        response.headers().set(HttpHeaderNames.CONTENT_TYPE, file.contentType())
                .set(HttpHeaderNames.ETAG, etag).set(HttpHeaderNames.CACHE_CONTROL, NO_CACHE);
        if (file.gzipped() != null) {
            response.headers().set(HttpHeaderNames.VARY, HttpHeaderNames.ACCEPT_ENCODING);
        }
        return response;
    }

    /**
     * Whether an {@code Accept-Encoding} value accepts gzip: it names {@code gzip} (or {@code x-gzip}, or
     * {@code *} without naming gzip) with a weight above 0.
     */
    static boolean acceptsGzip(String acceptEncoding) {
        if (acceptEncoding == null) {
            return false;
        }
        Boolean star = null;
        for (String part : acceptEncoding.split(",")) {
            String[] params = part.split(";");
            String coding = params[0].trim().toLowerCase(Locale.ROOT);
            boolean accepted = weight(params) > 0;
            if (coding.equals("gzip") || coding.equals("x-gzip")) {
                return accepted;
            }
            if (coding.equals("*")) {
                star = accepted;
            }
        }
        return Boolean.TRUE.equals(star);
    }

    /** The {@code q} parameter of a coding, 1 without one, 0 when it does not parse. */
    private static double weight(String[] params) {
        for (int i = 1; i < params.length; i++) {
            String p = params[i].trim();
            if (p.length() > 2 && (p.charAt(0) == 'q' || p.charAt(0) == 'Q') && p.charAt(1) == '=') {
                try {
                    return Double.parseDouble(p.substring(2).trim());
                } catch (NumberFormatException e) {
                    return 0;
                }
            }
        }
        return 1;
    }

    /**
     * Whether {@code If-None-Match} names the file as it is (weak comparison, as for any {@code GET}): either
     * representation's tag stands for the same content.
     */
    private static boolean matches(String ifNoneMatch, File file) {
        if (ifNoneMatch == null) {
            return false;
        }
        for (String tag : ifNoneMatch.split(",")) {
            String t = tag.trim();
            if (t.startsWith("W/")) {
                t = t.substring(2);
            }
            if (t.equals("*") || t.equals(file.etag()) || t.equals(file.gzipEtag())) {
                return true;
            }
        }
        return false;
    }

    private static File file(byte[] bytes, String contentType) {
        byte[] gzipped = gzip(bytes);
        String hash = hash(bytes);
        boolean smaller = gzipped.length < bytes.length;
        // Strong tags differ between the encodings of one content (RFC 9110, 8.8.3).
        return new File(bytes, smaller ? gzipped : null, contentType, "\"" + hash + "\"",
                smaller ? "\"" + hash + "-gzip\"" : null);
    }

    private static byte[] gzip(byte[] bytes) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(bytes.length / 3 + 64);
        try (GZIPOutputStream gzip = new GZIPOutputStream(out) {
            {
                def.setLevel(Deflater.BEST_COMPRESSION);
            }
        }) {
            gzip.write(bytes);
        } catch (IOException e) {
            throw new IllegalStateException("gzip in memory failed", e);
        }
        return out.toByteArray();
    }

    /** 128 bits of the content's SHA-256, base64url: a new build's changed file gets a new tag. */
    private static String hash(byte[] bytes) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(bytes);
            return Base64.getUrlEncoder().withoutPadding().encodeToString(Arrays.copyOf(digest, 16));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
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
