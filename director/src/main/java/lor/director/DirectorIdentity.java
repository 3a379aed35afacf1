package lor.director;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.security.SecureRandom;
import java.util.HexFormat;

/**
 * Names this director process in the world leases it holds: readable by an operator looking at the {@code worlds}
 * table (host and pid), and unique even when a pid is reused (a random suffix).
 */
final class DirectorIdentity {

    private DirectorIdentity() {
    }

    static String create() {
        String host;
        try {
            host = InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            host = "unknown-host";
        }
        byte[] suffix = new byte[4];
        new SecureRandom().nextBytes(suffix);
        return host + "/" + ProcessHandle.current().pid() + "/" + HexFormat.of().formatHex(suffix);
    }
}
