package lor.director.account;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.spec.InvalidKeySpecException;
import java.util.Arrays;
import java.util.Base64;

import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;

import lor.protocol.ticket.Secrets;

/**
 * PBKDF2-HMAC-SHA256 with a 16-byte random salt, stored as {@code pbkdf2-sha256$ITERATIONS$SALT$HASH}. The
 * iteration count travels with each hash, so raising it later leaves existing hashes verifiable. Deliberately slow
 * (hundreds of milliseconds): the director runs it on a pool of its own, never on an event loop.
 */
public final class PasswordHasher {

    /** OWASP's 2023 recommendation for PBKDF2-HMAC-SHA256. */
    public static final int ITERATIONS = 600_000;
    /** The floor of {@code --password-iterations}: below it the hash is hardly a KDF any more. */
    public static final int MIN_ITERATIONS = 1_000;
    static final int SALT_BYTES = 16;
    static final int KEY_BITS = 256;
    private static final String PREFIX = "pbkdf2-sha256";
    private static final Base64.Encoder ENCODER = Base64.getEncoder().withoutPadding();
    private static final Base64.Decoder DECODER = Base64.getDecoder();

    private final int iterations;
    /** Verified against when the user does not exist, so that both failures cost the same time. */
    private volatile String decoy;

    public PasswordHasher() {
        this(ITERATIONS);
    }

    public PasswordHasher(int iterations) {
        if (iterations < MIN_ITERATIONS) {
            throw new IllegalArgumentException("at least " + MIN_ITERATIONS + " PBKDF2 iterations, not " + iterations);
        }
        this.iterations = iterations;
    }

    public String hash(String password) {
        byte[] salt = Secrets.randomBytes(SALT_BYTES);
        byte[] key = derive(password, salt, iterations);
        return PREFIX + "$" + iterations + "$" + ENCODER.encodeToString(salt) + "$" + ENCODER.encodeToString(key);
    }

    /** Constant-time comparison; false for a malformed stored hash. */
    public boolean verify(String password, String stored) {
        String[] parts = stored.split("\\$");
        if (parts.length != 4 || !PREFIX.equals(parts[0])) {
            return false;
        }
        int storedIterations;
        byte[] salt;
        byte[] expected;
        try {
            storedIterations = Integer.parseInt(parts[1]);
            salt = DECODER.decode(parts[2]);
            expected = DECODER.decode(parts[3]);
        } catch (IllegalArgumentException e) {
            return false;
        }
        if (storedIterations < 1 || salt.length == 0 || expected.length == 0) {
            return false;
        }
        byte[] actual = derive(password, salt, storedIterations);
        return MessageDigest.isEqual(actual, expected);
    }

    /** Spends the same work as a real verification, for an unknown username. */
    public void verifyDecoy(String password) {
        String current = decoy;
        if (current == null) {
            current = hash("decoy-password");
            decoy = current;
        }
        verify(password, current);
    }

    private static byte[] derive(String password, byte[] salt, int iterations) {
        char[] chars = password.toCharArray();
        PBEKeySpec spec = new PBEKeySpec(chars, salt, iterations, KEY_BITS);
        try {
            return SecretKeyFactory.getInstance("PBKDF2WithHmacSHA256").generateSecret(spec).getEncoded();
        } catch (NoSuchAlgorithmException | InvalidKeySpecException e) {
            throw new IllegalStateException("PBKDF2WithHmacSHA256 unavailable", e);
        } finally {
            spec.clearPassword();
            Arrays.fill(chars, '\0');
        }
    }
}
