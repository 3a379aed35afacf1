package lor.world.control;

import java.net.URI;

import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketClientProtocolHandler;
import lor.protocol.Message;
import lor.protocol.MessageCodec;
import lor.protocol.ProtocolException;
import lor.protocol.netty.MessageFrames;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One control connection to one director, from the moment it starts connecting until it closes; the
 * {@link ControlClient} opens a new one for every attempt. What it does with the director's messages is up to the
 * handler of its {@link SessionState}, which is replaced on every transition. Its state changes on the control event
 * loop only; {@link #write} and the queries of the channel may be called from any thread.
 */
final class ControlSession extends SimpleChannelInboundHandler<TextWebSocketFrame> {

    private static final Logger LOG = LoggerFactory.getLogger(ControlSession.class);

    /** No frame is read before the WebSocket handshake completes: there is nothing to answer yet. */
    private static final SessionStateHandler CONNECTING = new SessionStateHandler() {
        @Override
        public SessionState state() {
            return SessionState.CONNECTING;
        }

        @Override
        public void onMessage(Message message) {
            // Nothing can arrive here.
        }
    };

    private final ControlClient client;
    private final URI url;
    private final MessageCodec codec;
    /** Set before the connection is published to other threads (see {@link ControlClient}'s fields). */
    private Channel channel;
    private SessionStateHandler handler = CONNECTING;

    ControlSession(ControlClient client, URI url, MessageCodec codec) {
        this.client = client;
        this.url = url;
        this.codec = codec;
    }

    /** The director this connection goes to. */
    URI url() {
        return url;
    }

    SessionState state() {
        return handler.state();
    }

    /** The connection's channel, once the connect it was made for has begun. */
    void connecting(Channel channel) {
        this.channel = channel;
    }

    /** The handshake is done and this process has not yet said what it is. */
    void open() {
        handler = new OpenHandler(this);
    }

    void registerAsSpare(String registration) {
        MessageFrames.writeText(channel, registration);
        handler = new SpareHandler(client, this);
    }

    void registerAsWorld(String worldId, ControlListener listener, String registration) {
        MessageFrames.writeText(channel, registration);
        handler = new RegisteringHandler(client, this, worldId, listener);
    }

    /** The director answered the registration: this connection is the world's link until it closes. */
    void accepted(String worldId, ControlListener listener) {
        handler = new AcceptedHandler(client, this, worldId, listener);
        client.accept(this);
    }

    void write(String text) {
        MessageFrames.writeText(channel, text);
    }

    boolean isOpen() {
        return channel.isOpen();
    }

    boolean isActive() {
        return channel.isActive();
    }

    boolean isWritable() {
        return channel.isWritable();
    }

    ChannelFuture close() {
        return channel.close();
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
        if (evt == WebSocketClientProtocolHandler.ClientHandshakeStateEvent.HANDSHAKE_COMPLETE) {
            client.handshaken(this);
        }
        ctx.fireUserEventTriggered(evt);
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, TextWebSocketFrame frame) {
        Message message;
        try {
            message = codec.decode(frame.text());
        } catch (ProtocolException e) {
            LOG.error("director sent an unreadable control message: {}", e.getMessage());
            return;
        }
        handler.onMessage(message);
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) {
        if (ctx.channel().isWritable()) {
            client.writable(this);
        }
        ctx.fireChannelWritabilityChanged();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        LOG.warn("control connection failed: {}", cause.toString());
        ctx.close();
    }
}
