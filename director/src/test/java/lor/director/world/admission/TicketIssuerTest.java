package lor.director.world.admission;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Base64;

import lor.protocol.ticket.Secrets;
import lor.protocol.ticket.Ticket;
import lor.protocol.ticket.TicketException;
import lor.protocol.ticket.TicketSigner;
import org.junit.jupiter.api.Test;

class TicketIssuerTest {

    private static final long NOW = 1_700_000_000_000L;

    private final TicketSigner cellarSigner = TicketSigner.fromEncodedSecret(Secrets.random256());
    private final JoinTarget cellar = new JoinTarget("cellar", "ws://127.0.0.1:4001/game", cellarSigner,
            true);
    /** The same world's process as adopted from an earlier director: it may know only v1 tickets. */
    private final JoinTarget adoptedCellar = new JoinTarget("cellar", "ws://127.0.0.1:4001/game", cellarSigner,
            false);
    private final TicketIssuer issuer = new TicketIssuer(Clock.fixed(Instant.ofEpochMilli(NOW), ZoneOffset.UTC),
            30_000);

    @Test
    void issuesATicketTheTargetsProcessAdmitsCarryingTheArrival() throws TicketException {
        String token = issuer.issue(cellar, 42, null, new Ticket.Arrival(6, 6, 0));

        Ticket ticket = cellarSigner.verify(token, "cellar", NOW);

        assertThat(ticket.accountId()).isEqualTo(42);
        assertThat(ticket.worldId()).isEqualTo("cellar");
        assertThat(ticket.arrival()).isEqualTo(new Ticket.Arrival(6, 6, 0));
    }

    @Test
    void aPlainJoinTicketHasNoArrival() throws TicketException {
        assertThat(cellarSigner.verify(issuer.issue(cellar, 42, null, null), "cellar", NOW).arrival()).isNull();
    }

    @Test
    void ticketExpiresAfterTheConfiguredLifetime() throws TicketException {
        String token = issuer.issue(cellar, 42, null, null);

        assertThat(cellarSigner.verify(token, "cellar", NOW + 29_999).expiresAtMillis()).isEqualTo(NOW + 30_000);
        assertThatThrownBy(() -> cellarSigner.verify(token, "cellar", NOW + 30_000)).hasMessage("expired ticket");
    }

    @Test
    void anotherSpawnsSignerRefusesTheTicket() {
        String token = issuer.issue(cellar, 42, null, new Ticket.Arrival(6, 6, 0));
        TicketSigner nextSpawn = TicketSigner.fromEncodedSecret(Secrets.random256());

        assertThatThrownBy(() -> nextSpawn.verify(token, "cellar", NOW)).hasMessage("forged ticket");
        assertThatThrownBy(() -> cellarSigner.verify(token, "start", NOW)).hasMessage("ticket for another world");
    }

    @Test
    void everyTicketHasItsOwnNonce() throws TicketException {
        String first = issuer.issue(cellar, 42, null, null);
        String second = issuer.issue(cellar, 42, null, null);

        assertThat(cellarSigner.verify(first, "cellar", NOW).nonce())
                .isNotEqualTo(cellarSigner.verify(second, "cellar", NOW).nonce());
    }

    @Test
    void aTicketForAProcessThatTakesNamesCarriesTheUsername() throws TicketException {
        String token = issuer.issue(cellar, 42, "alice", new Ticket.Arrival(6, 6, 0));

        Ticket ticket = cellarSigner.verify(token, "cellar", NOW);

        assertThat(ticket.name()).isEqualTo("alice");
        assertThat(ticket.arrival()).isEqualTo(new Ticket.Arrival(6, 6, 0));
        assertThat(payloadOf(token)).startsWith("v2|42|cellar|");
    }

    @Test
    void anAdoptedProcessGetsAV1TicketWithoutTheName() throws TicketException {
        // A world left running by an earlier director may be a world server from before names: v2 would be refused.
        String token = issuer.issue(adoptedCellar, 42, "alice", null);

        assertThat(payloadOf(token)).startsWith("v1|42|cellar|").doesNotContain("alice");
        assertThat(cellarSigner.verify(token, "cellar", NOW).name()).isNull();
    }

    @Test
    void withoutAUsernameTheTicketIsV1() throws TicketException {
        String token = issuer.issue(cellar, 42, null, null);

        assertThat(payloadOf(token)).startsWith("v1|42|cellar|");
        assertThat(cellarSigner.verify(token, "cellar", NOW).name()).isNull();
    }

    private static String payloadOf(String token) {
        return new String(Base64.getUrlDecoder().decode(token.substring(0, token.indexOf('.'))),
                StandardCharsets.UTF_8);
    }
}
