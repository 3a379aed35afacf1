package lor.director.world.admission;

import java.time.Clock;

import lor.protocol.ticket.Secrets;
import lor.protocol.ticket.Ticket;

/**
 * Signs the single-use tickets that admit an account into a running world, with the secret of the world's current
 * spawn; {@link SpawnSecrets} chooses those secrets.
 */
public final class TicketIssuer {

    private final Clock clock;
    private final long ttlMillis;
    private final SpawnSecrets secrets;

    /** Each spawn with a random secret: only the director that runs a world signs its tickets. */
    public TicketIssuer(Clock clock, long ttlMillis) {
        this(clock, ttlMillis, SpawnSecrets.RANDOM);
    }

    public TicketIssuer(Clock clock, long ttlMillis, SpawnSecrets secrets) {
        this.clock = clock;
        this.ttlMillis = ttlMillis;
        this.secrets = secrets;
    }

    public SpawnSecrets secrets() {
        return secrets;
    }

    /**
     * A ticket for {@code target}'s current process; {@code arrival} is null for a plain join. It carries
     * {@code username} (null for none) only when the process takes names ({@link JoinTarget#takesNames}); otherwise,
     * or without a username, it is a v1 ticket, exactly as before names.
     */
    public String issue(JoinTarget target, long accountId, String username, Ticket.Arrival arrival) {
        String name = target.takesNames() ? username : null;
        return target.signer().sign(new Ticket(accountId, target.worldId(), clock.millis() + ttlMillis,
                Secrets.random256(), arrival, name));
    }
}
