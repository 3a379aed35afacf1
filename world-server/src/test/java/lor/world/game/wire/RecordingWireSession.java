package lor.world.game.wire;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import io.netty.buffer.ByteBuf;
import lor.protocol.ErrorMessage;

/** A session that records what its wire hands it: the texts, a goodbye, the end. */
final class RecordingWireSession implements WireSession {

    final List<String> texts = new ArrayList<>();
    boolean goodbye;
    boolean ended;

    @Override
    public void attach(GameWire wire) {
    }

    @Override
    public void onText(ByteBuf utf8) {
        texts.add(utf8.toString(StandardCharsets.UTF_8));
    }

    @Override
    public void onBinary() {
    }

    @Override
    public void onGoodbye() {
        goodbye = true;
    }

    @Override
    public void end() {
        ended = true;
    }

    @Override
    public String encode(ErrorMessage error) {
        return "{\"type\":\"error\",\"code\":\"" + error.code() + "\"}";
    }
}
