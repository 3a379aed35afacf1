package lor.testclient.fuzz;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.Random;

/**
 * One WebSocket connection over a plain socket: a normal upgrade handshake, then raw bytes out (whatever
 * {@link WsFrames} built) and the server's frames in, parsed here. Blocking, with a read deadline.
 */
final class RawWebSocket implements AutoCloseable {

    /** A frame from the server; continuation fragments of a data message are joined into one. */
    record ServerFrame(int opcode, byte[] payload) {

        boolean isClose() {
            return opcode == WsFrames.CLOSE;
        }

        /** The close status, or 1005 ("no status") for a close frame without one. */
        int closeStatus() {
            return payload.length >= 2 ? (payload[0] & 0xFF) << 8 | payload[1] & 0xFF : 1005;
        }

        String text() {
            return new String(payload, StandardCharsets.UTF_8);
        }
    }

    /** The server answered the upgrade with something other than 101. */
    static final class HandshakeRefusedException extends IOException {
        HandshakeRefusedException(String statusLine) {
            super("upgrade refused: " + statusLine);
        }
    }

    private final Socket socket;
    private final DataInputStream in;
    private final OutputStream out;

    private RawWebSocket(Socket socket) throws IOException {
        this.socket = socket;
        this.in = new DataInputStream(new BufferedInputStream(socket.getInputStream(), 64 * 1024));
        this.out = socket.getOutputStream();
    }

    static RawWebSocket open(URI uri, Duration timeout, Random random) throws IOException {
        Socket socket = new Socket();
        try {
            socket.setTcpNoDelay(true);
            socket.connect(new InetSocketAddress(uri.getHost(), uri.getPort()), (int) timeout.toMillis());
            socket.setSoTimeout((int) timeout.toMillis());
            RawWebSocket ws = new RawWebSocket(socket);
            ws.handshake(uri, random);
            return ws;
        } catch (IOException | RuntimeException e) {
            socket.close();
            throw e;
        }
    }

    private void handshake(URI uri, Random random) throws IOException {
        byte[] key = new byte[16];
        random.nextBytes(key);
        String request = "GET " + uri.getRawPath() + " HTTP/1.1\r\n"
                + "Host: " + uri.getHost() + ":" + uri.getPort() + "\r\n"
                + "Upgrade: websocket\r\n"
                + "Connection: Upgrade\r\n"
                + "Sec-WebSocket-Key: " + Base64.getEncoder().encodeToString(key) + "\r\n"
                + "Sec-WebSocket-Version: 13\r\n\r\n";
        out.write(request.getBytes(StandardCharsets.US_ASCII));
        out.flush();
        String head = readHead();
        String statusLine = head.lines().findFirst().orElse("");
        if (!statusLine.startsWith("HTTP/1.1 101")) {
            throw new HandshakeRefusedException(statusLine);
        }
    }

    private String readHead() throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int matched = 0;
        while (matched < 4) {
            int b = in.read();
            if (b < 0) {
                throw new EOFException("connection closed during the handshake");
            }
            head.write(b);
            matched = b == (matched % 2 == 0 ? '\r' : '\n') ? matched + 1 : (b == '\r' ? 1 : 0);
            if (head.size() > 16 * 1024) {
                throw new IOException("handshake answer too long");
            }
        }
        return head.toString(StandardCharsets.ISO_8859_1);
    }

    void write(byte[] bytes) throws IOException {
        out.write(bytes);
    }

    void flush() throws IOException {
        out.flush();
    }

    /**
     * The server's next frame (a fragmented data message comes back whole; control frames never interleave with
     * its parts in our servers, and are returned as they come). {@code null} when the connection ended without one.
     */
    ServerFrame read() throws IOException {
        ByteArrayOutputStream message = null;
        int messageOpcode = 0;
        while (true) {
            int first = in.read();
            if (first < 0) {
                return null;
            }
            boolean fin = (first & 0x80) != 0;
            int opcode = first & 0x0F;
            int second = in.readUnsignedByte();
            if ((second & 0x80) != 0) {
                throw new IOException("the server sent a masked frame");
            }
            long length = second & 0x7F;
            if (length == 126) {
                length = in.readUnsignedShort();
            } else if (length == 127) {
                length = in.readLong();
            }
            if (length < 0 || length > 64L * 1024 * 1024) {
                throw new IOException("implausible frame length " + length);
            }
            byte[] payload = new byte[(int) length];
            in.readFully(payload);
            if (opcode >= WsFrames.CLOSE) {
                return new ServerFrame(opcode, payload);
            }
            if (opcode != WsFrames.CONTINUATION) {
                message = new ByteArrayOutputStream();
                messageOpcode = opcode;
            } else if (message == null) {
                throw new IOException("the server sent a continuation without a start");
            }
            message.writeBytes(payload);
            if (fin) {
                return new ServerFrame(messageOpcode, message.toByteArray());
            }
        }
    }

    @Override
    public void close() {
        try {
            socket.close();
        } catch (IOException e) {
            // Nothing to release beyond the socket.
        }
    }
}
