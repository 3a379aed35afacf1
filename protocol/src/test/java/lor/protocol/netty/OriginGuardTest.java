package lor.protocol.netty;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class OriginGuardTest {

    private final OriginPolicy own = OriginPolicy.of(List.of("http://127.0.0.1:8080"));
    private final EmbeddedChannel channel = new EmbeddedChannel(new OriginGuard(path -> switch (path) {
        case "/ws" -> own;
        case "/control" -> OriginPolicy.NO_BROWSERS;
        default -> null;
    }));

    @AfterEach
    void release() {
        channel.finishAndReleaseAll();
    }

    private static FullHttpRequest request(String uri, String origin) {
        FullHttpRequest request = new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.GET, uri);
        if (origin != null) {
            request.headers().set(HttpHeaderNames.ORIGIN, origin);
        }
        return request;
    }

    private void assertRefused() {
        FullHttpResponse response = channel.readOutbound();
        try {
            assertThat(response.status()).isEqualTo(HttpResponseStatus.FORBIDDEN);
            assertThat(response.headers().get(HttpHeaderNames.CONNECTION)).isEqualTo("close");
        } finally {
            response.release();
        }
        Object passed = channel.readInbound();
        assertThat(passed).as("the request reached no further handler").isNull();
        assertThat(channel.isOpen()).isFalse();
    }

    private void assertPassed() {
        FullHttpRequest passed = channel.readInbound();
        assertThat(passed).isNotNull();
        passed.release();
        Object answer = channel.readOutbound();
        assertThat(answer).isNull();
        assertThat(channel.isOpen()).isTrue();
    }

    @Test
    void refusesAForeignOriginOnAGuardedPathWith403AndCloses() {
        FullHttpRequest request = request("/ws?x=1", "http://evil.example");
        channel.writeInbound(request);
        assertRefused();
        assertThat(request.refCnt()).as("the refused request is released").isZero();
    }

    @Test
    void passesTheOwnOriginAndRequestsWithoutOrigin() {
        channel.writeInbound(request("/ws", "http://127.0.0.1:8080"));
        assertPassed();
        channel.writeInbound(request("/ws", null));
        assertPassed();
    }

    @Test
    void refusesAnyOriginOnAPathNoBrowserMayUse() {
        channel.writeInbound(request("/control", "http://127.0.0.1:8080"));
        assertRefused();
    }

    @Test
    void unguardedPathsPassWhateverTheirOrigin() {
        channel.writeInbound(request("/metrics", "http://evil.example"));
        assertPassed();
    }
}
