package lor.world;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

import javax.net.SocketFactory;

import lor.protocol.game.GameMessages;
import lor.protocol.game.HelloMessage;
import lor.protocol.netty.MaskedFrame;

/**
 * A player of this process's own game endpoint, over a plain socket: it upgrades, says {@code hello} with a ticket,
 * waits for {@code welcome} and leaves with a close frame. Run once before a process serves anyone (a spare's
 * warm-up, the class-data-sharing training), so that a real player's first connection finds the upgrade, the ticket
 * check and the welcome on loaded classes and linked code: on a fresh world that first connection took 70 ms of
 * server time, 40 of them in the upgrade.
 */
final class LoopbackPlayer {

    private static final int TIMEOUT_MS = 10_000;
    private static final int TEXT = 0x1;
    private static final int CLOSE = 0x8;
    /** Fixed: nothing on a loopback connection needs hiding from a proxy. */
    private static final byte[] MASK = {0x12, 0x34, 0x56, 0x78};

    private LoopbackPlayer() {
    }

    /** @throws IOException when the endpoint does not upgrade, refuses the ticket, or hangs up before welcome */
    static void enterAndLeave(int port, String ticket) throws IOException {
        enterAndLeave(port, ticket, SocketFactory.getDefault());
    }

    /** @param sockets plain sockets, or TLS ones when the game port speaks TLS */
    static void enterAndLeave(int port, String ticket, SocketFactory sockets) throws IOException {
        try (Socket socket = sockets.createSocket("127.0.0.1", port)) {
            socket.setSoTimeout(TIMEOUT_MS);
            socket.setTcpNoDelay(true);
            OutputStream out = socket.getOutputStream();
            DataInputStream in = new DataInputStream(socket.getInputStream());
            out.write(("GET /game HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\nUpgrade: websocket\r\n"
                    + "Connection: Upgrade\r\nSec-WebSocket-Key: bG9vcGJhY2stcGxheWVyIQ==\r\n"
                    + "Sec-WebSocket-Version: 13\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            String head = readHead(in);
            if (!head.startsWith("HTTP/1.1 101")) {
                throw new IOException("no upgrade: " + head.lines().findFirst().orElse(""));
            }
            String hello = GameMessages.clientCodec().encode(new HelloMessage(ticket, null));
            out.write(MaskedFrame.of(TEXT, hello.getBytes(StandardCharsets.UTF_8), MASK));
            while (true) {
                int first = in.readUnsignedByte();
                byte[] payload = readPayload(in);
                String text = new String(payload, StandardCharsets.UTF_8);
                if ((first & 0x0f) == CLOSE) {
                    throw new IOException("closed before welcome");
                }
                if ((first & 0x0f) == TEXT && text.startsWith("{\"type\":\"welcome\"")) {
                    break;
                }
                if ((first & 0x0f) == TEXT && text.startsWith("{\"type\":\"error\"")) {
                    throw new IOException("refused: " + text);
                }
            }
            out.write(MaskedFrame.of(CLOSE, new byte[] {0x03, (byte) 0xe8}, MASK));
        }
    }

    private static String readHead(InputStream in) throws IOException {
        StringBuilder head = new StringBuilder();
        while (!head.toString().endsWith("\r\n\r\n")) {
            int b = in.read();
            if (b < 0 || head.length() > 8_192) {
                throw new IOException("no upgrade answer");
            }
            head.append((char) b);
        }
        return head.toString();
    }

    private static byte[] readPayload(DataInputStream in) throws IOException {
        long length = in.readUnsignedByte() & 0x7f;
        if (length == 126) {
            length = in.readUnsignedShort();
        } else if (length == 127) {
            length = in.readLong();
        }
        if (length > 16 * 1024 * 1024) {
            throw new IOException("frame of " + length + " bytes");
        }
        byte[] payload = new byte[(int) length];
        in.readFully(payload);
        return payload;
    }
}
