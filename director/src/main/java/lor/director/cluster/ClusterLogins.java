package lor.director.cluster;

import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;

import lor.director.account.LoginThrottle;
import lor.protocol.Json;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Login throttling across directors: every director's verdicts are told to the others over the {@link ClusterBus},
 * which count them as their own, so guessing an account's password through three directors earns the back-off as
 * fast as through one. A director started later learns only what happens from then on.
 */
final class ClusterLogins implements LoginThrottle.Peers {

    private static final Logger LOG = LoggerFactory.getLogger(ClusterLogins.class);

    private final ClusterBus bus;
    private final Executor blocking;
    private final LoginThrottle throttle;
    /** This director's own channel: its own messages come back on the shared one and are not counted twice. */
    private final String origin;

    ClusterLogins(ClusterBus bus, Executor blocking, LoginThrottle throttle) {
        this.bus = bus;
        this.blocking = blocking;
        this.throttle = throttle;
        this.origin = bus.ownChannel();
    }

    @Override
    public void failed(String accountKey, String addressKey) {
        ObjectNode message = Json.MAPPER.createObjectNode().put("t", "login_failed").put("from", origin)
                .put("account", accountKey);
        if (addressKey != null) {
            message.put("address", addressKey);
        }
        publish(message);
    }

    @Override
    public void succeeded(String accountKey) {
        publish(Json.MAPPER.createObjectNode().put("t", "login_ok").put("from", origin)
                .put("account", accountKey));
    }

    private void publish(ObjectNode message) {
        try {
            blocking.execute(() -> {
                try {
                    bus.send(ClusterBus.SHARED, message.toString());
                } catch (RuntimeException e) {
                    LOG.debug("cannot tell the other directors of a login: {}", e.getMessage());
                }
            });
        } catch (RejectedExecutionException e) {
            LOG.debug("cannot tell the other directors of a login: the director is busy");
        }
    }

    /** Another director's verdict. */
    void received(JsonNode message) {
        if (message.path("from").asString().equals(origin)) {
            return;
        }
        String account = message.path("account").asString();
        if (account.isEmpty()) {
            return;
        }
        if (message.path("t").asString().equals("login_failed")) {
            throttle.failedElsewhere(account, message.hasNonNull("address") ? message.path("address").asString()
                    : null);
        } else {
            throttle.succeededElsewhere(account);
        }
    }
}
