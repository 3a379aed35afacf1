package lor.world.game;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class NonceRegistryTest {

    @Test
    void consumesANonceOnlyOnce() {
        NonceRegistry nonces = new NonceRegistry(10);

        assertThat(nonces.consume("n1", 1_000, 0)).isTrue();
        assertThat(nonces.consume("n1", 1_000, 0)).isFalse();
        assertThat(nonces.consume("n2", 1_000, 0)).isTrue();
        assertThat(nonces.size()).isEqualTo(2);
    }

    @Test
    void purgesExpiredNoncesToMakeRoomAtCapacity() {
        NonceRegistry nonces = new NonceRegistry(2);
        nonces.consume("early", 100, 0);
        nonces.consume("late", 300, 0);

        assertThat(nonces.consume("new", 400, 150)).isTrue();

        assertThat(nonces.size()).isEqualTo(2);
        // The nonce still unexpired was kept, so its ticket stays single-use.
        assertThat(nonces.consume("late", 300, 150)).isFalse();
    }

    @Test
    void countsANonceExpiringNowAsExpired() {
        NonceRegistry nonces = new NonceRegistry(1);
        nonces.consume("a", 100, 0);

        assertThat(nonces.consume("b", 200, 100)).isTrue();
    }

    @Test
    void refusesAtCapacityWhenNothingHasExpiredAndNeverGrows() {
        NonceRegistry nonces = new NonceRegistry(3);
        for (int i = 0; i < 3; i++) {
            assertThat(nonces.consume("n" + i, 10_000, 0)).isTrue();
        }

        for (int i = 3; i < 50; i++) {
            assertThat(nonces.consume("n" + i, 10_000, 5_000)).isFalse();
        }

        assertThat(nonces.size()).isEqualTo(3);
    }
}
