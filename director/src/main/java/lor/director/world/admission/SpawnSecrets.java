package lor.director.world.admission;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.Base64;
import java.util.HexFormat;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

import lor.protocol.ticket.Secrets;

/**
 * The ticket secret each spawn of a world is started with. Without a key, a random one that only the spawning
 * director and the process know. With the key the directors of a database share ({@code ticket_key}), one derived
 * from the key and the spawn itself (world, epoch, spawn token hash): any director can then sign the world's
 * tickets without asking the director that runs it, and a director that adopts the world derives the very secret
 * the process already has, so the tickets handed out before stay good. A spawn's record names the key its secret
 * came from ({@link #keyId}); a director with another key (or none) leaves such a world's tickets to its owner.
 *
 * <p>What the derivation exposes: whoever reads the key and a spawn record from the database can sign tickets for
 * that spawn. That is no more than the database grants already: whoever may use it can ask any director over the
 * cluster bus to admit an account anywhere.
 */
public final class SpawnSecrets {

    /** Each spawn a random secret: a director without a shared key. */
    public static final SpawnSecrets RANDOM = new SpawnSecrets(null, null);

    private static final String ALGORITHM = "HmacSHA256";
    private static final byte[] KEY_ID_LABEL = "lor ticket key id".getBytes(StandardCharsets.UTF_8);
    private static final byte[] SECRET_LABEL = "lor spawn ticket secret".getBytes(StandardCharsets.UTF_8);
    private static final Base64.Encoder ENCODER = Base64.getUrlEncoder().withoutPadding();

    private final SecretKeySpec key;
    private final String keyId;

    private SpawnSecrets(SecretKeySpec key, String keyId) {
        this.key = key;
        this.keyId = keyId;
    }

    /** Derived from {@code key}, 32 bytes that every director of the database holds. */
    public static SpawnSecrets derivedFrom(byte[] key) {
        if (key.length != 32) {
            throw new IllegalArgumentException("a ticket key is 32 bytes, not " + key.length);
        }
        SecretKeySpec spec = new SecretKeySpec(key.clone(), ALGORITHM);
        byte[] id = mac(spec, KEY_ID_LABEL);
        return new SpawnSecrets(spec, HexFormat.of().formatHex(id, 0, 8));
    }

    /** What names the key in spawn records (not the key: a hash of it); null without a key. */
    public String keyId() {
        return keyId;
    }

    /** The secret for a spawn this director starts or adopts: derived when it has a key, random otherwise. */
    public String secretFor(String worldId, long epoch, byte[] spawnTokenSha256) {
        return key == null ? Secrets.random256() : derive(worldId, epoch, spawnTokenSha256);
    }

    /**
     * The secret of another director's spawn, whose record says it came from the key {@code recordedKeyId}.
     *
     * @return null when this director cannot know it: no key here, or a spawn from another key (or none)
     */
    public String secretOf(String worldId, long epoch, byte[] spawnTokenSha256, String recordedKeyId) {
        if (key == null || !keyId.equals(recordedKeyId) || spawnTokenSha256 == null) {
            return null;
        }
        return derive(worldId, epoch, spawnTokenSha256);
    }

    private String derive(String worldId, long epoch, byte[] spawnTokenSha256) {
        byte[] world = worldId.getBytes(StandardCharsets.UTF_8);
        ByteBuffer input = ByteBuffer.allocate(SECRET_LABEL.length + 1 + world.length + 1 + Long.BYTES
                + spawnTokenSha256.length);
        // Separators keep one (world, epoch) from reading as another: a world id holds no zero byte.
        input.put(SECRET_LABEL).put((byte) 0).put(world).put((byte) 0).putLong(epoch).put(spawnTokenSha256);
        return ENCODER.encodeToString(mac(key, input.array()));
    }

    private static byte[] mac(SecretKeySpec key, byte[] input) {
        try {
            Mac mac = Mac.getInstance(ALGORITHM);
            mac.init(key);
            return mac.doFinal(input);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("every JDK has " + ALGORITHM, e);
        }
    }
}
