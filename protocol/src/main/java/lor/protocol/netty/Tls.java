package lor.protocol.netty;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;

import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLSocketFactory;
import javax.net.ssl.TrustManagerFactory;

import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.codec.DecoderException;
import io.netty.handler.ssl.NotSslRecordException;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * TLS for the director's port and the worlds' game ports, from the PEM files an operator has: a certificate chain
 * and its unencrypted PKCS#8 private key ({@code -----BEGIN PRIVATE KEY-----}; {@code openssl pkcs8 -topk8 -nocrypt}
 * converts other forms). Errors name the option and the file, never the key's contents.
 */
public final class Tls {

    /** The name of the handler in a pipeline. */
    public static final String HANDLER = "tls";
    /** The name of {@link #FAILURES} in a pipeline, right after {@link #HANDLER}. */
    public static final String FAILURES_HANDLER = "tls-failures";
    /**
     * Closes a connection that does not speak TLS or fails its handshake, logged at debug without the exception's
     * message: Netty's quotes the bytes received, which may be a plain-text password.
     */
    public static final ChannelHandler FAILURES = new FailureCloser();

    private static final Logger LOG = LoggerFactory.getLogger(Tls.class);

    private Tls() {
    }

    /** Adds the TLS handler of {@code context} and its failure closer first in the pipeline. */
    public static void install(ChannelPipeline pipeline, SslContext context, ByteBufAllocator allocator) {
        pipeline.addFirst(FAILURES_HANDLER, FAILURES);
        pipeline.addFirst(HANDLER, context.newHandler(allocator));
    }

    /** @throws IllegalArgumentException naming the file when it is missing, unreadable or not a usable PEM */
    public static SslContext server(Path certificate, Path key) {
        requireReadable("--tls-cert", certificate);
        requireReadable("--tls-key", key);
        try {
            return SslContextBuilder.forServer(certificate.toFile(), key.toFile()).build();
        } catch (SSLException | IllegalArgumentException e) {
            throw new IllegalArgumentException("--tls-cert " + certificate + " and --tls-key " + key
                    + " are not a PEM certificate chain and its unencrypted PKCS#8 private key: "
                    + rootMessage(e));
        }
    }

    /**
     * A client that trusts exactly this certificate: how a world reaches its director's {@code wss://} control
     * endpoint. Pinned to the certificate, so the host name is not checked (a world may reach the director by an
     * address the certificate does not name, such as 127.0.0.1).
     */
    public static SslContext trusting(Path certificate) {
        requireReadable("--tls-cert", certificate);
        try {
            return SslContextBuilder.forClient().trustManager(certificate.toFile())
                    .endpointIdentificationAlgorithm(null).build();
        } catch (SSLException | IllegalArgumentException e) {
            throw new IllegalArgumentException("--tls-cert " + certificate + " is not a PEM certificate: "
                    + rootMessage(e));
        }
    }

    /**
     * Blocking sockets that trust exactly this certificate, host name unchecked as in {@link #trusting}: how a world
     * process plays a player on its own game port to warm it up.
     */
    public static SSLSocketFactory socketsTrusting(Path certificate) {
        return contextTrusting(certificate).getSocketFactory();
    }

    /** The JDK's TLS context that trusts exactly the certificates in this PEM file, for JDK clients. */
    public static SSLContext contextTrusting(Path certificate) {
        requireReadable("--tls-cert", certificate);
        try (InputStream in = Files.newInputStream(certificate)) {
            KeyStore trusted = KeyStore.getInstance(KeyStore.getDefaultType());
            trusted.load(null, null);
            int n = 0;
            for (Certificate cert : CertificateFactory.getInstance("X.509").generateCertificates(in)) {
                trusted.setCertificateEntry("cert-" + n++, cert);
            }
            TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            trust.init(trusted);
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, trust.getTrustManagers(), null);
            return context;
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalArgumentException("--tls-cert " + certificate + " is not a PEM certificate: "
                    + rootMessage(e));
        }
    }

    private static void requireReadable(String option, Path file) {
        if (!Files.isRegularFile(file) || !Files.isReadable(file)) {
            throw new IllegalArgumentException(option + ": no readable file at " + file);
        }
        try {
            if (Files.size(file) == 0) {
                throw new IllegalArgumentException(option + ": " + file + " is empty");
            }
        } catch (IOException e) {
            throw new IllegalArgumentException(option + ": cannot read " + file + ": " + e.getMessage());
        }
    }

    private static String rootMessage(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root.getMessage() == null ? root.getClass().getSimpleName() : root.getMessage();
    }

    @ChannelHandler.Sharable
    private static final class FailureCloser extends ChannelInboundHandlerAdapter {

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            Throwable tls = cause instanceof DecoderException && cause.getCause() != null ? cause.getCause() : cause;
            if (tls instanceof NotSslRecordException || tls instanceof SSLException) {
                LOG.debug("connection from {} closed: {}", ctx.channel().remoteAddress(),
                        tls instanceof NotSslRecordException ? "not TLS" : "TLS handshake failed ("
                                + tls.getClass().getSimpleName() + ")");
                ctx.close();
            } else {
                ctx.fireExceptionCaught(cause);
            }
        }
    }
}
