package lor.testclient.e2e;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyFactory;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;

import lor.protocol.netty.PortRange;

/**
 * What the README's reverse-proxy recipe does, in a test: terminates TLS with a certificate and routes
 * {@code GET /worlds/PORT/game} to {@code ws://127.0.0.1:PORT/game}, PORT only within the worlds' game ports (a proxy
 * that routed to any port would open every local service to the internet); anything else gets 404. One thread pair
 * per connection: a test's handful of players.
 */
final class TerminatingProxy implements AutoCloseable {

    private static final Pattern REQUEST_LINE = Pattern.compile("GET /worlds/(\\d{1,5})/game(\\?\\S*)? (HTTP/1\\.1)");
    private static final int MAX_HEAD = 16 * 1024;

    private final ServerSocket server;
    private final PortRange worlds;
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();
    /** Connections routed to a world. */
    final AtomicInteger routed = new AtomicInteger();
    /** Requests refused with 404. */
    final AtomicInteger refused = new AtomicInteger();

    TerminatingProxy(Path cert, Path key, PortRange worlds) throws Exception {
        this.worlds = worlds;
        this.server = serverContext(cert, key).getServerSocketFactory()
                .createServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread accept = new Thread(this::acceptLoop, "proxy-accept");
        accept.setDaemon(true);
        accept.start();
    }

    int port() {
        return server.getLocalPort();
    }

    private void acceptLoop() {
        while (!server.isClosed()) {
            try {
                Socket client = server.accept();
                sockets.add(client);
                Thread route = new Thread(() -> route(client), "proxy-route");
                route.setDaemon(true);
                route.start();
            } catch (IOException closed) {
                return;
            }
        }
    }

    private void route(Socket client) {
        try {
            String head = readHead(client.getInputStream());
            String[] lines = head.split("\r\n", 2);
            Matcher m = REQUEST_LINE.matcher(lines[0]);
            int port = m.matches() ? Integer.parseInt(m.group(1)) : -1;
            if (!worlds.contains(port)) {
                refused.incrementAndGet();
                client.getOutputStream().write(
                        "HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
                                .getBytes(StandardCharsets.US_ASCII));
                client.close();
                return;
            }
            Socket world = new Socket(InetAddress.getLoopbackAddress(), port);
            sockets.add(world);
            String rewritten = "GET /game" + (m.group(2) == null ? "" : m.group(2)) + " " + m.group(3) + "\r\n"
                    + lines[1];
            world.getOutputStream().write(rewritten.getBytes(StandardCharsets.ISO_8859_1));
            routed.incrementAndGet();
            Thread back = new Thread(() -> pipe(world, client), "proxy-back");
            back.setDaemon(true);
            back.start();
            pipe(client, world);
        } catch (IOException e) {
            closeQuietly(client);
        }
    }

    /** The request head, through the blank line that ends it. */
    private static String readHead(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int last4 = 0;
        while (last4 != 0x0d0a0d0a) {
            int b = in.read();
            if (b < 0 || head.size() >= MAX_HEAD) {
                throw new IOException("no request head");
            }
            head.write(b);
            last4 = last4 << 8 | b;
        }
        return head.toString(StandardCharsets.ISO_8859_1);
    }

    private static void pipe(Socket from, Socket to) {
        try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
            in.transferTo(out);
        } catch (IOException e) {
            // One side went away: the other is closed below.
        } finally {
            closeQuietly(from);
            closeQuietly(to);
        }
    }

    private static SSLContext serverContext(Path cert, Path key) throws Exception {
        Certificate[] chain;
        try (InputStream in = Files.newInputStream(cert)) {
            chain = CertificateFactory.getInstance("X.509").generateCertificates(in).toArray(Certificate[]::new);
        }
        String pem = Files.readString(key).replaceAll("-----[A-Z ]+-----", "").replaceAll("\\s", "");
        PrivateKey privateKey = KeyFactory.getInstance(chain[0].getPublicKey().getAlgorithm())
                .generatePrivate(new PKCS8EncodedKeySpec(Base64.getDecoder().decode(pem)));
        char[] password = "proxy".toCharArray();
        KeyStore store = KeyStore.getInstance("PKCS12");
        store.load(null, null);
        store.setKeyEntry("proxy", privateKey, password, chain);
        KeyManagerFactory keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        keys.init(store, password);
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(keys.getKeyManagers(), null, null);
        return context;
    }

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException e) {
            // Closing anyway.
        }
    }

    @Override
    public void close() throws IOException {
        server.close();
        for (Socket socket : sockets) {
            closeQuietly(socket);
        }
    }
}
