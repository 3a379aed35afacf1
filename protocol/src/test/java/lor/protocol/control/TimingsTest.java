package lor.protocol.control;

import static lor.protocol.control.Timings.ADOPTION_WINDOW;
import static lor.protocol.control.Timings.FENCE_CHECK_PERIOD;
import static lor.protocol.control.Timings.FENCE_DELAY;
import static lor.protocol.control.Timings.LEASE_RENEWAL_PERIOD;
import static lor.protocol.control.Timings.LEASE_TTL;
import static lor.protocol.control.Timings.MISSED_HEARTBEATS;
import static lor.protocol.control.Timings.ORPHAN_LIMIT;
import static lor.protocol.control.Timings.RECONNECT_BACKOFF_CAP;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** How the timings a director and its worlds share must relate for one world never to be served twice. */
class TimingsTest {

    @Test
    void aWorldLetGoByAFencedDirectorEndsItselfBeforeItsLeaseCanExpire() {
        // The lease expires LEASE_TTL after the start of the last renewal that succeeded, at the soonest; the
        // director has let go by FENCE_DELAY (plus a check period) after it, and the world ends ORPHAN_LIMIT later.
        assertThat(FENCE_DELAY.plus(FENCE_CHECK_PERIOD).plus(ORPHAN_LIMIT)).isLessThan(LEASE_TTL);
    }

    @Test
    void aHealthyDirectorRenewsAtLeastTwiceBeforeItWouldFenceItself() {
        // One slow or failed renewal must not fence a director whose database is fine.
        assertThat(LEASE_RENEWAL_PERIOD.multipliedBy(2)).isLessThanOrEqualTo(FENCE_DELAY);
    }

    @Test
    void theFenceIsCheckedWellWithinItsDelay() {
        assertThat(FENCE_CHECK_PERIOD.multipliedBy(4)).isLessThanOrEqualTo(FENCE_DELAY);
    }

    @Test
    void anOrphanedWorldTriesSeveralDirectorsAtItsSlowestBeforeItEndsItself() {
        assertThat(ORPHAN_LIMIT).isGreaterThanOrEqualTo(RECONNECT_BACKOFF_CAP.multipliedBy(3));
    }

    @Test
    void anAdoptionWindowSpansSeveralReconnectAttemptsAtTheBackoffsCap() {
        assertThat(ADOPTION_WINDOW).isGreaterThanOrEqualTo(RECONNECT_BACKOFF_CAP.multipliedBy(3));
    }

    @Test
    void oneLateHeartbeatDoesNotGetAWorldKilled() {
        assertThat(MISSED_HEARTBEATS).isGreaterThanOrEqualTo(2);
    }
}
