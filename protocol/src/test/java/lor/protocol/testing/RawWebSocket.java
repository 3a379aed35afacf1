package lor.protocol.testing;

import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Random;

import lor.protocol.netty.MaskedFrame;

/**
 * A WebSocket client written from RFC 6455 on a plain socket, so that a test can send what no library would: an
 * upgrade with any {@code Origin}, frames of any opcode, floods. Frames are masked with a fixed-seed mask. Shared by
 * the world server's and the end-to-end tests through this module's test jar.
 */
public final class RawWebSocket implements AutoCloseable {

    public static final int TEXT = 1;
    public static final int BINARY = 2;
    public static final int PING = 9;

    private final Socket socket;
    private final DataInputStream in;
    private final OutputStream out;
    private final int status;
    private final Random masks = new Random(6);

    private RawWebSocket(Socket socket, int status) throws IOException {
        this.socket = socket;
        this.in = new DataInputStream(socket.getInputStream());
        this.out = socket.getOutputStream();
        this.status = status;
    }

    /** Sends the upgrade request (with {@code Origin} unless null) and reads the answer's head. */
    public static RawWebSocket open(int port, String path, String origin) throws IOException {
        Socket socket = new Socket("127.0.0.1", port);
        socket.setSoTimeout(10_000);
        String request = "GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\nUpgrade: websocket\r\n"
                + "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                + "Sec-WebSocket-Version: 13\r\n" + (origin == null ? "" : "Origin: " + origin + "\r\n") + "\r\n";
        socket.getOutputStream().write(request.getBytes(StandardCharsets.US_ASCII));
        String head = readHead(socket.getInputStream());
        int status = Integer.parseInt(head.split(" ", 3)[1]);
        return new RawWebSocket(socket, status);
    }

    /** The HTTP status of the upgrade's answer: 101 when upgraded. */
    public int status() {
        return status;
    }

    public void sendText(String text) throws IOException {
        send(TEXT, text.getBytes(StandardCharsets.UTF_8));
    }

    public void send(int opcode, byte[] payload) throws IOException {
        byte[] mask = new byte[4];
        masks.nextBytes(mask);
        out.write(MaskedFrame.of(opcode, payload, mask));
    }

    /** Writes bytes as they are: a frame's head without its payload, a payload in pieces. */
    public void sendRaw(byte[] bytes) throws IOException {
        out.write(bytes);
    }

    /**
     * Sends up to {@code count} frames of {@code opcode}, stopping early when the server has closed the connection.
     *
     * @return how many were written
     */
    public int flood(int opcode, byte[] payload, int count) {
        for (int i = 0; i < count; i++) {
            try {
                send(opcode, payload);
            } catch (IOException e) {
                return i;
            }
        }
        return count;
    }

    /**
     * Reads frames until the server's close frame and returns its status code; -1 when the connection ended without
     * one. Fails when nothing closes within {@code timeout}.
     */
    public int awaitClose(Duration timeout) throws IOException {
        long deadline = System.nanoTime() + timeout.toNanos();
        try {
            while (true) {
                long left = Math.max(1, (deadline - System.nanoTime()) / 1_000_000);
                if (System.nanoTime() >= deadline) {
                    throw new AssertionError("not closed within " + timeout);
                }
                socket.setSoTimeout((int) left);
                int first = in.readUnsignedByte();
                int second = in.readUnsignedByte();
                long length = second & 0x7f;
                if (length == 126) {
                    length = in.readUnsignedShort();
                } else if (length == 127) {
                    length = in.readLong();
                }
                byte[] payload = new byte[(int) length];
                in.readFully(payload);
                if ((first & 0x0f) == 8) {
                    return payload.length >= 2 ? ((payload[0] & 0xff) << 8) | (payload[1] & 0xff) : -1;
                }
            }
        } catch (SocketTimeoutException e) {
            throw new AssertionError("not closed within " + timeout, e);
        } catch (EOFException e) {
            return -1;
        } catch (IOException e) {
            // Reset: the server closed with our flood still unread.
            return -1;
        }
    }

    /** Reads (and discards) what comes for {@code timeout}: true when the server closes the connection meanwhile. */
    public boolean isClosedByServer(Duration timeout) throws IOException {
        long deadline = System.nanoTime() + timeout.toNanos();
        byte[] buffer = new byte[4096];
        try {
            while (System.nanoTime() < deadline) {
                socket.setSoTimeout((int) Math.max(1, (deadline - System.nanoTime()) / 1_000_000));
                if (in.read(buffer) < 0) {
                    return true;
                }
            }
            return false;
        } catch (SocketTimeoutException e) {
            return false;
        } catch (IOException e) {
            return true;
        }
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }

    private static String readHead(InputStream in) throws IOException {
        StringBuilder head = new StringBuilder();
        while (!head.toString().endsWith("\r\n\r\n")) {
            int b = in.read();
            if (b < 0) {
                break;
            }
            head.append((char) b);
        }
        if (head.isEmpty()) {
            throw new EOFException("closed before answering the upgrade");
        }
        return head.toString();
    }
}
