package lor.director.client;

import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.ArrayDeque;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.RejectedExecutionException;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketFrame;
import lor.protocol.ErrorCode;
import lor.protocol.ErrorMessage;
import lor.protocol.Message;
import lor.protocol.MessageCodec;
import lor.protocol.ProtocolException;
import lor.protocol.director.DirectorMessages;
import lor.protocol.netty.MessageFrames;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One client's {@code /ws} connection: {@link ClientState#ANONYMOUS} until {@code login} or {@code resume} succeeds,
 * then bound to an account; the handler of its current state answers its requests and is replaced on every
 * transition. Requests are answered in the order they arrived, one at a time, off the event loop when they block;
 * at most {@link #MAX_QUEUED} wait, and the excess is refused with {@code rate_limited}. Event-loop confined.
 */
public final class ClientSessionHandler extends SimpleChannelInboundHandler<WebSocketFrame> {

    private static final Logger LOG = LoggerFactory.getLogger(ClientSessionHandler.class);

    /** Requests one connection may have waiting; a client that pipelines more is refused, not queued. */
    static final int MAX_QUEUED = 16;

    private final MessageCodec codec = DirectorMessages.serverCodec();
    private final ArrayDeque<Message> queue = new ArrayDeque<>();
    private Channel channel;
    private boolean busy;
    private ClientStateHandler handler;

    public ClientSessionHandler(ClientServices services) {
        this.handler = new AnonymousHandler(new AccountRequests(this, services));
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        channel = ctx.channel();
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, WebSocketFrame frame) {
        if (!(frame instanceof TextWebSocketFrame text)) {
            send(ErrorMessage.of(ErrorCode.BAD_REQUEST, "only text frames are accepted", null));
            return;
        }
        Message request;
        try {
            request = codec.decode(text.text());
        } catch (ProtocolException e) {
            send(ErrorMessage.of(e));
            return;
        }
        if (queue.size() >= MAX_QUEUED) {
            send(ErrorMessage.of(ErrorCode.RATE_LIMITED, "too many requests in flight", request.ref()));
            return;
        }
        queue.add(request);
        pump();
    }

    private void pump() {
        if (busy || queue.isEmpty() || !channel.isActive()) {
            return;
        }
        busy = true;
        Message request = queue.poll();
        CompletableFuture<Message> answer;
        try {
            answer = handler.handle(request);
        } catch (RejectedExecutionException e) {
            answer = CompletableFuture.completedFuture(
                    ErrorMessage.of(ErrorCode.RATE_LIMITED, "the server is busy; try again", request.ref()));
        }
        answer.whenComplete((reply, error) -> channel.eventLoop().execute(() -> {
            send(error == null ? reply : AccountRequests.internalError(request, error));
            busy = false;
            pump();
        }));
    }

    ClientState state() {
        return handler.state();
    }

    /**
     * The transition to {@code next}, queued on the event loop from the thread that decided it. That thread then
     * completes the request's answer, whose sending is queued behind: the next request is handled by {@code next}.
     */
    void becomeLater(ClientStateHandler next) {
        channel.eventLoop().execute(() -> handler = next);
    }

    /** The peer's IP address, the {@link lor.director.account.LoginThrottle}'s key. */
    String remoteAddress() {
        SocketAddress remote = channel.remoteAddress();
        return remote instanceof InetSocketAddress inet && inet.getAddress() != null
                ? inet.getAddress().getHostAddress() : String.valueOf(remote);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        if (MessageFrames.isExpectedFailure(cause)) {
            LOG.debug("client connection {} closed: {}", ctx.channel().remoteAddress(), cause.toString());
        } else {
            LOG.warn("client connection {} failed", ctx.channel().remoteAddress(), cause);
        }
        ctx.close();
    }

    private void send(Message message) {
        if (channel.isActive()) {
            channel.writeAndFlush(new TextWebSocketFrame(codec.encode(message)));
        }
    }
}
