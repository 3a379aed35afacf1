package lor.protocol.ticket;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Base64;

import org.junit.jupiter.api.Test;

class SecretsTest {

    @Test
    void random256IsFortyThreeUrlSafeCharactersHolding32Bytes() {
        String secret = Secrets.random256();

        assertThat(secret).hasSize(43).matches("[A-Za-z0-9_-]{43}");
        assertThat(Base64.getUrlDecoder().decode(secret)).hasSize(32);
    }

    @Test
    void random256NeverRepeats() {
        assertThat(Secrets.random256()).isNotEqualTo(Secrets.random256());
    }

    @Test
    void constantTimeEqualsMatchesOnlyEqualValues() {
        assertThat(Secrets.constantTimeEquals("token-value", "token-value")).isTrue();
        assertThat(Secrets.constantTimeEquals("température", "température")).isTrue();
        assertThat(Secrets.constantTimeEquals("token-value", "token-valuf")).isFalse();
        assertThat(Secrets.constantTimeEquals("token-value", "token-value2")).isFalse();
        assertThat(Secrets.constantTimeEquals("", "x")).isFalse();
    }

    @Test
    void constantTimeEqualsRefusesNull() {
        assertThat(Secrets.constantTimeEquals(null, "x")).isFalse();
        assertThat(Secrets.constantTimeEquals("x", null)).isFalse();
        assertThat(Secrets.constantTimeEquals(null, null)).isFalse();
    }
}
