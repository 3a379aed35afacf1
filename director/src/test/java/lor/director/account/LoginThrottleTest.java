package lor.director.account;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

/** The login back-off on a fake clock: when it refuses, for how long, and that it always lets the user back in. */
class LoginThrottleTest {

    private static final long BASE = 1_000;

    private final AtomicLong clock = new AtomicLong(5_000_000);
    private final LoginThrottle throttle = new LoginThrottle(BASE, clock::get);

    @Test
    void letsFiveFailuresThroughThenRefusesTheAccountForTheBaseDelay() {
        for (int i = 0; i < LoginThrottle.ACCOUNT_FREE_FAILURES; i++) {
            fail("alice", "10.0.0.1");
        }

        LoginThrottle.Decision refused = throttle.begin("alice", "10.0.0.1");
        assertThat(refused.allowed()).isFalse();
        assertThat(refused.retryAfterMs()).isEqualTo(BASE);
        assertThat(throttle.begin("ALICE", "10.0.0.2").allowed()).as("the name in any case, from anywhere")
                .isFalse();
        assertThat(throttle.begin("bob", "10.0.0.1").allowed()).as("another account from that address").isTrue();
    }

    @Test
    void refusalTellsTheRemainingWaitAndLetsOneAttemptThroughOnceItIsOver() {
        failFreeFailures("alice");

        clock.addAndGet(400);
        assertThat(throttle.begin("alice", "a").retryAfterMs()).isEqualTo(BASE - 400);
        clock.addAndGet(600);

        LoginThrottle.Decision after = throttle.begin("alice", "a");
        assertThat(after.allowed()).isTrue();
        assertThat(throttle.begin("alice", "a").allowed()).as("one attempt at a time once past the threshold")
                .isFalse();
        after.attempt().succeeded();
        assertThat(throttle.begin("alice", "a").allowed()).isTrue();
    }

    @Test
    void eachFurtherFailureDoublesTheDelayUpToTheCap() {
        failFreeFailures("alice");
        List<Long> delays = new ArrayList<>();
        for (int i = 0; i < 9; i++) {
            long wait = throttle.begin("alice", "a").retryAfterMs();
            delays.add(wait);
            clock.addAndGet(wait);
            fail("alice", "a" + i);
        }

        assertThat(delays).containsExactly(1_000L, 2_000L, 4_000L, 8_000L, 16_000L, 32_000L, 60_000L, 60_000L,
                60_000L);
    }

    @Test
    void theRightPasswordAfterTheBackOffForgivesTheAccount() {
        failFreeFailures("alice");
        clock.addAndGet(BASE);

        throttle.begin("alice", "a").attempt().succeeded();

        for (int i = 0; i < LoginThrottle.ACCOUNT_FREE_FAILURES - 1; i++) {
            fail("alice", "a");
        }
        assertThat(throttle.begin("alice", "a").allowed()).as("counting starts again from zero").isTrue();
    }

    @Test
    void failuresAreForgottenAfterAQuietPeriod() {
        failFreeFailures("alice");
        clock.addAndGet(LoginThrottle.FORGET_AFTER_MS);

        LoginThrottle.Decision attempt = throttle.begin("alice", "a");
        attempt.attempt().failed();

        assertThat(throttle.begin("alice", "a").allowed()).as("one failure after a quiet period is the first")
                .isTrue();
    }

    @Test
    void anAddressTryingManyAccountsIsRefusedAfterTwentyFailures() {
        for (int i = 0; i < LoginThrottle.ADDRESS_FREE_FAILURES; i++) {
            fail("user" + i, "10.0.0.9");
        }

        LoginThrottle.Decision refused = throttle.begin("fresh", "10.0.0.9");
        assertThat(refused.allowed()).isFalse();
        assertThat(refused.retryAfterMs()).isEqualTo(BASE);
        assertThat(throttle.begin("fresh", "10.0.0.10").allowed()).as("the account itself is not blocked")
                .isTrue();
    }

    @Test
    void withoutAnAddressLimitOnlyAccountsAreBackedOff() {
        LoginThrottle accountsOnly = new LoginThrottle(BASE, 0, clock::get);
        for (int i = 0; i < 3 * LoginThrottle.ADDRESS_FREE_FAILURES; i++) {
            LoginThrottle.Decision attempt = accountsOnly.begin("user" + i, "10.0.0.9");
            assertThat(attempt.allowed()).isTrue();
            attempt.attempt().failed();
        }

        assertThat(accountsOnly.begin("fresh", "10.0.0.9").allowed()).isTrue();
    }

    @Test
    void aSuccessDoesNotForgiveTheAddress() {
        for (int i = 0; i < LoginThrottle.ADDRESS_FREE_FAILURES - 1; i++) {
            fail("user" + i, "10.0.0.9");
        }
        throttle.begin("mine", "10.0.0.9").attempt().succeeded();
        fail("user-last", "10.0.0.9");

        assertThat(throttle.begin("another", "10.0.0.9").allowed()).isFalse();
    }

