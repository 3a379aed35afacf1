package lor.testclient.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

import lor.protocol.Json;
import tools.jackson.databind.JsonNode;

/** The admin API of one director, called as an operator's script calls it: with the director's admin token. */
final class AdminRequests {

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private final URI base;
    private final String token;

    AdminRequests(URI base, String token) {
        this.base = base;
        this.token = token;
    }

    /** {@code method} on {@code path} (under the director's base URL) with a JSON body, or none for null. */
    HttpResponse<String> send(String method, String path, String body) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(base.resolve(path))
                .header("Authorization", "Bearer " + token)
                .header("Content-Type", "application/json")
                .timeout(Duration.ofSeconds(10))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body))
                .build();
        return HTTP.send(request, HttpResponse.BodyHandlers.ofString());
    }

    /** The answer's JSON, once its status is {@code status}. */
    static JsonNode json(HttpResponse<String> response, int status) {
        assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
        return Json.MAPPER.readTree(response.body());
    }

    /** The answer's {@code error}, once its status is {@code status}. */
    static String error(HttpResponse<String> response, int status) {
        return json(response, status).path("error").asString();
    }
}
