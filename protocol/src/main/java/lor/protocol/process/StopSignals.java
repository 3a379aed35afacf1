package lor.protocol.process;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import sun.misc.Signal;

/**
 * SIGTERM and SIGINT as a request for an orderly stop, so that a process that then stops cleanly exits 0. A JVM left
 * to its default handling runs its shutdown hooks and exits 128 + the signal (143 for SIGTERM) however cleanly they
 * stopped, which {@code systemctl} and Kubernetes report as a failure. {@code sun.misc.Signal} (module
 * {@code jdk.unsupported}, present in every JDK this runs on) is the JDK's one way to replace that handling.
 *
 * <p>The first signal runs the current stop action once, on a thread of its own; the process's main thread, waiting
 * for that stop to finish, then exits with the status it chooses. Later signals are logged and ignored: the stop
 * under way is the answer to them. The action can change as the process changes role (a warm spare that becomes a
 * world), and a signal that came before the new action was set runs it at once, so no signal is lost in between.
 */
public final class StopSignals {

    private static final Logger LOG = LoggerFactory.getLogger(StopSignals.class);
    private static final String[] SIGNALS = {"TERM", "INT"};

    private final String name;
    private Runnable action;
    private String requestedBy;
    private boolean ran;

    private StopSignals(String name) {
        this.name = name;
    }

    /**
     * Takes over SIGTERM and SIGINT for this process. Where a signal cannot be handled the JVM's default stays (exit
     * 128 + the signal after the shutdown hooks), so callers keep a shutdown hook that stops them too.
     *
     * @param name what is stopping, for the log
     */
    public static StopSignals install(String name) {
        StopSignals signals = new StopSignals(name);
        for (String signal : SIGNALS) {
            try {
                Signal.handle(new Signal(signal), s -> signals.requested("SIG" + s.getName()));
            } catch (IllegalArgumentException | UnsupportedOperationException e) {
                LOG.warn("cannot handle SIG{} ({}); it will stop {} through the JVM's shutdown hooks and exit "
                        + "128 + the signal", signal, e.getMessage(), name);
            }
        }
        return signals;
    }

    /** What a stop request does from now on; runs it at once if a signal already asked for a stop. */
    public synchronized StopSignals onStop(Runnable stop) {
        action = stop;
        ran = false;
        if (requestedBy != null) {
            runAction();
        }
        return this;
    }

    synchronized void requested(String signal) {
        if (requestedBy != null) {
            LOG.info("{}: {} is already stopping (asked by {})", signal, name, requestedBy);
            return;
        }
        requestedBy = signal;
        LOG.info("{}: stopping {}", signal, name);
        runAction();
    }

    private void runAction() {
        if (action != null && !ran) {
            ran = true;
            new Thread(action, "stop-on-signal").start();
        }
    }
}
