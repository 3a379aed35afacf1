package lor.protocol.ticket;

import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.regex.Pattern;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Signs and verifies tickets with HMAC-SHA256 under a per-spawn secret shared by the director and one world
 * process. Wire form: {@code base64url(payload) "." base64url(mac)}, payload
 * {@code v1|accountId|worldId|expiresAtMillis|nonce|arrival}, where arrival is {@code X,Y,LAYER} or {@code -}, for a
 * ticket without a name; {@code v2|accountId|worldId|expiresAtMillis|nonce|arrival|name} for one with a name (a
 * username, {@link lor.protocol.Names#USERNAME}). A ticket without a name is signed as v1, byte for byte as before v2
 * existed, so a world process that knows only v1 still admits it; {@link #verify} accepts both. At the longest
 * (64-character world id and nonce, 32-character name, the largest arrival) a v2 token is about 360 characters, well
 * inside the 512 that {@link #verify} accepts. Thread-safe.
 */
public final class TicketSigner {

    private static final String ALGORITHM = "HmacSHA256";
    private static final String V1 = "v1";
    private static final String V2 = "v2";
    private static final Pattern SAFE_FIELD = Pattern.compile("[A-Za-z0-9_-]{1,64}");
    private static final Base64.Encoder ENCODER = Base64.getUrlEncoder().withoutPadding();
    private static final Base64.Decoder DECODER = Base64.getUrlDecoder();

    private final SecretKeySpec key;

    public TicketSigner(byte[] secret) {
        if (secret.length < 32) {
            throw new IllegalArgumentException("a ticket secret needs at least 256 bits");
        }
        this.key = new SecretKeySpec(secret.clone(), ALGORITHM);
    }

    /** A secret encoded as {@link Secrets#random256()} produces it. */
    public static TicketSigner fromEncodedSecret(String encoded) {
        return new TicketSigner(DECODER.decode(encoded));
    }

    public String sign(Ticket ticket) {
        if (!SAFE_FIELD.matcher(ticket.worldId()).matches() || !SAFE_FIELD.matcher(ticket.nonce()).matches()) {
            throw new IllegalArgumentException("world id and nonce must be URL-safe tokens");
        }
        Ticket.Arrival arrival = ticket.arrival();
        String at = arrival == null ? "-" : arrival.x() + "," + arrival.y() + "," + arrival.layer();
        String payload = String.join("|", ticket.name() == null ? V1 : V2, Long.toString(ticket.accountId()),
                ticket.worldId(), Long.toString(ticket.expiresAtMillis()), ticket.nonce(), at);
        if (ticket.name() != null) {
            // The record checked the name against the username rule: it holds no '|'.
            payload = payload + "|" + ticket.name();
        }
        byte[] payloadBytes = payload.getBytes(StandardCharsets.UTF_8);
        return ENCODER.encodeToString(payloadBytes) + "." + ENCODER.encodeToString(mac(payloadBytes));
    }

    /**
     * The ticket if its signature is ours, it names {@code expectedWorldId} and it has not expired at
     * {@code nowMillis}. Whether it was used before is the caller's business.
     */
    public Ticket verify(String token, String expectedWorldId, long nowMillis) throws TicketException {
        if (token == null || token.length() > 512) {
            throw new TicketException("missing or oversized ticket");
        }
        int dot = token.indexOf('.');
        if (dot <= 0 || dot != token.lastIndexOf('.')) {
            throw new TicketException("malformed ticket");
        }
        byte[] payloadBytes = decodeCanonical(token.substring(0, dot));
        byte[] givenMac = decodeCanonical(token.substring(dot + 1));
        if (!MessageDigest.isEqual(mac(payloadBytes), givenMac)) {
            throw new TicketException("forged ticket");
        }
        String[] parts = new String(payloadBytes, StandardCharsets.UTF_8).split("\\|", -1);
        boolean named = parts.length == 7 && V2.equals(parts[0]);
        if (!named && (parts.length != 6 || !V1.equals(parts[0]))) {
            throw new TicketException("unknown ticket version");
        }
        Ticket ticket;
        try {
            ticket = new Ticket(Long.parseLong(parts[1]), parts[2], Long.parseLong(parts[3]), parts[4],
                    arrival(parts[5]), named ? parts[6] : null);
        } catch (IllegalArgumentException e) {
            throw new TicketException("malformed ticket");
        }
        if (!ticket.worldId().equals(expectedWorldId)) {
            throw new TicketException("ticket for another world");
        }
        if (ticket.expiresAtMillis() <= nowMillis) {
            throw new TicketException("expired ticket");
        }
        if (ticket.expiresAtMillis() - nowMillis > Ticket.MAX_LIFETIME_MILLIS) {
            throw new TicketException("ticket lifetime above the maximum");
        }
        return ticket;
    }

    private static Ticket.Arrival arrival(String field) {
        if (field.equals("-")) {
            return null;
        }
        String[] xyz = field.split(",", -1);
        if (xyz.length != 3) {
            throw new IllegalArgumentException("arrival");
        }
        return new Ticket.Arrival(Integer.parseInt(xyz[0]), Integer.parseInt(xyz[1]), Integer.parseInt(xyz[2]));
    }

    /**
     * Base64url that re-encodes to exactly the given text. The JDK decoder ignores the spare low bits of a final
     * character, so without this check several spellings of one ticket would all verify.
     */
    private static byte[] decodeCanonical(String part) throws TicketException {
        try {
            byte[] bytes = DECODER.decode(part);
            if (!ENCODER.encodeToString(bytes).equals(part)) {
                throw new TicketException("malformed ticket");
            }
            return bytes;
        } catch (IllegalArgumentException e) {
            throw new TicketException("malformed ticket");
        }
    }

    /**
     * Looks the HMAC up once, with a throwaway key, so that the first ticket checked does not pay for it: the first
     * {@link Mac#getInstance} loads the security providers down to SunJCE and reads the JCE policy files, about
     * 20 ms of the first join of a freshly started world. Call it where a thread has nothing better to do.
     */
    public static void preload() {
        try {
            Mac.getInstance(ALGORITHM).init(new SecretKeySpec(new byte[32], ALGORITHM));
        } catch (NoSuchAlgorithmException | InvalidKeyException e) {
            // The first ticket checked reports it.
        }
    }

    private byte[] mac(byte[] payload) {
        try {
            Mac mac = Mac.getInstance(ALGORITHM);
            mac.init(key);
            return mac.doFinal(payload);
        } catch (NoSuchAlgorithmException | InvalidKeyException e) {
            throw new IllegalStateException("HMAC-SHA256 unavailable", e);
        }
    }
}
