package lor.testclient.e2e;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A TCP forwarder on {@code 127.0.0.1:0} to one target, that a test can partition. {@link #cut()} is a blackhole, as
 * a network partition looks to both ends: open connections stay open but nothing passes either way (no FIN, no RST:
 * a peer learns of it only from its own timeouts), and new connections are accepted and then left silent. Blocking
 * sockets, two threads per connection: a test's handful of database connections.
 */
final class TcpProxy implements AutoCloseable {

    private static final int BUFFER = 16 * 1024;

    private final String targetHost;
    private final int targetPort;
    private final ServerSocket server;
    private final ExecutorService threads;
    /** Guarded by {@code this}, with {@link #cut} and {@link #closed}. */
    private final List<Link> links = new ArrayList<>();
    /** Connections accepted while cut, never forwarded: guarded by {@code this}. */
    private final List<Socket> held = new ArrayList<>();
    private final AtomicInteger forwarded = new AtomicInteger();
    private boolean cut;
    private boolean closed;

    TcpProxy(String targetHost, int targetPort) throws IOException {
        this.targetHost = targetHost;
        this.targetPort = targetPort;
        this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        AtomicInteger n = new AtomicInteger();
        this.threads = Executors.newCachedThreadPool(r -> {
            Thread thread = new Thread(r, "tcp-proxy-" + server.getLocalPort() + "-" + n.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
        threads.execute(this::acceptLoop);
    }

    String host() {
        return "127.0.0.1";
    }

    int port() {
        return server.getLocalPort();
    }

    int targetPort() {
        return targetPort;
    }

    /** Connections forwarded to the target since the start (a cut one included; a held one not). */
    int forwardedConnections() {
        return forwarded.get();
    }

    /**
     * Connections accepted during the cut and left silent. One the kernel took while cut but this proxy accepts only
     * after {@link #heal()} is forwarded, as a retried SYN would get through once the network is back.
     */
    synchronized int heldConnections() {
        return held.size();
    }

    synchronized boolean isCut() {
        return cut;
    }

    /**
     * From now on no byte passes, on open connections or new ones, until {@link #heal()}. Bytes the proxy read just
     * before may still arrive, as packets already past the break would.
     */
    synchronized void cut() {
        cut = true;
        for (Link link : links) {
            link.blackholed = true;
        }
    }

    /**
     * New connections are forwarded again. The connections the cut silenced are closed: after a real partition they
     * would most likely have timed out, and a peer stuck on one would otherwise wait for its own socket timeout.
     */
    void heal() {
        List<Link> silenced = new ArrayList<>();
        List<Socket> neverForwarded;
        synchronized (this) {
            cut = false;
            for (Link link : links) {
                if (link.blackholed) {
                    silenced.add(link);
                }
            }
            links.removeAll(silenced);
            neverForwarded = new ArrayList<>(held);
            held.clear();
        }
        silenced.forEach(Link::close);
        neverForwarded.forEach(TcpProxy::closeQuietly);
    }

    @Override
    public void close() {
        List<Link> open;
        List<Socket> neverForwarded;
        synchronized (this) {
            closed = true;
            open = new ArrayList<>(links);
            links.clear();
            neverForwarded = new ArrayList<>(held);
            held.clear();
        }
        closeQuietly(server);
        open.forEach(Link::close);
        neverForwarded.forEach(TcpProxy::closeQuietly);
        threads.shutdownNow();
        try {
            threads.awaitTermination(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public String toString() {
        return "TcpProxy[127.0.0.1:" + port() + " -> " + targetHost + ":" + targetPort + (isCut() ? ", cut" : "")
                + "]";
    }

    private void acceptLoop() {
        while (!server.isClosed()) {
            Socket client;
            try {
                client = server.accept();
            } catch (IOException e) {
                return;
            }
            Link link;
            // Decided under the lock that cut() takes: a connection accepted just as the cut begins is either held
            // or already in the list that cut() silences, never forwarded past it.
            synchronized (this) {
                if (closed) {
                    closeQuietly(client);
                    return;
                }
                if (cut) {
                    held.add(client);
                    continue;
                }
                link = new Link(client);
                links.add(link);
            }
            threads.execute(() -> connect(link));
        }
    }

    private void connect(Link link) {
        try {
            link.upstream.connect(new InetSocketAddress(targetHost, targetPort), 5_000);
            link.client.setTcpNoDelay(true);
            link.upstream.setTcpNoDelay(true);
            forwarded.incrementAndGet();
            InputStream fromClient = link.client.getInputStream();
            InputStream fromTarget = link.upstream.getInputStream();
            OutputStream toClient = link.client.getOutputStream();
            OutputStream toTarget = link.upstream.getOutputStream();
            threads.execute(() -> pump(link, fromClient, toTarget));
            pump(link, fromTarget, toClient);
        } catch (IOException e) {
            drop(link);
        }
    }

    /**
     * Copies one direction until either end closes. A silenced link keeps reading and drops what it reads: the
     * sender sees its bytes leave, as into a partition, and neither end ever sees this side close.
     */
    private void pump(Link link, InputStream in, OutputStream out) {
        byte[] buffer = new byte[BUFFER];
        try {
            int n;
            while ((n = in.read(buffer)) >= 0) {
                if (!link.blackholed) {
                    out.write(buffer, 0, n);
                    out.flush();
                }
            }
        } catch (IOException e) {
            // One end is gone, or the link was closed by heal() or close().
        }
        if (!link.blackholed) {
            drop(link);
        }
    }

    /** Ends a forwarded connection whose one end went away, as the other end would learn over a healthy network. */
    private void drop(Link link) {
        synchronized (this) {
            links.remove(link);
        }
        link.close();
    }

    private static void closeQuietly(AutoCloseable closeable) {
        try {
            closeable.close();
        } catch (Exception e) {
            // Already closed.
        }
    }

    /** One client connection and its connection to the target. */
    private static final class Link {
        final Socket client;
        final Socket upstream = new Socket();
        /** Set once by cut() and never cleared: a link silenced by a partition stays silent. */
        volatile boolean blackholed;

        Link(Socket client) {
            this.client = client;
        }

        void close() {
            closeQuietly(client);
            closeQuietly(upstream);
        }
    }
}
