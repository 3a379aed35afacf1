package lor.director.account;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Base64;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PasswordHasherTest {

    /** Enough to exercise the logic; the real cost is checked once, on the default constructor. */
    private static final int FAST_ITERATIONS = 1_000;

    private final PasswordHasher fast = new PasswordHasher(FAST_ITERATIONS);

    @Test
    void defaultHashIsPbkdf2Sha256WithAtLeast600kIterationsA16ByteSaltAnd32ByteHash() {
        PasswordHasher hasher = new PasswordHasher();

        String stored = hasher.hash("correct horse battery staple");

        assertThat(stored).matches("pbkdf2-sha256\\$600000\\$[A-Za-z0-9+/]+\\$[A-Za-z0-9+/]+");
        String[] parts = stored.split("\\$");
        assertThat(Integer.parseInt(parts[1])).isGreaterThanOrEqualTo(600_000);
        assertThat(Base64.getDecoder().decode(parts[2])).hasSize(16);
        assertThat(Base64.getDecoder().decode(parts[3])).hasSize(32);
        assertThat(hasher.verify("correct horse battery staple", stored)).isTrue();
        assertThat(PasswordHasher.ITERATIONS).isGreaterThanOrEqualTo(600_000);
    }

    @Test
    void hashCarriesItsIterationCount() {
        assertThat(fast.hash("password1")).startsWith("pbkdf2-sha256$" + FAST_ITERATIONS + "$");
    }

    @Test
    void verifyAcceptsTheRightPassword() {
        assertThat(fast.verify("s3cret-enough", fast.hash("s3cret-enough"))).isTrue();
    }

    @Test
    void verifyRefusesAWrongPassword() {
        String stored = fast.hash("s3cret-enough");

        assertThat(fast.verify("s3cret-enougH", stored)).isFalse();
        assertThat(fast.verify("", stored)).isFalse();
        assertThat(fast.verify("s3cret-enough ", stored)).isFalse();
    }

    @Test
    void twoHashesOfOnePasswordDifferBySalt() {
        String first = fast.hash("same password");
        String second = fast.hash("same password");

        assertThat(first).isNotEqualTo(second);
        assertThat(first.split("\\$")[2]).isNotEqualTo(second.split("\\$")[2]);
        assertThat(fast.verify("same password", first)).isTrue();
        assertThat(fast.verify("same password", second)).isTrue();
    }

    @Test
    void refusesAnIterationCountBelowTheFloor() {
        assertThatThrownBy(() -> new PasswordHasher(PasswordHasher.MIN_ITERATIONS - 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at least 1000");
    }

    @Test
    void verifiesAHashMadeWithAnotherIterationCount() {
        String older = new PasswordHasher(1_500).hash("kept across upgrades");

        assertThat(new PasswordHasher(2_000).verify("kept across upgrades", older)).isTrue();
        assertThat(new PasswordHasher(2_000).verify("other password", older)).isFalse();
    }

    @Test
    void changingTheStoredIterationCountBreaksVerification() {
        String[] parts = fast.hash("password1").split("\\$");
        String tampered = parts[0] + "$" + (FAST_ITERATIONS + 1) + "$" + parts[2] + "$" + parts[3];

        assertThat(fast.verify("password1", tampered)).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "",
        "password1",
        "$$$",
        "pbkdf2-sha256$1000$c2FsdHNhbHRzYWx0c2FsdA",
        "pbkdf2-sha256$1000$c2FsdHNhbHRzYWx0c2FsdA$aGFzaA$extra",
        "bcrypt$1000$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaA",
        "pbkdf2-sha256$many$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaA",
        "pbkdf2-sha256$99999999999$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaA",
        "pbkdf2-sha256$0$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaA",
        "pbkdf2-sha256$-1000$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaA",
        "pbkdf2-sha256$1000$not base64!$aGFzaGhhc2hoYXNoaGFzaA",
        "pbkdf2-sha256$1000$c2FsdHNhbHRzYWx0c2FsdA$not*base64",
        "pbkdf2-sha256$1000$c2FsdHNhbHRzYWx0c2FsdA$",
        "pbkdf2-sha256$1000$c2FsdHNhbHRzYWx0c2FsdA$aGFzaA",
        "pbkdf2-sha256$1000$$aGFzaGhhc2hoYXNoaGFzaA"
    })
    void malformedStoredHashIsRefusedWithoutAnException(String stored) {
        assertThat(fast.verify("password1", stored)).isFalse();
    }

    @Test
    void verifyDecoyCompletesForAnyPassword() {
        assertThatCode(() -> {
            fast.verifyDecoy("whatever-was-typed");
            fast.verifyDecoy("decoy-password");
            fast.verifyDecoy("");
        }).doesNotThrowAnyException();
    }

    @ParameterizedTest
    @ValueSource(strings = {"password", "pass word with spaces", "dollar$in$it", "ünïcødé-pässwörd", "名前のパスワード",
        "€uro-sign-€", "a-very-long-password-of-the-kind-a-password-manager-makes-0123456789abcdef"})
    void verifyAcceptsExactlyThePasswordThatWasHashed(String password) {
        String stored = fast.hash(password);

        assertThat(fast.verify(password, stored)).isTrue();
        assertThat(fast.verify((char) (password.charAt(0) + 1) + password.substring(1), stored)).isFalse();
        assertThat(fast.verify(password.substring(1), stored)).isFalse();
        assertThat(fast.verify(password + "x", stored)).isFalse();
    }
}
