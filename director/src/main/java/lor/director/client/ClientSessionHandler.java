package lor.director.client;

import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketFrame;
import lor.director.account.AccountException;
import lor.director.account.AccountService;
import lor.director.account.LoginThrottle;
import lor.director.db.DataAccessException;
import lor.director.world.UnknownWorldException;
import lor.director.world.WorldUnavailableException;
import lor.director.world.WorldView;
import lor.director.world.admission.Admission;
import lor.protocol.ErrorCode;
import lor.protocol.ErrorMessage;
import lor.protocol.Message;
import lor.protocol.MessageCodec;
import lor.protocol.Names;
import lor.protocol.ProtocolException;
import lor.protocol.Ref;
import lor.protocol.director.DirectorMessages;
import lor.protocol.director.JoinWorldMessage;
import lor.protocol.director.ListWorldsMessage;
import lor.protocol.director.LoggedInMessage;
import lor.protocol.director.LoggedOutMessage;
import lor.protocol.director.LoginMessage;
import lor.protocol.director.LogoutMessage;
import lor.protocol.director.RegisterMessage;
import lor.protocol.director.RegisteredMessage;
import lor.protocol.director.ResumeMessage;
import lor.protocol.director.WorldJoinedMessage;
import lor.protocol.director.WorldsMessage;
import lor.protocol.netty.MessageFrames;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One client's {@code /ws} connection: anonymous until {@code login} or {@code resume} succeeds, then bound to an
 * account. Requests are answered in the order they arrived, one at a time, off the event loop when they block;
 * at most {@link #MAX_QUEUED} wait, and the excess is refused with {@code rate_limited}. A {@code login} first
 * passes the {@link LoginThrottle}: one refused there never reaches the password hash.
 */
public final class ClientSessionHandler extends SimpleChannelInboundHandler<WebSocketFrame> {

    private static final Logger LOG = LoggerFactory.getLogger(ClientSessionHandler.class);

    /** Requests one connection may have waiting; a client that pipelines more is refused, not queued. */
    static final int MAX_QUEUED = 16;

    private final ClientServices services;
    private final MessageCodec codec = DirectorMessages.serverCodec();
    private final ArrayDeque<Message> queue = new ArrayDeque<>();
    private Channel channel;
    private boolean busy;
    /** 0 while anonymous. Event-loop confined, like every field of this handler. */
    private long accountId;
    /** The account's username as registered, for the world tickets to carry; null while anonymous. */
    private String username;
    /** The session token of the login or resume that authenticated this connection, for {@code logout}. */
    private String sessionToken;

    public ClientSessionHandler(ClientServices services) {
        this.services = services;
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
            answer = handle(request);
        } catch (RejectedExecutionException e) {
            answer = CompletableFuture.completedFuture(
                    ErrorMessage.of(ErrorCode.RATE_LIMITED, "the server is busy; try again", request.ref()));
        }
        answer.whenComplete((reply, error) -> channel.eventLoop().execute(() -> {
            send(error == null ? reply : internalError(request, error));
            busy = false;
            pump();
        }));
    }

    private CompletableFuture<Message> handle(Message request) {
        AccountService accounts = services.accounts();
        if (request instanceof RegisterMessage r) {
            return blocking(services.passwordWork(), "register", r.ref(),
                    () -> new RegisteredMessage(accounts.register(r.username(), r.password()), r.ref()));
        }
        if (request instanceof LoginMessage l) {
            return login(l);
        }
        if (request instanceof ResumeMessage r) {
            return blocking(services.blocking(), "resume", r.ref(),
                    () -> loggedIn(accounts.resume(r.token()), r.ref()));
        }
        if (request instanceof LogoutMessage o) {
            return logout(o);
        }
        if (request instanceof ListWorldsMessage l) {
            List<WorldsMessage.WorldSummary> worlds = new ArrayList<>();
            for (WorldView w : services.worlds().views()) {
                worlds.add(new WorldsMessage.WorldSummary(w.worldId(), w.name(), w.status().wireName(), w.players()));
            }
            return CompletableFuture.completedFuture(new WorldsMessage(worlds, l.ref()));
        }
        if (request instanceof JoinWorldMessage j) {
            return join(j);
        }
        return CompletableFuture.completedFuture(
                ErrorMessage.of(ErrorCode.UNKNOWN_TYPE, "unknown type " + request.type(), request.ref()));
    }

    private CompletableFuture<Message> login(LoginMessage l) {
        if (!Names.isUsername(l.username())) {
            // No account has such a name, and the form is public: nothing to count, hash or look up.
            return CompletableFuture.completedFuture(ErrorMessage.of(ErrorCode.BAD_CREDENTIALS,
                    message(AccountException.Reason.BAD_CREDENTIALS), l.ref()));
        }
        LoginThrottle.Decision decision = services.loginThrottle().begin(l.username(), remoteAddress());
        if (!decision.allowed()) {
            long seconds = Math.max(1, (decision.retryAfterMs() + 999) / 1000);
            if (decision.busy()) {
                LOG.debug("login from {} refused: too many logins in flight", remoteAddress());
                return CompletableFuture.completedFuture(ErrorMessage.of(ErrorCode.RATE_LIMITED,
                        "too many logins at once; try again in " + seconds + " s", l.ref()));
            }
            services.metrics().loginFailures.incrementAndGet();
            LOG.debug("login from {} refused: too many failed attempts", remoteAddress());
            return CompletableFuture.completedFuture(ErrorMessage.of(ErrorCode.TOO_MANY_ATTEMPTS,
                    "too many failed logins; try again in " + seconds + " s", l.ref()));
        }
        LoginThrottle.Attempt attempt = decision.attempt();
        CompletableFuture<Message> answer;
        try {
            answer = blocking(services.passwordWork(), "login", l.ref(), () -> {
                AccountService.Session session;
                try {
                    session = services.accounts().login(l.username(), l.password());
                } catch (AccountException e) {
                    attempt.failed();
                    services.metrics().loginFailures.incrementAndGet();
                    throw e;
                }
                attempt.succeeded();
                services.metrics().logins.incrementAndGet();
                return loggedIn(session, l.ref());
            });
        } catch (RejectedExecutionException e) {
            attempt.released();
            throw e;
        }
        // An internal error ends the attempt without a verdict; after a verdict this does nothing.
        answer.whenComplete((reply, error) -> attempt.released());
        return answer;
    }

    /** Revokes the session token in the database, then the connection is anonymous again. */
    private CompletableFuture<Message> logout(LogoutMessage o) {
        if (accountId == 0) {
            return CompletableFuture.completedFuture(
                    ErrorMessage.of(ErrorCode.NOT_AUTHENTICATED, "not logged in", o.ref()));
        }
        long account = accountId;
        String token = sessionToken;
        return blocking(services.blocking(), "logout", o.ref(), () -> {
            services.accounts().logout(token);
            // Queued before the answer is: no request after logout sees the connection authenticated.
            channel.eventLoop().execute(() -> {
                accountId = 0;
                username = null;
                sessionToken = null;
            });
            LOG.info("account {} logged out", account);
            return new LoggedOutMessage(o.ref());
        });
    }

    private CompletableFuture<Message> join(JoinWorldMessage j) {
        if (accountId == 0) {
            return CompletableFuture.completedFuture(
                    ErrorMessage.of(ErrorCode.NOT_AUTHENTICATED, "log in first", j.ref()));
        }
        if (!Names.isWorldId(j.worldId())) {
            // No world has such an id: answered without a lookup, so no text of any form reaches the database.
            return CompletableFuture.completedFuture(unknownWorld(j));
        }
        long account = accountId;
        return services.admissions().admit(j.worldId(), account, username, null)
                .orTimeout(services.joinTimeoutMs(), TimeUnit.MILLISECONDS)
                .handle((admission, error) -> error == null ? joined(admission, account, j.ref())
                        : joinError(j, error));
    }

    private Message joined(Admission admission, long account, Object ref) {
        LOG.info("account {} joins world {}", account, admission.worldId());
        return new WorldJoinedMessage(admission.worldId(), admission.gameUrl(), admission.ticket(), ref);
    }

    private Message joinError(JoinWorldMessage j, Throwable error) {
        Throwable cause = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
        if (cause instanceof UnknownWorldException) {
            return unknownWorld(j);
        }
        if (cause instanceof WorldUnavailableException) {
            return ErrorMessage.of(ErrorCode.WORLD_UNAVAILABLE, cause.getMessage(), j.ref());
        }
        if (cause instanceof TimeoutException) {
            return ErrorMessage.of(ErrorCode.WORLD_UNAVAILABLE, "the world did not become ready in time", j.ref());
        }
        if (cause instanceof DataAccessException e && e.databaseUnavailable()) {
            services.outages().failed("join_world", e);
            return unavailable(j.ref());
        }
        return internalError(j, cause);
    }

    private static ErrorMessage unknownWorld(JoinWorldMessage j) {
        return ErrorMessage.of(ErrorCode.UNKNOWN_WORLD, "no world " + Names.shorten(j.worldId(), 40), j.ref());
    }

    private LoggedInMessage loggedIn(AccountService.Session session, Object ref) {
        channel.eventLoop().execute(() -> {
            accountId = session.accountId();
            username = session.username();
            sessionToken = session.token();
        });
        return new LoggedInMessage(session.accountId(), session.token(), ref);
    }

    /** Work that blocks (database, password hashing) runs on an executor, never on the event loop. */
    private CompletableFuture<Message> blocking(Executor executor, String what, Object ref, AccountWork work) {
        CompletableFuture<Message> answer = new CompletableFuture<>();
        executor.execute(() -> {
            try {
                answer.complete(work.run());
                services.outages().succeeded();
            } catch (AccountException e) {
                answer.complete(ErrorMessage.of(code(e.reason()), message(e.reason()), ref));
                services.outages().succeeded();
            } catch (DataAccessException e) {
                if (!e.databaseUnavailable()) {
                    answer.completeExceptionally(e);
                    return;
                }
                services.outages().failed(what, e);
                answer.complete(unavailable(ref));
            } catch (RuntimeException e) {
                answer.completeExceptionally(e);
            }
        });
        return answer;
    }

    @FunctionalInterface
    private interface AccountWork {
        Message run() throws AccountException;
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

    private String remoteAddress() {
        SocketAddress remote = channel.remoteAddress();
        return remote instanceof InetSocketAddress inet && inet.getAddress() != null
                ? inet.getAddress().getHostAddress() : String.valueOf(remote);
    }

    private static ErrorMessage unavailable(Object ref) {
        return ErrorMessage.of(ErrorCode.UNAVAILABLE, "the service is temporarily unavailable; try again in a few "
                + "seconds", ref);
    }

    private static ErrorMessage internalError(Message request, Throwable error) {
        LOG.error("request {} (ref {}) failed", request.type(), Ref.forLog(request.ref()), error);
        return ErrorMessage.of(ErrorCode.INTERNAL_ERROR, "internal error", request.ref());
    }

    private static ErrorCode code(AccountException.Reason reason) {
        return switch (reason) {
            case USERNAME_TAKEN -> ErrorCode.USERNAME_TAKEN;
            case INVALID_USERNAME -> ErrorCode.INVALID_USERNAME;
            case WEAK_PASSWORD -> ErrorCode.WEAK_PASSWORD;
            case BAD_CREDENTIALS -> ErrorCode.BAD_CREDENTIALS;
            case BAD_TOKEN -> ErrorCode.BAD_TOKEN;
        };
    }

    private static String message(AccountException.Reason reason) {
        return switch (reason) {
            case USERNAME_TAKEN -> "that username is taken";
            case INVALID_USERNAME -> "a username is 3 to 32 of A-Z, a-z, 0-9, _ and -";
            case WEAK_PASSWORD -> "a password needs at least 8 characters";
            case BAD_CREDENTIALS -> "wrong username or password";
            case BAD_TOKEN -> "unknown or expired session token";
        };
    }
}
