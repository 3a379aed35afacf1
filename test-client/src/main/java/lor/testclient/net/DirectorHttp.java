package lor.testclient.net;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import lor.protocol.Json;
import tools.jackson.databind.JsonNode;

/** The director's HTTP endpoints as the scenarios read them. */
public final class DirectorHttp {

    private final HttpClient http;
    private final URI base;

    public DirectorHttp(HttpClient http, URI base) {
        this.http = http;
        this.base = base;
    }

    /** The {@code http://HOST:PORT} of a director whose client endpoint is {@code ws://HOST:PORT/ws}. */
    public static URI baseOf(URI directorWs) {
        String scheme = "wss".equals(directorWs.getScheme()) ? "https" : "http";
        return URI.create(scheme + "://" + directorWs.getRawAuthority());
    }

    /** {@code http://HOST:PORT} of the director. */
    public URI base() {
        return base;
    }

    public HttpResponse<String> get(String path) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(base.resolve(path)).timeout(Duration.ofSeconds(10)).GET().build();
        return http.send(request, HttpResponse.BodyHandlers.ofString());
    }

    public List<WorldRow> worlds() throws Exception {
        HttpResponse<String> response = get("/api/worlds");
        if (response.statusCode() != 200) {
            throw new AssertionError("/api/worlds answered " + response.statusCode());
        }
        List<WorldRow> rows = new ArrayList<>();
        for (JsonNode w : Json.MAPPER.readTree(response.body())) {
            rows.add(new WorldRow(w.path("worldId").asString(), w.path("status").asString(),
                    w.path("players").asInt(), w.path("pid").isNull() ? null : w.path("pid").asLong(),
                    w.path("lastSnapshotSeq").asLong(), w.path("hydratedSeq").asLong()));
        }
        return rows;
    }

    public WorldRow world(String worldId) throws Exception {
        Optional<WorldRow> row = worlds().stream().filter(w -> w.worldId().equals(worldId)).findFirst();
        return row.orElseThrow(() -> new AssertionError("/api/worlds does not list " + worldId));
    }

    /** One sample of a Prometheus metric without labels. */
    public double metric(String name) throws Exception {
        for (String line : get("/metrics").body().split("\n")) {
            if (line.startsWith(name + " ")) {
                return Double.parseDouble(line.substring(name.length() + 1).trim());
            }
        }
        throw new AssertionError("/metrics has no " + name);
    }

    /** One row of {@code /api/worlds}. */
    public record WorldRow(String worldId, String status, int players, Long pid, long lastSnapshotSeq,
                           long hydratedSeq) {
    }
}
