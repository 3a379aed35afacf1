package lor.director.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.zip.GZIPInputStream;

import io.netty.buffer.ByteBufUtil;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import lor.director.DirectorMetrics;
import lor.director.world.WorldSupervisor;
import lor.director.world.admission.TicketIssuer;
import lor.director.world.lease.LocalLeases;
import lor.director.world.presence.Membership;
import lor.director.world.store.WorldRepository;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * How the director serves its page and answers HTTP, through its router on an {@link EmbeddedChannel} behind the
 * same {@link SecurityHeaders} as on its port (issue 31, point 10): the files gzip-compressed for clients that accept
 * it, revalidated with an {@code ETag}, {@code HEAD} wherever {@code GET} works, and the security headers on every
 * answer, errors included.
 */
class PageServingTest {

    private static final String ADMIN_TOKEN = "admin-token-for-tests-0001";
    private static final String BROWSER_ENCODINGS = "gzip, deflate, br, zstd";

    private final ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor();
    private final ExecutorService blocking = Executors.newFixedThreadPool(2);
    private WorldSupervisor supervisor;
    private EmbeddedChannel channel;

    @BeforeEach
    void open() {
        supervisor = new WorldSupervisor(List.of(
                new WorldRepository.WorldRecord("start", "Start", 7, "{\"map\":\"start\",\"npcs\":0}")),
                null, null, new LocalLeases(), blocking, scheduler, new DirectorMetrics(), new Membership(),
                new TicketIssuer(Clock.systemUTC(), 30_000), "127.0.0.1", 60_000, 0, 30_000, 0);
        // No database: /readyz is for the integration tests (BrowserGameIT), against a real one.
        ApiHandler api = new ApiHandler(null, supervisor, new DirectorMetrics(), blocking, ADMIN_TOKEN, null);
        channel = new EmbeddedChannel(new SecurityHeaders(false), new EndpointRouter(null, null, api));
    }

    @AfterEach
    void close() {
        channel.finishAndReleaseAll();
        supervisor.shutdownAll(Duration.ofSeconds(5));
        scheduler.shutdownNow();
        blocking.shutdownNow();
    }

