package lor.testclient.e2e;

import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A WebSocket client written on a plain socket that completes the handshake, then reads every frame the server
 * sends and never writes again: not even a pong. It stands for a peer that is gone without a word.
 */
final class DeafWebSocket implements AutoCloseable {

    private final Socket socket;
    private final AtomicInteger pings = new AtomicInteger();
    /** The status of the server's close frame, or -1 when the connection ended without one. */
    private final CompletableFuture<Integer> closeStatus = new CompletableFuture<>();
    /** When the upgrade request went out: the last thing the server read from this peer. */
    private final long lastWriteNanos;
    private volatile long closedAtNanos;

    private DeafWebSocket(Socket socket, long lastWriteNanos) {
        this.socket = socket;
        this.lastWriteNanos = lastWriteNanos;
        Thread reader = new Thread(this::readUntilClosed, "deaf-websocket");
        reader.setDaemon(true);
        reader.start();
    }

    static DeafWebSocket connect(URI url) throws IOException {
        Socket socket = new Socket(url.getHost(), url.getPort());
        socket.setSoTimeout(60_000);
        byte[] nonce = new byte[16];
        ThreadLocalRandom.current().nextBytes(nonce);
        String request = "GET " + url.getPath() + " HTTP/1.1\r\n"
                + "Host: " + url.getHost() + ":" + url.getPort() + "\r\n"
                + "Upgrade: websocket\r\nConnection: Upgrade\r\n"
                + "Sec-WebSocket-Key: " + Base64.getEncoder().encodeToString(nonce) + "\r\n"
                + "Sec-WebSocket-Version: 13\r\n\r\n";
        OutputStream out = socket.getOutputStream();
        long lastWrite = System.nanoTime();
        out.write(request.getBytes(StandardCharsets.US_ASCII));
        out.flush();
        String status = readHeaders(socket.getInputStream());
        if (!status.startsWith("HTTP/1.1 101")) {
            socket.close();
            throw new IOException("no upgrade: " + status);
        }
        return new DeafWebSocket(socket, lastWrite);
    }

    /** Reads the response head byte by byte (nothing of the first frame is consumed). @return its status line */
    private static String readHeaders(InputStream in) throws IOException {
        StringBuilder head = new StringBuilder();
        while (!head.toString().endsWith("\r\n\r\n")) {
            int b = in.read();
            if (b < 0) {
                throw new EOFException("connection closed during the handshake: " + head);
            }
            head.append((char) b);
        }
        return head.substring(0, head.indexOf("\r\n"));
    }

    private void readUntilClosed() {
        try {
            DataInputStream in = new DataInputStream(socket.getInputStream());
            while (true) {
                int opcode = in.readUnsignedByte() & 0x0f;
                long length = in.readUnsignedByte() & 0x7f;
                if (length == 126) {
                    length = in.readUnsignedShort();
                } else if (length == 127) {
                    length = in.readLong();
                }
                byte[] payload = in.readNBytes((int) length);
                if (opcode == 0x9) {
                    pings.incrementAndGet();
                } else if (opcode == 0x8) {
                    closedAtNanos = System.nanoTime();
                    closeStatus.complete(payload.length >= 2 ? ((payload[0] & 0xff) << 8) | (payload[1] & 0xff) : -1);
                    return;
                }
            }
        } catch (IOException e) {
            closedAtNanos = System.nanoTime();
            closeStatus.complete(-1);
        }
    }

    int pings() {
        return pings.get();
    }

    CompletableFuture<Integer> closeStatus() {
        return closeStatus;
    }

    /** How long after this peer's last write the server closed the connection (nanoseconds). */
    long silentForNanos() {
        return closedAtNanos - lastWriteNanos;
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
