package lor.protocol.netty;

/**
 * The ports a world's game endpoint may bind: any free port the system picks ({@link #ANY}), or one from a fixed
 * range ({@code --game-ports 9000-9099}), which a firewall or a reverse proxy in front of the worlds can name in
 * advance. Written {@code N} or {@code FROM-TO}.
 */
public record PortRange(int first, int last) {

    /** Whatever free port the system picks. */
    public static final PortRange ANY = new PortRange(0, 0);

    public PortRange {
        boolean any = first == 0 && last == 0;
        if (!any && (first < 1 || last > 65535 || first > last)) {
            throw new IllegalArgumentException("a port range is FROM-TO with 1 <= FROM <= TO <= 65535, got "
                    + first + "-" + last);
        }
    }

    /** {@code N} (0 for any) or {@code FROM-TO}. */
    public static PortRange parse(String option, String value) {
        String[] parts = value.split("-", -1);
        try {
            if (parts.length == 1) {
                int port = Integer.parseInt(parts[0]);
                return port == 0 ? ANY : new PortRange(port, port);
            }
            if (parts.length == 2) {
                return new PortRange(Integer.parseInt(parts[0]), Integer.parseInt(parts[1]));
            }
        } catch (IllegalArgumentException e) {
            // Reported below with the option's name.
        }
        throw new IllegalArgumentException(option + " must be a port (0 for any) or FROM-TO with "
                + "1 <= FROM <= TO <= 65535, got " + value);
    }

    public boolean any() {
        return first == 0;
    }

    public int size() {
        return any() ? 0 : last - first + 1;
    }

    public boolean contains(int port) {
        return any() ? port > 0 && port <= 65535 : port >= first && port <= last;
    }

    /** The {@code --game-ports} argument form. */
    @Override
    public String toString() {
        return any() ? "0" : first == last ? Integer.toString(first) : first + "-" + last;
    }
}
