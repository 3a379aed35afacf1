package lor.director.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import lor.protocol.ErrorMessage;
import lor.protocol.Message;
import lor.protocol.MessageCodec;
import lor.protocol.director.DirectorMessages;
import lor.protocol.director.JoinWorldMessage;
import lor.protocol.director.LogoutMessage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** What an anonymous {@code /ws} connection refuses in its state, before any service would be asked. */
class ClientSessionHandlerTest {

    private static final MessageCodec CLIENT = DirectorMessages.clientCodec();

    // Every case here is answered by the anonymous state itself.
    private final ClientSessionHandler handler = new ClientSessionHandler(
            new ClientServices(null, null, null, null, null, null, 0, null, null));
    private final EmbeddedChannel channel = new EmbeddedChannel(handler);

    @AfterEach
    void releaseEverything() {
        channel.finishAndReleaseAll();
    }

    @Test
    void anAnonymousConnectionMustLogInBeforeJoiningAWorld() throws Exception {
        ErrorMessage error = answer(new JoinWorldMessage("start", 7));

        assertThat(error.code()).isEqualTo("not_authenticated");
        assertThat(error.message()).isEqualTo("log in first");
        assertThat(handler.state()).isEqualTo(ClientState.ANONYMOUS);
        assertThat(channel.isOpen()).isTrue();
    }

    @Test
    void anAnonymousConnectionHasNothingToLogOutOf() throws Exception {
        ErrorMessage error = answer(new LogoutMessage(8));

        assertThat(error.code()).isEqualTo("not_authenticated");
        assertThat(error.message()).isEqualTo("not logged in");
        assertThat(handler.state()).isEqualTo(ClientState.ANONYMOUS);
    }

    @Test
    void requestsAreStillAnsweredInTurnAfterARefusal() throws Exception {
        channel.writeInbound(new TextWebSocketFrame(CLIENT.encode(new LogoutMessage(1))),
                new TextWebSocketFrame(CLIENT.encode(new JoinWorldMessage("start", 2))));
        channel.runPendingTasks();

        assertThat(read().message()).isEqualTo("not logged in");
        assertThat(read().message()).isEqualTo("log in first");
    }

    private ErrorMessage answer(Message request) throws Exception {
        channel.writeInbound(new TextWebSocketFrame(CLIENT.encode(request)));
        channel.runPendingTasks();
        return read();
    }

    private ErrorMessage read() throws Exception {
        TextWebSocketFrame frame = channel.readOutbound();
        try {
            return (ErrorMessage) CLIENT.decode(frame.text());
        } finally {
            frame.release();
        }
    }
}
