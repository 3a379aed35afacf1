package lor.director.client;

import java.util.concurrent.CompletableFuture;

import lor.protocol.Message;

/**
 * What a client connection answers in one {@link ClientState}. The connection's current handler is replaced on every
 * transition; a request is handled by the one current when its turn comes, never by one from before an earlier
 * request's answer. Called on the connection's event loop.
 */
interface ClientStateHandler {

    ClientState state();

    /**
     * @return the answer, completed off the event loop when it blocks
     * @throws java.util.concurrent.RejectedExecutionException when the blocking work cannot be queued
     */
    CompletableFuture<Message> handle(Message request);
}
