package lor.testclient.browser;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;

import tools.jackson.databind.JsonNode;

/** Plain HTTP to the director from the test itself, beside what the browser shows. */
final class DirectorHttpApi {

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private DirectorHttpApi() {
    }

    /** The {@code /api/worlds} entry of one world. */
    static JsonNode world(URI base, String worldId) {
        for (JsonNode w : worlds(base)) {
            if (worldId.equals(w.get("worldId").asString())) {
                return w;
            }
        }
        throw new AssertionError("no world " + worldId + " in /api/worlds");
    }

    static JsonNode worlds(URI base) {
        return GamePage.JSON.readTree(get(base, "/api/worlds", null).body());
    }

    /** Any request without a body, e.g. a HEAD or a conditional GET; the body as it came (compressed or not). */
    static HttpResponse<byte[]> send(URI base, String method, String path, Map<String, String> headers) {
        HttpRequest.Builder request = HttpRequest.newBuilder(base.resolve(path)).timeout(Duration.ofSeconds(10))
                .method(method, HttpRequest.BodyPublishers.noBody());
        headers.forEach(request::header);
        try {
            return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
        } catch (IOException e) {
            throw new AssertionError(method + " " + path + " failed: " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }

    /**
     * A world made through the admin API ({@code POST /api/admin/worlds}) on a map with a content pack and no
     * wandering NPCs, so that nobody but the test's players takes a cell.
     *
     * @throws AssertionError unless the director answers 201
     */
    static void createWorld(URI base, String adminToken, String worldId, String name, String map, String content) {
        HttpResponse<String> created = post(base, "/api/admin/worlds", adminToken, "{\"worldId\":\"" + worldId
                + "\",\"name\":\"" + name + "\",\"settings\":{\"map\":\"" + map + "\",\"content\":\"" + content
                + "\",\"npcs\":0}}");
        if (created.statusCode() != 201) {
            throw new AssertionError("creating world " + worldId + ": " + created.statusCode() + " " + created.body());
        }
    }

    /** A JSON body sent with the admin token, as the admin API takes it. */
    static HttpResponse<String> post(URI base, String path, String bearer, String json) {
        HttpRequest request = HttpRequest.newBuilder(base.resolve(path)).timeout(Duration.ofSeconds(10))
                .header("Authorization", "Bearer " + bearer).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json)).build();
        try {
            return HTTP.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new AssertionError("POST " + path + " failed: " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }

    static HttpResponse<String> get(URI base, String path, String bearer) {
        HttpRequest.Builder request = HttpRequest.newBuilder(base.resolve(path)).timeout(Duration.ofSeconds(10));
        if (bearer != null) {
            request.header("Authorization", "Bearer " + bearer);
        }
        try {
            return HTTP.send(request.GET().build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new AssertionError("GET " + path + " failed: " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }
}
