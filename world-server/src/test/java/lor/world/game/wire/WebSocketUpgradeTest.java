package lor.world.game.wire;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import lor.protocol.netty.KeepAlive;
import lor.protocol.netty.OriginGuard;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class WebSocketUpgradeTest {

    private static final String UPGRADE = "GET /game HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
            + "Connection: keep-alive, Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
            + "Sec-WebSocket-Version: 13\r\n\r\n";

    private final RecordingWireSession session = new RecordingWireSession();
    private final EmbeddedChannel channel = new EmbeddedChannel();

    @AfterEach
    void releaseEverything() {
        channel.finishAndReleaseAll();
    }

    private void pipeline() {
        channel.pipeline()
                .addLast(KeepAlive.NAME, new KeepAlive(KeepAlive.DEFAULTS))
                .addLast("http-codec", new HttpServerCodec())
                .addLast("http-aggregator", new HttpObjectAggregator(8192))
                .addLast("origin-guard", new OriginGuard(path -> null))
                .addLast("upgrade", new WebSocketUpgrade("/game", "http-codec", () -> new GameWire(session,
                        GameWire.sweeps(KeepAlive.DEFAULTS))));
    }

    @Test
    void theRfcsExampleKeyGetsTheRfcsAcceptValue() {
        assertThat(WebSocketUpgrade.accept("dGhlIHNhbXBsZSBub25jZQ==")).isEqualTo("s3pPLMBiTxaQ9kYGzzhZRbK+xOo=");
    }

    @Test
    void anUpgradeIsAnsweredWith101AndLeavesOnlyTheWireWhichReadsTheFramesThatCameWithTheRequest() {
        pipeline();
        byte[] request = UPGRADE.getBytes(StandardCharsets.US_ASCII);
        byte[] frame = ClientFrameReaderTest.frame(true, 1, "{\"type\":\"hello\"}".getBytes(StandardCharsets.UTF_8));

        channel.writeInbound(Unpooled.wrappedBuffer(request, frame));

        String response = response();
        assertThat(response).startsWith("HTTP/1.1 101 Switching Protocols\r\n")
                .containsIgnoringCase("upgrade: websocket\r\n")
                .containsIgnoringCase("sec-websocket-accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=\r\n");
        assertThat(channel.pipeline().names()).contains(GameWire.NAME)
                .doesNotContain(KeepAlive.NAME, "http-codec", "http-aggregator", "origin-guard", "upgrade");
        assertThat(session.texts).containsExactly("{\"type\":\"hello\"}");
    }

    @Test
    void anotherPathIs404() {
        pipeline();
        channel.writeInbound(Unpooled.copiedBuffer(UPGRADE.replace("/game", "/other"), StandardCharsets.US_ASCII));

        assertThat(response()).startsWith("HTTP/1.1 404");
    }

    @Test
    void aRequestThatIsNoUpgradeIs400AndCloses() {
        pipeline();
        channel.writeInbound(Unpooled.copiedBuffer("GET /game HTTP/1.1\r\nHost: x\r\n\r\n",
                StandardCharsets.US_ASCII));

        assertThat(response()).startsWith("HTTP/1.1 400");
        assertThat(channel.isOpen()).isFalse();
    }

    @Test
    void anotherVersionIs426NamingVersion13() {
        pipeline();
        channel.writeInbound(Unpooled.copiedBuffer(UPGRADE.replace("Version: 13", "Version: 8"),
                StandardCharsets.US_ASCII));

        assertThat(response()).startsWith("HTTP/1.1 426").containsIgnoringCase("sec-websocket-version: 13");
        assertThat(channel.isOpen()).isFalse();
    }

    @Test
    void aMethodOtherThanGetIs403() {
        pipeline();
        channel.writeInbound(Unpooled.copiedBuffer(UPGRADE.replace("GET", "POST"), StandardCharsets.US_ASCII));

        assertThat(response()).startsWith("HTTP/1.1 403");
    }

    private String response() {
        StringBuilder text = new StringBuilder();
        for (Object out; (out = channel.readOutbound()) != null; ) {
            ByteBuf bytes = (ByteBuf) out;
            text.append(bytes.toString(StandardCharsets.US_ASCII));
            bytes.release();
        }
        return text.toString();
    }
}
