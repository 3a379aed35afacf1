package lor.testclient.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocket13FrameDecoder;
import io.netty.handler.codec.http.websocketx.WebSocketDecoderConfig;
import lor.protocol.Message;
import lor.protocol.ProtocolException;
import lor.protocol.director.DirectorMessages;
import lor.protocol.director.ListWorldsMessage;
import lor.protocol.director.LoginMessage;
import lor.protocol.director.RegisterMessage;
import lor.protocol.game.ActMessage;
import lor.protocol.game.GameMessages;
import lor.protocol.game.MoveMessage;
import lor.protocol.game.RejectedMessage;
import lor.sim.builtin.elementals.Elementals;
import lor.sim.content.ContentPack;
import lor.sim.module.ActionArguments;
import lor.sim.module.ActionSpec;
import lor.testclient.fuzz.HostileFrames.Endpoint;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class HostileFramesTest {

    private static final List<String> TICKETS = List.of(
            "djF8NDJ8bWVhZG93fDE3MDAwMDAwMDAwMDB8bm9uY2U.c2lnbmF0dXJlLW9mLXRoaXJ0eS10d28tYnl0ZXMtLS0tLQ");

    @Test
    void theSameSeedGivesTheSameMessages() {
        HostileFrames a = new HostileFrames(Endpoint.DIRECTOR, 42, TICKETS, 2);
        HostileFrames b = new HostileFrames(Endpoint.DIRECTOR, 42, TICKETS, 2);
        for (int i = 0; i < 1_000; i++) {
            HostileFrame x = a.next();
            HostileFrame y = b.next();
            assertThat(y.wire()).as("message %d", i).isEqualTo(x.wire());
            assertThat(y.closes()).isEqualTo(x.closes());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"DIRECTOR", "CONTROL", "GAME_LOBBY", "GAME_IN_WORLD", "GAME_MODULES"})
    void everyKindOfHostileMessageIsSentToEveryEndpoint(String endpoint) {
        HostileFrames frames = new HostileFrames(Endpoint.valueOf(endpoint), 7, TICKETS, 2);
        Set<String> kinds = new TreeSet<>();
        for (int i = 0; i < 5_000; i++) {
            kinds.add(frames.next().kind().replaceAll("[×+].*", ""));
        }
        assertThat(kinds).containsExactlyInAnyOrder("text", "fragmented", "binary", "ping", "invalid-utf8",
                "truncated-utf8", "oversize-frame", "oversize-message", "violation", "close");
    }

    @Test
    void textForTheDirectorNeverCreatesAnAccountListsWorldsOrHashesMoreThanTheLoginBudget() {
        HostileFrames frames = new HostileFrames(Endpoint.DIRECTOR, 11, TICKETS, 3);
        List<Message> decoded = new ArrayList<>();
        for (int i = 0; i < 2_000; i++) {
            try {
                decoded.add(DirectorMessages.serverCodec().decode(frames.text().text()));
            } catch (ProtocolException e) {
                // Refused by the codec: an error answer, nothing else.
            }
        }
        assertThat(decoded).as("well-formed requests").hasSizeGreaterThan(100)
                .noneMatch(m -> m instanceof ListWorldsMessage)
                .noneMatch(m -> m instanceof RegisterMessage r && r.username().matches("[A-Za-z0-9_-]{3,32}")
                        && r.password().length() >= 8 && r.password().length() <= 1024
                        && r.password().codePointCount(0, r.password().length()) >= 8);
        assertThat(decoded.stream().filter(m -> m instanceof LoginMessage l && l.password().length() <= 1024))
                .hasSize(3);
        assertThat(frames.registerNames()).isNotEmpty();
    }

    @ParameterizedTest
    @ValueSource(longs = {13, 36})
    void textForAPlayerNeverHoldsAMoveTheWorldWouldApply(long seed) {
        HostileFrames frames = new HostileFrames(Endpoint.GAME_IN_WORLD, seed, TICKETS, 0);
        int wellFormed = 0;
        for (int i = 0; i < 3_000; i++) {
            // Decoded as the world decodes it: from the bytes on the wire.
            String onTheWire = new String(frames.text().utf8(), StandardCharsets.UTF_8);
            try {
                Message message = GameMessages.serverCodec().decode(onTheWire);
                assertThat(message).as("frame %d: %s", i, onTheWire).isNotInstanceOf(MoveMessage.class);
                wellFormed++;
            } catch (ProtocolException e) {
                // Refused by the codec.
            }
        }
        assertThat(wellFormed).as("hellos after hello").isPositive();
    }

    @ParameterizedTest
    @ValueSource(longs = {17, 52})
    void actsForTheModuleWorldAreRefusedAsTheElementalsDeclarationRefusesThemAndNoneIsCarriedOut(long seed) {
        HostileFrames frames = new HostileFrames(Endpoint.GAME_MODULES, seed, TICKETS, 0);
        ActionSpec cast = new Elementals().spec().actions().get(0);
        Map<String, Integer> refusals = new TreeMap<>();
        int badSeqs = 0;
        for (int i = 0; i < 3_000; i++) {
            HostileFrames.Text text = frames.text();
            String onTheWire = new String(text.utf8(), StandardCharsets.UTF_8);
            Message message;
            try {
                message = GameMessages.serverCodec().decode(onTheWire);
            } catch (ProtocolException e) {
                continue;
            }
            assertThat(message).as(onTheWire).isNotInstanceOf(MoveMessage.class);
            if (!(message instanceof ActMessage act)) {
                continue;
            }
            // sim-core's own check of elementals' declaration, as a world runs it: a second reading of the contract.
            String declared = !cast.name().equals(act.action()) ? RejectedMessage.UNKNOWN_ACTION
                    : ActionArguments.check(cast, act.fields(), ContentPack.empty()).ok() ? null
                    : RejectedMessage.BAD_FIELD;
            if (text.refusal() == null) {
                // Even a good cast: a seq the world does not take is refused whole, before the cast is looked at.
                assertThat(text.answers()).as("a seq the world does not take: an error, %s", onTheWire).isOne();
                badSeqs++;
            } else {
                assertThat(declared).as("a cast the world would carry out: %s", onTheWire).isNotNull();
                assertThat(text.refusal().reason()).as(onTheWire).isEqualTo(declared);
                refusals.merge(declared, 1, Integer::sum);
            }
        }
        assertThat(refusals).containsKeys(RejectedMessage.UNKNOWN_ACTION, RejectedMessage.BAD_FIELD);
        assertThat(refusals.values().stream().mapToInt(Integer::intValue).sum()).as("refused acts").isGreaterThan(300);
        assertThat(badSeqs).isPositive();
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 125, 126, 65_535, 65_536, 70_000})
    void framesAreMaskedAndLengthEncodedTheWayNettyReadsThem(int length) {
        byte[] payload = new byte[length];
        Arrays.fill(payload, (byte) 'x');
        EmbeddedChannel server = new EmbeddedChannel(new WebSocket13FrameDecoder(WebSocketDecoderConfig.newBuilder()
                .expectMaskedFrames(true).maxFramePayloadLength(1 << 20).build()));
        try {
            server.writeInbound(Unpooled.wrappedBuffer(WsFrames.frame(WsFrames.TEXT, payload, new Random(1))));
            TextWebSocketFrame frame = server.readInbound();
            assertThat(frame.text()).isEqualTo(new String(payload, StandardCharsets.US_ASCII));
            frame.release();
        } finally {
            server.finishAndReleaseAll();
        }
    }
}
