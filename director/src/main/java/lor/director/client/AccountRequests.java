package lor.director.client;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;

import lor.director.account.AccountException;
import lor.director.account.AccountService;
import lor.director.account.LoginThrottle;
import lor.director.db.DataAccessException;
import lor.director.world.WorldView;
import lor.protocol.ErrorCode;
import lor.protocol.ErrorMessage;
import lor.protocol.Message;
import lor.protocol.Names;
import lor.protocol.Ref;
import lor.protocol.director.ListWorldsMessage;
import lor.protocol.director.LoggedInMessage;
import lor.protocol.director.LoginMessage;
import lor.protocol.director.RegisterMessage;
import lor.protocol.director.RegisteredMessage;
import lor.protocol.director.ResumeMessage;
import lor.protocol.director.WorldsMessage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The requests a client connection answers logged in or not: {@code register}, {@code login}, {@code resume} (the two
 * that bind it to an account) and {@code list_worlds}. A {@code login} first passes the {@link LoginThrottle}: one
 * refused there never reaches the password hash.
 */
final class AccountRequests {

    private static final Logger LOG = LoggerFactory.getLogger(AccountRequests.class);

    private final ClientSessionHandler session;
    private final ClientServices services;

    AccountRequests(ClientSessionHandler session, ClientServices services) {
        this.session = session;
        this.services = services;
    }

    ClientServices services() {
        return services;
    }

    /** Answers a request of the four; any other type is unknown in every state. */
    CompletableFuture<Message> handle(Message request) {
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
        if (request instanceof ListWorldsMessage l) {
            List<WorldsMessage.WorldSummary> worlds = new ArrayList<>();
            for (WorldView w : services.worlds().views()) {
                worlds.add(new WorldsMessage.WorldSummary(w.worldId(), w.name(), w.status().wireName(), w.players()));
            }
            return CompletableFuture.completedFuture(new WorldsMessage(worlds, l.ref()));
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
        String remote = session.remoteAddress();
        LoginThrottle.Decision decision = services.loginThrottle().begin(l.username(), remote);
        if (!decision.allowed()) {
            long seconds = Math.max(1, (decision.retryAfterMs() + 999) / 1000);
            if (decision.busy()) {
                LOG.debug("login from {} refused: too many logins in flight", remote);
                return CompletableFuture.completedFuture(ErrorMessage.of(ErrorCode.RATE_LIMITED,
                        "too many logins at once; try again in " + seconds + " s", l.ref()));
            }
            services.metrics().loginFailures.incrementAndGet();
            LOG.debug("login from {} refused: too many failed attempts", remote);
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

    /** Binds the connection to the account before the answer goes out: the next request sees it logged in. */
    private LoggedInMessage loggedIn(AccountService.Session account, Object ref) {
        session.becomeLater(new LoggedInHandler(this, account.accountId(), account.username(), account.token()));
        return new LoggedInMessage(account.accountId(), account.token(), ref);
    }

    /** Unbinds the connection before the logout's answer goes out: no later request sees it authenticated. */
    void loggedOut() {
        session.becomeLater(new AnonymousHandler(this));
    }

    /** Work that blocks (database, password hashing) runs on an executor, never on the event loop. */
    CompletableFuture<Message> blocking(Executor executor, String what, Object ref, AccountWork work) {
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
    interface AccountWork {
        Message run() throws AccountException;
    }

    static ErrorMessage unavailable(Object ref) {
        return ErrorMessage.of(ErrorCode.UNAVAILABLE, "the service is temporarily unavailable; try again in a few "
                + "seconds", ref);
    }

    static ErrorMessage internalError(Message request, Throwable error) {
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
