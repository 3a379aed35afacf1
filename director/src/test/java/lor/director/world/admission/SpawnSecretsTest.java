package lor.director.world.admission;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;

import lor.protocol.ticket.Secrets;
import lor.protocol.ticket.Ticket;
import lor.protocol.ticket.TicketSigner;
import org.junit.jupiter.api.Test;

class SpawnSecretsTest {

    private static final byte[] KEY = filled(7);
    private static final byte[] TOKEN = Secrets.sha256("spawn token");

    @Test
    void twoDirectorsHoldingOneKeyDeriveTheSecretTheSpawnWasStartedWith() throws Exception {
        SpawnSecrets spawning = SpawnSecrets.derivedFrom(KEY);
        SpawnSecrets other = SpawnSecrets.derivedFrom(KEY.clone());

        String started = spawning.secretFor("cellar", 3, TOKEN);
        String derived = other.secretOf("cellar", 3, TOKEN, spawning.keyId());

        assertThat(derived).isEqualTo(started);
        String ticket = TicketSigner.fromEncodedSecret(derived).sign(new Ticket(8, "cellar",
                System.currentTimeMillis() + 30_000, "nonce", null, "bob"));
        assertThat(TicketSigner.fromEncodedSecret(started).verify(ticket, "cellar", System.currentTimeMillis())
                .accountId()).isEqualTo(8);
    }

    @Test
    void everySpawnHasASecretOfItsOwn() {
        SpawnSecrets secrets = SpawnSecrets.derivedFrom(KEY);
        String cellar = secrets.secretFor("cellar", 3, TOKEN);

        assertThat(secrets.secretFor("cellar", 4, TOKEN)).as("the next epoch").isNotEqualTo(cellar);
        assertThat(secrets.secretFor("cellar", 3, Secrets.sha256("another token"))).as("another spawn token")
                .isNotEqualTo(cellar);
        assertThat(secrets.secretFor("meadow", 3, TOKEN)).as("another world").isNotEqualTo(cellar);
        assertThat(SpawnSecrets.derivedFrom(filled(8)).secretFor("cellar", 3, TOKEN)).as("another key")
                .isNotEqualTo(cellar);
    }

    @Test
    void aSpawnOfAnotherKeyOrOfARandomSecretIsLeftToItsOwnDirector() {
        SpawnSecrets secrets = SpawnSecrets.derivedFrom(KEY);
        SpawnSecrets otherKey = SpawnSecrets.derivedFrom(filled(8));

        assertThat(otherKey.keyId()).isNotEqualTo(secrets.keyId());
        assertThat(secrets.secretOf("cellar", 3, TOKEN, otherKey.keyId())).isNull();
        assertThat(secrets.secretOf("cellar", 3, TOKEN, null)).as("a random secret").isNull();
        assertThat(SpawnSecrets.RANDOM.secretOf("cellar", 3, TOKEN, secrets.keyId())).as("no key here").isNull();
    }

    @Test
    void withoutAKeyEachSpawnGetsARandomSecret() {
        assertThat(SpawnSecrets.RANDOM.keyId()).isNull();
        assertThat(SpawnSecrets.RANDOM.secretFor("cellar", 3, TOKEN))
                .isNotEqualTo(SpawnSecrets.RANDOM.secretFor("cellar", 3, TOKEN));
    }

    @Test
    void theKeyIdNamesTheKeyWithoutRevealingIt() {
        String id = SpawnSecrets.derivedFrom(KEY).keyId();

        assertThat(id).matches("[0-9a-f]{16}").isEqualTo(SpawnSecrets.derivedFrom(KEY.clone()).keyId());
        assertThatThrownBy(() -> SpawnSecrets.derivedFrom(new byte[16])).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("32 bytes");
    }

    private static byte[] filled(int value) {
        byte[] key = new byte[32];
        Arrays.fill(key, (byte) value);
        return key;
    }
}
