package lor.world.game;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.concurrent.atomic.AtomicLong;

import lor.protocol.ticket.Ticket;
import lor.protocol.ticket.TicketException;
import lor.protocol.ticket.TicketSigner;
import org.junit.jupiter.api.Test;

class TicketGateTest {

    private static final TicketSigner SIGNER =
            new TicketSigner("world-ticket-secret-of-32-bytes!".getBytes(StandardCharsets.US_ASCII));

    private final AtomicLong clock = new AtomicLong(1_000_000);
    private final TicketGate gate = new TicketGate(SIGNER, "start", clock::get);

    @Test
    void admitsValidTicketOnce() throws TicketException {
        String token = SIGNER.sign(new Ticket(42, "start", clock.get() + 10_000, "n1"));

        assertThat(gate.admit(token)).isEqualTo(new Ticket(42, "start", 1_010_000, "n1"));
        assertThatThrownBy(() -> gate.admit(token))
                .isInstanceOf(TicketException.class)
                .hasMessage("ticket already used");
    }

    @Test
    void admitsDifferentTicketsOfTheSameAccount() throws TicketException {
        gate.admit(SIGNER.sign(new Ticket(42, "start", clock.get() + 10_000, "n1")));

        assertThat(gate.admit(SIGNER.sign(new Ticket(42, "start", clock.get() + 10_000, "n2"))).accountId())
                .isEqualTo(42);
    }

    @Test
    void refusesForgedTicket() {
        TicketSigner stranger =
                new TicketSigner("another-secret-of-thirty-two-byt".getBytes(StandardCharsets.US_ASCII));
        String token = stranger.sign(new Ticket(42, "start", clock.get() + 10_000, "n1"));

        assertThatThrownBy(() -> gate.admit(token)).isInstanceOf(TicketException.class);
    }

    @Test
    void refusesTicketOnceTheInjectedClockPassesItsExpiry() {
        String token = SIGNER.sign(new Ticket(42, "start", clock.get() + 10_000, "n1"));

        clock.addAndGet(10_000);

        assertThatThrownBy(() -> gate.admit(token)).isInstanceOf(TicketException.class).hasMessage("expired ticket");
    }

    @Test
    void refusedTicketIsNotConsumed() throws TicketException {
        // A ticket presented before the world's clock is within its lifetime can be used once it is.
        String token = SIGNER.sign(new Ticket(42, "start", clock.get() + 70_000, "n1"));
        assertThatThrownBy(() -> gate.admit(token)).isInstanceOf(TicketException.class);

        clock.addAndGet(20_000);

        assertThat(gate.admit(token).accountId()).isEqualTo(42);
    }

    @Test
    void refusesATamperedTicketAndStillAdmitsTheGenuineOneOnce() throws TicketException {
        String token = SIGNER.sign(new Ticket(42, "start", clock.get() + 10_000, "n1"));
        int dot = token.indexOf('.');
        // Another account id under the same MAC, and the same payload under a MAC with one character changed.
        String payload = new String(Base64.getUrlDecoder().decode(token.substring(0, dot)),
                StandardCharsets.UTF_8);
        String otherAccount = Base64.getUrlEncoder().withoutPadding()
                .encodeToString(payload.replace("v1|42|", "v1|43|").getBytes(StandardCharsets.UTF_8))
                + token.substring(dot);
        char last = token.charAt(dot + 1);
        String otherMac = token.substring(0, dot + 1) + (last == 'A' ? 'B' : 'A') + token.substring(dot + 2);

        assertThatThrownBy(() -> gate.admit(otherAccount)).hasMessage("forged ticket");
        assertThatThrownBy(() -> gate.admit(otherMac)).hasMessage("forged ticket");
        assertThat(gate.admit(token).accountId()).isEqualTo(42);
        assertThatThrownBy(() -> gate.admit(token)).hasMessage("ticket already used");
    }

    @Test
    void refusesTicketForAnotherWorld() {
        String token = SIGNER.sign(new Ticket(42, "elsewhere", clock.get() + 10_000, "n1"));

        assertThatThrownBy(() -> gate.admit(token)).hasMessage("ticket for another world");
    }

    @Test
    void afterARekeyAdmitsTheNewSecretsTicketsAndTheOldOnesOnlyDuringTheGrace() throws TicketException {
        TicketSigner next = new TicketSigner("the-adopting-directors-secret-32".getBytes(StandardCharsets.US_ASCII));
        String before = SIGNER.sign(new Ticket(42, "start", clock.get() + 50_000, "old-1"));

        gate.rekey(next);

        assertThat(gate.admit(next.sign(new Ticket(44, "start", clock.get() + 10_000, "new-1"))).accountId())
                .isEqualTo(44);
        assertThat(gate.admit(before).accountId()).isEqualTo(42);
        clock.addAndGet(TicketGate.PREVIOUS_SECRET_GRACE_MILLIS);
        // Whoever still holds the old secret can no longer mint tickets, however fresh.
        String minted = SIGNER.sign(new Ticket(43, "start", clock.get() + 10_000, "old-2"));
        assertThatThrownBy(() -> gate.admit(minted)).hasMessage("forged ticket");
        assertThat(gate.admit(next.sign(new Ticket(45, "start", clock.get() + 10_000, "new-2"))).accountId())
                .isEqualTo(45);
    }
}