    @Test
    void concurrentAttemptsCannotOvertakeTheCount() {
        // Attempts in flight count: without that, many connections could all pass before the first one failed.
        List<LoginThrottle.Attempt> inFlight = new ArrayList<>();
        for (int i = 0; i < LoginThrottle.ACCOUNT_FREE_FAILURES; i++) {
            LoginThrottle.Decision d = throttle.begin("alice", "a" + i);
            assertThat(d.allowed()).isTrue();
            inFlight.add(d.attempt());
        }

        assertThat(throttle.begin("alice", "b").allowed()).isFalse();
        inFlight.get(0).released();
        assertThat(throttle.begin("alice", "b").allowed()).as("a released attempt frees its place").isTrue();
    }

    @Test
    void manyRightPasswordsAtOnceFromOneAddressAllGoAheadAndNoneCounts() {
        List<LoginThrottle.Attempt> inFlight = new ArrayList<>();
        for (int i = 0; i < LoginThrottle.ADDRESS_MAX_IN_FLIGHT; i++) {
            LoginThrottle.Decision d = throttle.begin("player" + i, "10.0.0.7");
            assertThat(d.allowed()).as("login %d behind one NAT", i).isTrue();
            inFlight.add(d.attempt());
        }

        LoginThrottle.Decision over = throttle.begin("one-more", "10.0.0.7");
        assertThat(over.allowed()).isFalse();
        assertThat(over.busy()).as("too many at once, not a failure").isTrue();
        assertThat(over.retryAfterMs()).isEqualTo(BASE);

        inFlight.forEach(LoginThrottle.Attempt::succeeded);
        for (int i = 0; i < LoginThrottle.ADDRESS_MAX_IN_FLIGHT; i++) {
            assertThat(throttle.begin("again" + i, "10.0.0.7").allowed()).as("nothing was counted").isTrue();
        }
    }

    @Test
    void failuresInFlightAtOnceFromOneAddressAreBoundedAndThenBackedOff() {
        List<LoginThrottle.Attempt> inFlight = new ArrayList<>();
        for (int i = 0; i < LoginThrottle.ADDRESS_MAX_IN_FLIGHT; i++) {
            inFlight.add(throttle.begin("guess" + i, "10.0.0.8").attempt());
        }
        inFlight.forEach(LoginThrottle.Attempt::failed);

        LoginThrottle.Decision refused = throttle.begin("fresh", "10.0.0.8");
        assertThat(refused.allowed()).isFalse();
        assertThat(refused.busy()).as("a back-off earned by failures").isFalse();
    }

    @Test
    void anAccountBackedOffIsNotBusy() {
        failFreeFailures("alice");

        LoginThrottle.Decision refused = throttle.begin("alice", "10.0.0.1");

        assertThat(refused.busy()).isFalse();
    }

    @Test
    void anAttemptEndsOnceWhateverIsReportedAfter() {
        LoginThrottle.Decision d = throttle.begin("alice", "a");
        d.attempt().failed();
        d.attempt().released();
        d.attempt().failed();
        for (int i = 0; i < LoginThrottle.ACCOUNT_FREE_FAILURES - 2; i++) {
            fail("alice", "a");
        }

        assertThat(throttle.begin("alice", "a").allowed()).as("four failures counted, not six").isTrue();
    }

    @Test
    void remembersABoundedNumberOfKeys() {
        FailureBackoff backoff = new FailureBackoff(new FailureBackoff.Policy(1, 1, 1, 1, 1, 3), clock::get);
        for (int i = 0; i < 10; i++) {
            backoff.tryAcquire("k" + i);
            backoff.failed("k" + i);
        }
        assertThat(backoff.size()).isEqualTo(3);
        assertThat(backoff.tryAcquire("k9").allowed()).as("the newest is kept").isFalse();
        assertThat(backoff.tryAcquire("k0").allowed()).as("the eldest was forgotten").isTrue();
    }

    @Test
    void keysWithoutFailuresAreDropped() {
        FailureBackoff backoff = new FailureBackoff(new FailureBackoff.Policy(5, 5, 1, 1, 1, 100), clock::get);
        backoff.tryAcquire("k");
        backoff.succeeded("k");
        backoff.tryAcquire("j");
        backoff.released("j");

        assertThat(backoff.size()).isZero();
    }

    private void failFreeFailures(String username) {
        for (int i = 0; i < LoginThrottle.ACCOUNT_FREE_FAILURES; i++) {
            fail(username, "addr" + i);
        }
    }

    private void fail(String username, String address) {
        LoginThrottle.Decision d = throttle.begin(username, address);
        assertThat(d.allowed()).as("attempt for %s from %s", username, address).isTrue();
        d.attempt().failed();
    }
}
