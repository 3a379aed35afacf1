package lor.protocol.ticket;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TicketSignerTest {

    private static final String ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    private static final byte[] SECRET = "0123456789abcdef0123456789abcdef".getBytes(StandardCharsets.US_ASCII);
    private static final long NOW = 1_700_000_000_000L;

    private final TicketSigner signer = new TicketSigner(SECRET);

    @Property(seed = "4711")
    void verifiesWhatItSigned(@ForAll long accountId, @ForAll("worldIds") String worldId,
                              @ForAll @LongRange(min = 1, max = 60_000) long lifetimeMillis,
                              @ForAll @LongRange(min = 0, max = 4_000_000_000_000L) long now,
                              @ForAll("nonces") String nonce) throws TicketException {
        Ticket ticket = new Ticket(accountId, worldId, now + lifetimeMillis, nonce);

        assertThat(signer.verify(signer.sign(ticket), worldId, now)).isEqualTo(ticket);
    }

    @Property(seed = "4712")
    void verifiesWhatItSignedWithAnArrival(@ForAll long accountId, @ForAll("worldIds") String worldId,
                                           @ForAll @LongRange(min = 1, max = 60_000) long lifetimeMillis,
                                           @ForAll("nonces") String nonce,
                                           @ForAll @IntRange(min = 0, max = Integer.MAX_VALUE) int x,
                                           @ForAll @IntRange(min = 0, max = Integer.MAX_VALUE) int y,
                                           @ForAll @IntRange(min = 0, max = Integer.MAX_VALUE) int layer)
            throws TicketException {
        Ticket ticket = new Ticket(accountId, worldId, NOW + lifetimeMillis, nonce, new Ticket.Arrival(x, y, layer));

        Ticket verified = signer.verify(signer.sign(ticket), worldId, NOW);

        assertThat(verified).isEqualTo(ticket);
        assertThat(verified.arrival()).isEqualTo(new Ticket.Arrival(x, y, layer));
    }

    @Property(seed = "4713")
    void verifiesWhatItSignedWithAName(@ForAll long accountId, @ForAll("worldIds") String worldId,
                                       @ForAll("nonces") String nonce, @ForAll("names") String name,
                                       @ForAll boolean arriving) throws TicketException {
        Ticket ticket = new Ticket(accountId, worldId, NOW + 30_000, nonce,
                arriving ? new Ticket.Arrival(6, 7, 1) : null, name);

        Ticket verified = signer.verify(signer.sign(ticket), worldId, NOW);

        assertThat(verified).isEqualTo(ticket);
        assertThat(verified.name()).isEqualTo(name);
    }

    @Provide
    Arbitrary<String> names() {
        return Arbitraries.strings().withChars(ALPHABET).ofMinLength(3).ofMaxLength(32);
    }

    @Provide
    Arbitrary<String> worldIds() {
        return Arbitraries.strings().withChars("abcdefghijklmnopqrstuvwxyz0123456789_-").ofMinLength(1).ofMaxLength(32);
    }

    @Provide
    Arbitrary<String> nonces() {
        return Arbitraries.strings().withChars(ALPHABET).ofMinLength(1).ofMaxLength(64);
    }

    @Test
    void aPreloadChangesNothingAboutTheTickets() throws TicketException {
        Ticket ticket = new Ticket(7, "w", NOW + 1_000, "nonce");
        String before = signer.sign(ticket);

        TicketSigner.preload();

        assertThat(signer.sign(ticket)).isEqualTo(before);
        assertThat(signer.verify(before, "w", NOW)).isEqualTo(ticket);
    }

    @Test
    void refusesEveryAlteredPayloadOrMacCharacter() {
        // Every position counts, the last of each part too: its spare low bits must not make a second spelling.
        String token = signer.sign(ticket("start", NOW + 10_000));
        int dot = token.indexOf('.');
        for (int i = 0; i < token.length(); i++) {
            if (i == dot) {
                continue;
            }
            for (char replacement : ALPHABET.toCharArray()) {
                if (replacement == token.charAt(i)) {
                    continue;
                }
                String altered = token.substring(0, i) + replacement + token.substring(i + 1);
                assertThatThrownBy(() -> signer.verify(altered, "start", NOW))
                        .as("altered at %d to %s", i, replacement)
                        .isInstanceOf(TicketException.class);
            }
        }
    }

    @Test
    void refusesTicketSignedWithAnotherSecret() {
        byte[] other = Arrays.copyOf(SECRET, SECRET.length);
        other[0] ^= 1;
        String token = new TicketSigner(other).sign(ticket("start", NOW + 10_000));

        assertThatThrownBy(() -> signer.verify(token, "start", NOW))
                .isInstanceOf(TicketException.class)
                .hasMessage("forged ticket");
    }

    @Test
    void refusesTicketForAnotherWorld() {
        String token = signer.sign(ticket("other", NOW + 10_000));

        assertThatThrownBy(() -> signer.verify(token, "start", NOW))
                .isInstanceOf(TicketException.class)
                .hasMessage("ticket for another world");
    }

    @Test
    void refusesTicketThatExpiresNowOrEarlier() {
        String expiringNow = signer.sign(ticket("start", NOW));
        String expired = signer.sign(ticket("start", NOW - 1));

        assertThatThrownBy(() -> signer.verify(expiringNow, "start", NOW)).hasMessage("expired ticket");
        assertThatThrownBy(() -> signer.verify(expired, "start", NOW)).hasMessage("expired ticket");
    }

    @Test
    void acceptsLifetimeOfExactlySixtySecondsAndRefusesLonger() throws TicketException {
        String longest = signer.sign(ticket("start", NOW + Ticket.MAX_LIFETIME_MILLIS));
        String tooLong = signer.sign(ticket("start", NOW + Ticket.MAX_LIFETIME_MILLIS + 1));

        assertThat(signer.verify(longest, "start", NOW).expiresAtMillis()).isEqualTo(NOW + 60_000);
        assertThatThrownBy(() -> signer.verify(tooLong, "start", NOW))
                .isInstanceOf(TicketException.class)
                .hasMessage("ticket lifetime above the maximum");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "nodot", "a.b.c", ".abc", "abc.", "!!!!.abcd", "abcd.%%%%", "a.b"})
    void refusesMalformedTicket(String token) {
        assertThatThrownBy(() -> signer.verify(token, "start", NOW)).isInstanceOf(TicketException.class);
    }

    @ParameterizedTest
    @ValueSource(strings = {"v1|5|start|1700000010000|nonce", "v1|5|start|1700000010000|nonce|-|extra",
            "v2|5|start|1700000010000|nonce|-", "v1|five|start|1700000010000|nonce|-",
            "v1|5|start|soon|nonce|-", "v1|5|start|1700000010000|nonce|", "v1|5|start|1700000010000|nonce|1,2",
            "v1|5|start|1700000010000|nonce|1,2,3,4", "v1|5|start|1700000010000|nonce|a,b,c",
            "v1|5|start|1700000010000|nonce|1,,3", "v1|5|start|1700000010000|nonce|1,2,99999999999",
            "v1|5|start|1700000010000|nonce|--"})
    void refusesCorrectlySignedPayloadOfWrongShape(String payload) throws Exception {
        // Signed with the right secret, so only the payload checks stand between it and admission.
        String token = signedRaw(payload);

        assertThatThrownBy(() -> signer.verify(token, "start", NOW)).isInstanceOf(TicketException.class);
    }

    @Test
    void refusesTheFiveFieldPayloadOfBeforeArrivalsAsAnUnknownVersion() throws Exception {
        String token = signedRaw("v1|5|start|" + (NOW + 1_000) + "|nonce");

        assertThatThrownBy(() -> signer.verify(token, "start", NOW))
                .isInstanceOf(TicketException.class)
                .hasMessage("unknown ticket version");
    }

    @Test
    void acceptsHandMadeTokenOfTheDocumentedWireForm() throws Exception {
        String token = signedRaw("v1|5|start|" + (NOW + 1_000) + "|nonce|-");

        Ticket ticket = signer.verify(token, "start", NOW);

        assertThat(ticket).isEqualTo(new Ticket(5, "start", NOW + 1_000, "nonce"));
        assertThat(ticket.arrival()).isNull();
    }

    @Test
    void acceptsHandMadeTokenWithAnArrivalOfTheDocumentedWireForm() throws Exception {
        String token = signedRaw("v1|5|cellar|" + (NOW + 1_000) + "|nonce|6,7,1");

        assertThat(signer.verify(token, "cellar", NOW))
                .isEqualTo(new Ticket(5, "cellar", NOW + 1_000, "nonce", new Ticket.Arrival(6, 7, 1)));
    }

    @Test
    void signsTheDocumentedPayloadWithAndWithoutArrival() {
        String plain = signer.sign(new Ticket(5, "start", NOW, "nonce"));
        String arriving = signer.sign(new Ticket(5, "cellar", NOW, "nonce", new Ticket.Arrival(6, 7, 0)));

        assertThat(payloadOf(plain)).isEqualTo("v1|5|start|" + NOW + "|nonce|-");
        assertThat(payloadOf(arriving)).isEqualTo("v1|5|cellar|" + NOW + "|nonce|6,7,0");
    }

    @Test
    void signsAV2PayloadOnlyWhenTheTicketHasAName() {
        String named = signer.sign(new Ticket(5, "start", NOW, "nonce", null, "alice"));
        String namedArriving =
                signer.sign(new Ticket(5, "cellar", NOW, "nonce", new Ticket.Arrival(6, 7, 0), "Bo_b-1"));
        String unnamed = signer.sign(new Ticket(5, "start", NOW, "nonce", null, null));

        assertThat(payloadOf(named)).isEqualTo("v2|5|start|" + NOW + "|nonce|-|alice");
        assertThat(payloadOf(namedArriving)).isEqualTo("v2|5|cellar|" + NOW + "|nonce|6,7,0|Bo_b-1");
        assertThat(payloadOf(unnamed)).as("without a name, today's v1 payload")
                .isEqualTo("v1|5|start|" + NOW + "|nonce|-");
    }

    @Test
    void aV1TokenStillVerifiesAndCarriesNoName() throws Exception {
        // As a director from before names signs it: a world must keep admitting these.
        String token = signedRaw("v1|5|cellar|" + (NOW + 1_000) + "|nonce|6,7,1");

        Ticket ticket = signer.verify(token, "cellar", NOW);

        assertThat(ticket).isEqualTo(new Ticket(5, "cellar", NOW + 1_000, "nonce", new Ticket.Arrival(6, 7, 1)));
        assertThat(ticket.name()).isNull();
    }

    @Test
    void acceptsHandMadeV2TokenOfTheDocumentedWireForm() throws Exception {
        String token = signedRaw("v2|5|start|" + (NOW + 1_000) + "|nonce|-|alice");

        assertThat(signer.verify(token, "start", NOW))
                .isEqualTo(new Ticket(5, "start", NOW + 1_000, "nonce", null, "alice"));
    }

    @Test
    void refusesATicketWhoseNameWasChangedOrDroppedAfterSigning() {
        String token = signer.sign(new Ticket(5, "start", NOW + 10_000, "nonce", null, "alice"));
        String payload = payloadOf(token);
        String mac = token.substring(token.indexOf('.') + 1);
        Base64.Encoder encoder = Base64.getUrlEncoder().withoutPadding();
        String renamed = encoder.encodeToString(payload.replace("|alice", "|mallory").getBytes(StandardCharsets.UTF_8))
                + "." + mac;
        String downgraded = encoder.encodeToString(payload.replace("|alice", "").replace("v2|", "v1|")
                .getBytes(StandardCharsets.UTF_8)) + "." + mac;

        assertThatThrownBy(() -> signer.verify(renamed, "start", NOW)).hasMessage("forged ticket");
        assertThatThrownBy(() -> signer.verify(downgraded, "start", NOW)).hasMessage("forged ticket");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "ab", "a b", "al.ce", "ålice", "alice!", "abcdefghijklmnopqrstuvwxyz0123456"})
    void refusesACorrectlySignedV2TicketWithABadName(String name) throws Exception {
        String token = signedRaw("v2|5|start|" + (NOW + 1_000) + "|nonce|-|" + name);

        assertThatThrownBy(() -> signer.verify(token, "start", NOW))
                .isInstanceOf(TicketException.class)
                .hasMessage("malformed ticket");
    }

    @ParameterizedTest
    @ValueSource(strings = {"v2|5|start|1700000010000|nonce|-|al|ce", "v1|5|start|1700000010000|nonce|-|alice",
            "v3|5|start|1700000010000|nonce|-|alice"})
    void refusesANameInTheWrongPlaceOrVersion(String payload) throws Exception {
        String token = signedRaw(payload);

        assertThatThrownBy(() -> signer.verify(token, "start", NOW))
                .isInstanceOf(TicketException.class)
                .hasMessage("unknown ticket version");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "ab", "a b", "al|ce", "ålice", "abcdefghijklmnopqrstuvwxyz0123456"})
    void aTicketCannotCarryANameOutsideTheUsernameRule(String name) {
        assertThatThrownBy(() -> new Ticket(5, "start", NOW, "nonce", null, name))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theLongestV2TicketFitsTheSizeLimit() throws TicketException {
        String longest = "w".repeat(64);
        Ticket ticket = new Ticket(Long.MIN_VALUE, longest, NOW + 60_000, "n".repeat(64),
                new Ticket.Arrival(Integer.MAX_VALUE, Integer.MAX_VALUE, Integer.MAX_VALUE), "x".repeat(32));

        String token = signer.sign(ticket);

        assertThat(token.length()).isLessThanOrEqualTo(400);
        assertThat(signer.verify(token, longest, NOW)).isEqualTo(ticket);
    }

    @Test
    void refusesATicketWhoseArrivalWasChangedAfterSigning() {
        String token = signer.sign(new Ticket(5, "cellar", NOW + 10_000, "nonce", new Ticket.Arrival(6, 7, 0)));
        String payload = payloadOf(token);
        Base64.Encoder encoder = Base64.getUrlEncoder().withoutPadding();
        String mac = token.substring(token.indexOf('.') + 1);
        String moved = encoder.encodeToString(payload.replace("|6,7,0", "|60,7,0").getBytes(StandardCharsets.UTF_8))
                + "." + mac;
        String dropped = encoder.encodeToString(payload.replace("|6,7,0", "|-").getBytes(StandardCharsets.UTF_8))
                + "." + mac;

        assertThatThrownBy(() -> signer.verify(moved, "cellar", NOW)).hasMessage("forged ticket");
        assertThatThrownBy(() -> signer.verify(dropped, "cellar", NOW)).hasMessage("forged ticket");
    }

    @ParameterizedTest
    @ValueSource(strings = {"-1,7,0", "6,-1,0", "6,7,-1"})
    void refusesANegativeArrivalEvenWhenCorrectlySigned(String arrival) throws Exception {
        String token = signedRaw("v1|5|cellar|" + (NOW + 1_000) + "|nonce|" + arrival);

        assertThatThrownBy(() -> signer.verify(token, "cellar", NOW))
                .isInstanceOf(TicketException.class)
                .hasMessage("malformed ticket");
    }

    @Test
    void anArrivalCannotBeNegative() {
        assertThatThrownBy(() -> new Ticket.Arrival(-1, 0, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Ticket.Arrival(0, -1, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Ticket.Arrival(0, 0, -1)).isInstanceOf(IllegalArgumentException.class);
        assertThat(new Ticket.Arrival(0, 0, 0)).isEqualTo(new Ticket.Arrival(0, 0, 0));
    }

    @Test
    void refusesMissingOrOversizedTicket() {
        assertThatThrownBy(() -> signer.verify(null, "start", NOW)).isInstanceOf(TicketException.class);
        assertThatThrownBy(() -> signer.verify("a".repeat(600) + "." + "b".repeat(43), "start", NOW))
                .isInstanceOf(TicketException.class)
                .hasMessage("missing or oversized ticket");
    }

    @Test
    void refusesSecretShorterThan256Bits() {
        assertThatThrownBy(() -> new TicketSigner(new byte[31])).isInstanceOf(IllegalArgumentException.class);
        assertThatCode(() -> new TicketSigner(new byte[32])).doesNotThrowAnyException();
    }

    @Test
    void refusesToSignFieldsThatWouldBreakThePayload() {
        assertThatThrownBy(() -> signer.sign(ticket("a|b", NOW))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> signer.sign(new Ticket(1, "start", NOW, "")))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void signersBuiltFromTheSameEncodedSecretAgree() throws TicketException {
        String encoded = Secrets.random256();
        String token = TicketSigner.fromEncodedSecret(encoded).sign(ticket("start", NOW + 5_000));

        assertThat(TicketSigner.fromEncodedSecret(encoded).verify(token, "start", NOW).accountId()).isEqualTo(5);
        assertThatThrownBy(() -> TicketSigner.fromEncodedSecret(Secrets.random256()).verify(token, "start", NOW))
                .isInstanceOf(TicketException.class);
    }

    private static Ticket ticket(String worldId, long expiresAt) {
        return new Ticket(5, worldId, expiresAt, "nonce");
    }

    private static String payloadOf(String token) {
        return new String(Base64.getUrlDecoder().decode(token.substring(0, token.indexOf('.'))),
                StandardCharsets.UTF_8);
    }

    private static String signedRaw(String payload) throws Exception {
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(SECRET, "HmacSHA256"));
        byte[] bytes = payload.getBytes(StandardCharsets.UTF_8);
        Base64.Encoder encoder = Base64.getUrlEncoder().withoutPadding();
        return encoder.encodeToString(bytes) + "." + encoder.encodeToString(mac.doFinal(bytes));
    }
}
