package lor.director.client;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import lor.director.db.DataAccessException;
import lor.director.world.UnknownWorldException;
import lor.director.world.WorldUnavailableException;
import lor.director.world.admission.Admission;
import lor.protocol.ErrorCode;
import lor.protocol.ErrorMessage;
import lor.protocol.Message;
import lor.protocol.Names;
import lor.protocol.director.JoinWorldMessage;
import lor.protocol.director.LoggedOutMessage;
import lor.protocol.director.LogoutMessage;
import lor.protocol.director.WorldJoinedMessage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A connection bound to an account by the {@code login} or {@code resume} that authenticated it: besides what an
 * anonymous one may do, it joins worlds, and logs out.
 */
final class LoggedInHandler implements ClientStateHandler {

    private static final Logger LOG = LoggerFactory.getLogger(LoggedInHandler.class);

    private final AccountRequests requests;
    private final ClientServices services;
    private final long accountId;
    /** As registered, for the world tickets to carry. */
    private final String username;
    /** The session token of the login or resume, which {@code logout} revokes. */
    private final String sessionToken;

    LoggedInHandler(AccountRequests requests, long accountId, String username, String sessionToken) {
        this.requests = requests;
        this.services = requests.services();
        this.accountId = accountId;
        this.username = username;
        this.sessionToken = sessionToken;
    }

    @Override
    public ClientState state() {
        return ClientState.LOGGED_IN;
    }

    @Override
    public CompletableFuture<Message> handle(Message request) {
        if (request instanceof LogoutMessage o) {
            return logout(o);
        }
        if (request instanceof JoinWorldMessage j) {
            return join(j);
        }
        return requests.handle(request);
    }

    /** Revokes the session token in the database, then the connection is anonymous again. */
    private CompletableFuture<Message> logout(LogoutMessage o) {
        return requests.blocking(services.blocking(), "logout", o.ref(), () -> {
            services.accounts().logout(sessionToken);
            requests.loggedOut();
            LOG.info("account {} logged out", accountId);
            return new LoggedOutMessage(o.ref());
        });
    }

    private CompletableFuture<Message> join(JoinWorldMessage j) {
        if (!Names.isWorldId(j.worldId())) {
            // No world has such an id: answered without a lookup, so no text of any form reaches the database.
            return CompletableFuture.completedFuture(unknownWorld(j));
        }
        return services.admissions().admit(j.worldId(), accountId, username, null)
                .orTimeout(services.joinTimeoutMs(), TimeUnit.MILLISECONDS)
                .handle((admission, error) -> error == null ? joined(admission, j.ref()) : joinError(j, error));
    }

    private Message joined(Admission admission, Object ref) {
        LOG.info("account {} joins world {}", accountId, admission.worldId());
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
            return AccountRequests.unavailable(j.ref());
        }
        return AccountRequests.internalError(j, cause);
    }

    private static ErrorMessage unknownWorld(JoinWorldMessage j) {
        return ErrorMessage.of(ErrorCode.UNKNOWN_WORLD, "no world " + Names.shorten(j.worldId(), 40), j.ref());
    }
}
