package lor.director.control;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;

import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.websocketx.BinaryWebSocketFrame;
import io.netty.handler.codec.http.websocketx.CloseWebSocketFrame;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import lor.protocol.ErrorMessage;
import lor.protocol.Limits;
import lor.protocol.control.ControlMessages;
import lor.protocol.control.WorldHeartbeatMessage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What an unregistered control connection answers to frames it cannot read, and to messages that are not legal before
 * registering; the supervisor is never reached.
 */
class ControlSessionHandlerTest {

    // Every case here is refused before a supervisor would be asked anything.
    private final ControlSessionHandler handler = new ControlSessionHandler(null, 1024, 1_000);
    private final EmbeddedChannel channel = new EmbeddedChannel(handler);

    @AfterEach
    void releaseEverything() {
        channel.finishAndReleaseAll();
    }

    @Test
    void aBinaryFrameIsRefusedWithAnErrorAndAPolicyCloseNotDroppedInSilence() throws Exception {
        BinaryWebSocketFrame binary = new BinaryWebSocketFrame(
                Unpooled.copiedBuffer("{\"type\":\"world_register\"}", StandardCharsets.UTF_8));

        channel.writeInbound(binary);

        assertThat(binary.refCnt()).as("released").isZero();
        TextWebSocketFrame error = channel.readOutbound();
        assertThat(ControlMessages.worldCodec().decode(error.text()))
                .isInstanceOfSatisfying(ErrorMessage.class, e -> assertThat(e.code()).isEqualTo("bad_request"));
        error.release();
        CloseWebSocketFrame close = channel.readOutbound();
        assertThat(close.statusCode()).isEqualTo(Limits.CLOSE_POLICY);
        close.release();
        assertThat(channel.isOpen()).isFalse();
    }

    @Test
    void unreadableTextBeforeRegistrationIsRefusedTheSameWay() throws Exception {
        channel.writeInbound(new TextWebSocketFrame("{\"type\":"));

        TextWebSocketFrame error = channel.readOutbound();
        assertThat(ControlMessages.worldCodec().decode(error.text()))
                .isInstanceOfSatisfying(ErrorMessage.class, e -> assertThat(e.code()).isEqualTo("bad_request"));
        error.release();
        CloseWebSocketFrame close = channel.readOutbound();
        assertThat(close.statusCode()).isEqualTo(Limits.CLOSE_POLICY);
        close.release();
        assertThat(channel.isOpen()).isFalse();
    }

    @Test
    void aWorldMessageBeforeRegistrationIsRefusedInTheUnregisteredState() throws Exception {
        assertThat(handler.state()).isEqualTo(ControlState.UNREGISTERED);

        channel.writeInbound(new TextWebSocketFrame(ControlMessages.worldCodec().encode(
                new WorldHeartbeatMessage("start", 1))));

        TextWebSocketFrame error = channel.readOutbound();
        assertThat(ControlMessages.worldCodec().decode(error.text()))
                .isInstanceOfSatisfying(ErrorMessage.class, e -> {
                    assertThat(e.code()).isEqualTo("not_authenticated");
                    assertThat(e.message()).isEqualTo("register first");
                });
        error.release();
        CloseWebSocketFrame close = channel.readOutbound();
        assertThat(close.statusCode()).isEqualTo(Limits.CLOSE_POLICY);
        close.release();
        assertThat(channel.isOpen()).isFalse();
        assertThat(handler.state()).isEqualTo(ControlState.UNREGISTERED);
    }
}
