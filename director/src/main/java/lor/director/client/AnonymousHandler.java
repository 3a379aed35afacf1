package lor.director.client;

import java.util.concurrent.CompletableFuture;

import lor.protocol.ErrorCode;
import lor.protocol.ErrorMessage;
import lor.protocol.Message;
import lor.protocol.director.JoinWorldMessage;
import lor.protocol.director.LogoutMessage;

/** A connection no account is bound to: it may register, log in or resume, and list the worlds. */
final class AnonymousHandler implements ClientStateHandler {

    private final AccountRequests requests;

    AnonymousHandler(AccountRequests requests) {
        this.requests = requests;
    }

    @Override
    public ClientState state() {
        return ClientState.ANONYMOUS;
    }

    @Override
    public CompletableFuture<Message> handle(Message request) {
        if (request instanceof LogoutMessage) {
            return refuse(request, "not logged in");
        }
        if (request instanceof JoinWorldMessage) {
            return refuse(request, "log in first");
        }
        return requests.handle(request);
    }

    private static CompletableFuture<Message> refuse(Message request, String why) {
        return CompletableFuture.completedFuture(ErrorMessage.of(ErrorCode.NOT_AUTHENTICATED, why, request.ref()));
    }
}
