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
        byte[] suffix = new byte[4];
        new SecureRandom().nextBytes(suffix);
        return host() + "/" + ProcessHandle.current().pid() + "/" + HexFormat.of().formatHex(suffix);
    }

    /**
     * Whether {@code identity} names a director of this host that no longer runs: its worlds, still running here,
     * are this host's to take back. A director elsewhere is never thought gone (its leases expire instead), nor one
     * whose pid is in use again (its worlds end themselves when nobody takes them back).
     */
    static boolean isGoneFromThisHost(String identity) {
        String[] parts = identity.split("/");
        if (parts.length != 3 || !parts[0].equals(host())) {
            return false;
        }
        long pid;
        try {
            pid = Long.parseLong(parts[1]);
        } catch (NumberFormatException e) {
            return false;
        }
        return pid != ProcessHandle.current().pid() && ProcessHandle.of(pid).map(p -> !p.isAlive()).orElse(true);
    }

    private static String host() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return "unknown-host";
        }
    }
}
