package lor.world.control;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import lor.protocol.ErrorCode;
import lor.protocol.ErrorMessage;
import lor.protocol.Message;
import lor.protocol.MessageCodec;
import lor.protocol.control.ControlMessages;
import lor.protocol.control.WorldDirectorsMessage;
import lor.protocol.control.WorldHydrateMessage;
import lor.protocol.control.WorldRegisterMessage;
import lor.protocol.control.WorldResumedMessage;
import lor.protocol.netty.MessageFrames;
import lor.protocol.testing.LoopbackServer;

/**
 * A director's {@code /control} on 127.0.0.1 reduced to its answer to {@code world_register}, for tests of which
 * director a world registers with. It can die as a killed director does, or fence itself.
 */
final class StandInDirector implements AutoCloseable {

    enum Answer {
        /** The world's first registration with the director that spawned it. */
        HYDRATE,
        /** A director taking the world (back). */
        RESUME,
        /** Fenced or shutting down: the world should try another director. */
        UNAVAILABLE,
        /** A spawn token it does not know: another process owns the world. */
        NOT_ALLOWED,
        /** Takes the connection and never answers. */
        SILENT
    }

    private final MessageCodec codec = ControlMessages.directorCodec();
    private final AtomicInteger registrations = new AtomicInteger();
    private final LoopbackServer server;
    private volatile Answer answer;
    /** Named to every world that registers, as a director sharing its database with others does; empty for none. */
    private volatile List<URI> peers = List.of();

    StandInDirector(EventLoopGroup group, Answer answer) throws InterruptedException {
        this.answer = answer;
        server = LoopbackServer.named("stand-in-director").on(group)
                .start(LoopbackServer.webSocket("/control", MessageFrames.FRAGMENT_BYTES, 1 << 20, Registrar::new));
    }

    URI controlUrl() {
        return server.webSocketUrl("/control");
    }

    /** Names these other directors to every world that registers from now on. */
    void announce(List<URI> others) {
        peers = List.copyOf(others);
    }

    /** Connections opened to it, registered or not. */
    int connectionsOpened() {
        return server.connectionsOpened();
    }

    int registrations() {
        return registrations.get();
    }

    /** As a SIGKILL does: every connection drops and nothing listens on its port any more. */
    void die() {
        server.close();
    }

    /** As a director that lost its database does: it lets its worlds go and turns away those that come. */
    void fence() {
        answer = Answer.UNAVAILABLE;
        for (Channel connection : server.connections()) {
            MessageFrames.closeWithError(connection, codec, unavailable());
        }
    }

    @Override
    public void close() {
        die();
    }

    private static ErrorMessage unavailable() {
        return ErrorMessage.of(ErrorCode.UNAVAILABLE, "this director is fenced", null);
    }

    private final class Registrar extends SimpleChannelInboundHandler<TextWebSocketFrame> {

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, TextWebSocketFrame frame) throws Exception {
            Message message = codec.decode(frame.text());
            if (!(message instanceof WorldRegisterMessage register)) {
                return;
            }
            registrations.incrementAndGet();
            Channel channel = ctx.channel();
            switch (answer) {
                case HYDRATE -> MessageFrames.writeText(channel,
                        codec.encode(new WorldHydrateMessage(register.worldId(), 0, null)));
                case RESUME -> MessageFrames.writeText(channel,
                        codec.encode(new WorldResumedMessage(register.worldId())));
                case UNAVAILABLE -> MessageFrames.closeWithError(channel, codec, unavailable());
                case NOT_ALLOWED -> MessageFrames.closeWithError(channel, codec,
                        ErrorMessage.of(ErrorCode.NOT_ALLOWED, "unknown spawn token", null));
                case SILENT -> {
                }
            }
            List<URI> others = peers;
            if (!others.isEmpty() && (answer == Answer.HYDRATE || answer == Answer.RESUME)) {
                List<String> urls = new ArrayList<>();
                urls.add(controlUrl().toString());
                others.forEach(u -> urls.add(u.toString()));
                MessageFrames.writeText(channel, codec.encode(new WorldDirectorsMessage(register.worldId(), urls)));
            }
        }
    }
}