    @Test
    void simJsGoesOutGzipCompressedToABrowser() throws IOException {
        byte[] plain = new StaticFiles().get("sim.js").bytes();

        FullHttpResponse response = request(HttpMethod.GET, "/sim.js", Map.of("Accept-Encoding", BROWSER_ENCODINGS));

        assertThat(response.status()).isEqualTo(HttpResponseStatus.OK);
        assertThat(response.headers().get(HttpHeaderNames.CONTENT_ENCODING)).isEqualTo("gzip");
        assertThat(response.headers().get(HttpHeaderNames.VARY)).isEqualToIgnoringCase("accept-encoding");
        assertThat(response.headers().get(HttpHeaderNames.CONTENT_TYPE)).isEqualTo("text/javascript; charset=utf-8");
        byte[] wire = bytes(response);
        assertThat(response.headers().getInt(HttpHeaderNames.CONTENT_LENGTH)).isEqualTo(wire.length);
        assertThat(wire.length).as("gzip bytes of %s plain", plain.length).isLessThan(plain.length / 2);
        assertThat(gunzip(wire)).isEqualTo(plain);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "identity", "gzip;q=0", "deflate, br", "*;q=0", "gzip;q=0, *"})
    void aClientThatDoesNotAcceptGzipGetsThePlainFile(String acceptEncoding) {
        byte[] plain = new StaticFiles().get("app.js").bytes();

        FullHttpResponse response = request(HttpMethod.GET, "/app.js",
                acceptEncoding.isEmpty() ? Map.of() : Map.of("Accept-Encoding", acceptEncoding));

        assertThat(response.status()).isEqualTo(HttpResponseStatus.OK);
        assertThat(response.headers().contains(HttpHeaderNames.CONTENT_ENCODING)).isFalse();
        assertThat(response.headers().get(HttpHeaderNames.VARY)).isEqualToIgnoringCase("accept-encoding");
        assertThat(bytes(response)).isEqualTo(plain);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {"gzip|true", "GZIP;q=0.5|true", "x-gzip|true", "*|true", "br, *;q=0.1|true",
            "gzip;q=0|false", "gzip;q=0.0, *|false", "deflate|false", "gzip;q=x|false", "identity;q=1|false"})
    void readsWhetherGzipIsAccepted(String acceptEncoding, boolean accepted) {
        assertThat(StaticFiles.acceptsGzip(acceptEncoding)).isEqualTo(accepted);
    }

    @ParameterizedTest
    @ValueSource(strings = {"/", "/sim.js", "/style.css", "/favicon.svg"})
    void aFileIsRevalidatedWithItsEtagAndUnchangedAnswers304WithoutABody(String path) {
        for (String encoding : List.of(BROWSER_ENCODINGS, "identity")) {
            Map<String, String> accepts = Map.of("Accept-Encoding", encoding);
            FullHttpResponse first = request(HttpMethod.GET, path, accepts);
            String etag = first.headers().get(HttpHeaderNames.ETAG);
            String type = first.headers().get(HttpHeaderNames.CONTENT_TYPE);
            String policy = first.headers().get(HttpHeaderNames.CONTENT_SECURITY_POLICY);
            first.release();
            assertThat(etag).as("a strong validator").matches("\"[A-Za-z0-9_-]{22}(-gzip)?\"");
            // Kept, but asked about before each use: an upgraded director's new script is never missed.
            assertThat(first.headers().get(HttpHeaderNames.CACHE_CONTROL)).isEqualTo("no-cache");

            for (String ifNoneMatch : List.of(etag, "W/" + etag, "\"other\", " + etag)) {
                FullHttpResponse again = request(HttpMethod.GET, path,
                        Map.of("Accept-Encoding", encoding, "If-None-Match", ifNoneMatch));
                assertThat(again.status()).as("%s with If-None-Match %s", path, ifNoneMatch)
                        .isEqualTo(HttpResponseStatus.NOT_MODIFIED);
                assertThat(again.headers().get(HttpHeaderNames.ETAG)).isEqualTo(etag);
                assertThat(again.headers().get(HttpHeaderNames.CACHE_CONTROL)).isEqualTo("no-cache");
                // A browser puts the 304's headers on the copy it keeps: the page must keep its own policy.
                assertThat(again.headers().get(HttpHeaderNames.CONTENT_TYPE)).isEqualTo(type);
                assertThat(again.headers().get(HttpHeaderNames.CONTENT_SECURITY_POLICY)).isEqualTo(policy);
                assertThat(bytes(again)).isEmpty();
            }
        }
        FullHttpResponse changed = request(HttpMethod.GET, path, Map.of("If-None-Match", "\"an-older-build\""));
        assertThat(changed.status()).isEqualTo(HttpResponseStatus.OK);
        assertThat(bytes(changed)).isNotEmpty();
    }

    @Test
    void theGzipAndThePlainFileHaveDifferentTags() {
        FullHttpResponse gzip = request(HttpMethod.GET, "/sim.js", Map.of("Accept-Encoding", "gzip"));
        FullHttpResponse plain = request(HttpMethod.GET, "/sim.js", Map.of());

        assertThat(gzip.headers().get(HttpHeaderNames.ETAG)).isNotEqualTo(plain.headers().get(HttpHeaderNames.ETAG));
        gzip.release();
        plain.release();
    }

    @ParameterizedTest
    @ValueSource(strings = {"/", "/sim.js", "/favicon.ico", "/admin", "/healthz", "/metrics", "/api/worlds",
            "/api/admin/worlds", "/no-such-file.js"})
    void headAnswersAsGetWithoutTheBody(String path) {
        Map<String, String> headers = Map.of("Accept-Encoding", BROWSER_ENCODINGS,
                "Authorization", "Bearer " + ADMIN_TOKEN);
        FullHttpResponse get = request(HttpMethod.GET, path, headers);
        int length = bytes(get).length;

        FullHttpResponse head = request(HttpMethod.HEAD, path, headers);

        assertThat(head.status()).isEqualTo(get.status()).isNotEqualTo(HttpResponseStatus.METHOD_NOT_ALLOWED);
        assertThat(bytes(head)).isEmpty();
        for (CharSequence name : List.of(HttpHeaderNames.CONTENT_TYPE, HttpHeaderNames.CONTENT_ENCODING,
                HttpHeaderNames.ETAG, HttpHeaderNames.CACHE_CONTROL, HttpHeaderNames.CONTENT_SECURITY_POLICY)) {
            assertThat(head.headers().get(name)).as(name.toString()).isEqualTo(get.headers().get(name));
        }
        if (!path.equals("/metrics") && !path.equals("/api/worlds") && !path.equals("/api/admin/worlds")) {
            // (the figures and the snapshot ages may change between the two requests)
            assertThat(head.headers().getInt(HttpHeaderNames.CONTENT_LENGTH)).isEqualTo(length);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"POST /", "PUT /sim.js", "DELETE /healthz", "POST /api/worlds", "OPTIONS /metrics"})
    void anotherMethodIsRefusedNamingTheOnesAllowed(String line) {
        String[] parts = line.split(" ");

        FullHttpResponse response = request(HttpMethod.valueOf(parts[0]), parts[1], Map.of());

        assertThat(response.status()).isEqualTo(HttpResponseStatus.METHOD_NOT_ALLOWED);
        assertThat(response.headers().get(HttpHeaderNames.ALLOW)).isEqualTo("GET, HEAD");
        response.release();
    }

    @Test
    void thePagesMayRunOnlyTheirOwnFilesAndBeFramedByNobody() {
        for (String path : List.of("/", "/admin")) {
            FullHttpResponse page = request(HttpMethod.GET, path, Map.of());
            String policy = page.headers().get(HttpHeaderNames.CONTENT_SECURITY_POLICY);
            page.release();

            assertThat(policy).as(path)
                    .contains("default-src 'none'", "script-src 'self'", "style-src 'self'", "img-src 'self'",
                            "connect-src 'self' ws: wss:", "frame-ancestors 'none'", "base-uri 'none'",
                            "form-action 'none'")
                    .doesNotContain("unsafe", "http:", "https:", "*");
        }
    }

    @Test
    void aPageServedOverHttpsConnectsOnlyOverWss() {
        String policy = new SecurityHeaders(true).pagePolicy();

        assertThat(policy).contains("connect-src 'self' wss:;").doesNotContain("ws:;", "ws: ");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "GET|/|200", "GET|/admin|200", "GET|/sim.js|200", "GET|/api/worlds|200", "GET|/healthz|200",
            "GET|/metrics|200", "GET|/nothing-here|404", "POST|/healthz|405",
            "GET|/api/admin/worlds|401", "GET|/ws|400", "GET|/control|400", "GET|/sim.js?x=1|200"})
    void everyAnswerCarriesTheSecurityHeaders(String method, String path, int status) {
        FullHttpResponse response = request(HttpMethod.valueOf(method), path, Map.of());

        HttpHeaders headers = response.headers();
        assertThat(response.status().code()).isEqualTo(status);
        assertThat(headers.get(SecurityHeaders.CONTENT_TYPE_OPTIONS)).isEqualTo("nosniff");
        assertThat(headers.get(SecurityHeaders.REFERRER_POLICY)).isEqualTo("no-referrer");
        assertThat(headers.get(HttpHeaderNames.CONTENT_SECURITY_POLICY)).contains("frame-ancestors 'none'");
        if (!headers.get(HttpHeaderNames.CONTENT_TYPE).startsWith("text/html")) {
            assertThat(headers.get(HttpHeaderNames.CONTENT_SECURITY_POLICY)).startsWith("default-src 'none';")
                    .doesNotContain("'self'");
        }
        response.release();
    }

    @Test
    void interimAnswersAndTheWebSocketUpgradeAreLeftAloneAndThenTheHeadersStepAside() {
        EmbeddedChannel upgraded = new EmbeddedChannel(new SecurityHeaders(false));
        upgraded.writeOutbound(new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.CONTINUE));
        HttpResponse interim = upgraded.readOutbound();
        assertThat(interim.headers().contains(HttpHeaderNames.CONTENT_SECURITY_POLICY)).isFalse();
        assertThat(upgraded.pipeline().get(SecurityHeaders.class)).as("still there for the answer").isNotNull();

        upgraded.writeOutbound(new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.SWITCHING_PROTOCOLS));

        HttpResponse written = upgraded.readOutbound();
        assertThat(written.headers().contains(HttpHeaderNames.CONTENT_SECURITY_POLICY)).isFalse();
        assertThat(upgraded.pipeline().get(SecurityHeaders.class)).as("removed from the pipeline").isNull();
        upgraded.finishAndReleaseAll();
    }

    private FullHttpResponse request(HttpMethod method, String path, Map<String, String> headers) {
        FullHttpRequest request = new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, method, path);
        headers.forEach(request.headers()::set);
        channel.writeInbound(request);
        FullHttpResponse response = channel.readOutbound();
        assertThat(response).as("an answer to %s %s", method, path).isNotNull();
        return response;
    }

    private static byte[] bytes(FullHttpResponse response) {
        try {
            return ByteBufUtil.getBytes(response.content());
        } finally {
            response.release();
        }
    }

    private static byte[] gunzip(byte[] gzipped) {
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(gzipped))) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
