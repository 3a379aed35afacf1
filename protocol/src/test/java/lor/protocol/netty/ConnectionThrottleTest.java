package lor.protocol.netty;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.UnknownHostException;

import org.junit.jupiter.api.Test;

class ConnectionThrottleTest {

    private static final long SECOND = 1_000_000_000L;

    private long now = 5 * SECOND;

    private ConnectionThrottle throttle(int maxConcurrent, int newPerSecond, int maxTracked) {
        return new ConnectionThrottle("test port", maxConcurrent, newPerSecond, maxTracked, () -> now);
    }

    private static InetAddress address(String text) throws UnknownHostException {
        return InetAddress.getByName(text);
    }

    @Test
    void refusesTheConnectionOverTheConcurrentCapUntilOneCloses() throws Exception {
        ConnectionThrottle throttle = throttle(3, 0, 100);
        InetAddress a = address("127.0.0.5");

        assertThat(throttle.tryAcquire(a)).isTrue();
        assertThat(throttle.tryAcquire(a)).isTrue();
        assertThat(throttle.tryAcquire(a)).isTrue();
        assertThat(throttle.tryAcquire(a)).as("fourth open connection").isFalse();
        assertThat(throttle.tryAcquire(address("127.0.0.6"))).as("another address is not affected").isTrue();

        throttle.release(a);
        assertThat(throttle.tryAcquire(a)).as("after one closed").isTrue();
        assertThat(throttle.open(a)).isEqualTo(3);
        assertThat(throttle.refusedTotal()).isEqualTo(1);
    }

    @Test
    void newConnectionsBurstToTwiceTheRateThenFollowTheRate() throws Exception {
        ConnectionThrottle throttle = throttle(0, 10, 100);
        InetAddress a = address("127.0.0.5");

        for (int i = 0; i < 20; i++) {
            assertThat(throttle.tryAcquire(a)).as("connection %d of the burst", i).isTrue();
            throttle.release(a);
        }
        assertThat(throttle.tryAcquire(a)).as("21st at once").isFalse();

        now += SECOND / 10;
        assertThat(throttle.tryAcquire(a)).as("a tenth of a second later: one token").isTrue();
        assertThat(throttle.tryAcquire(a)).isFalse();
    }

    @Test
    void aClosingConnectionForgetsItsAddressOnceItsBucketIsFull() throws Exception {
        ConnectionThrottle throttle = throttle(5, 10, 100);
        InetAddress a = address("127.0.0.5");
        InetAddress b = address("127.0.0.6");

        throttle.tryAcquire(a);
        throttle.release(a);
        assertThat(throttle.tracked()).as("a's bucket lacks a token: remembered").isEqualTo(1);

        throttle.tryAcquire(b);
        now += SECOND;
        throttle.release(b);
        assertThat(throttle.tracked()).as("b's bucket refilled while it was open: forgotten").isEqualTo(1);
        assertThat(throttle.open(b)).isZero();
    }

    @Test
    void whenTheMapIsFullIdleAddressesAreSweptAndActiveOnesKept() throws Exception {
        ConnectionThrottle throttle = throttle(5, 10, 2);
        InetAddress a = address("127.0.0.5");
        InetAddress b = address("127.0.0.6");
        InetAddress c = address("127.0.0.7");

        assertThat(throttle.tryAcquire(a)).isTrue();
        assertThat(throttle.tryAcquire(b)).isTrue();
        throttle.release(b);
        assertThat(throttle.tryAcquire(c)).as("full: b's bucket is not full yet, a is open").isFalse();

        now += 2 * SECOND;
        assertThat(throttle.tryAcquire(c)).as("b has refilled and is forgotten").isTrue();
        assertThat(throttle.tracked()).isEqualTo(2);
        assertThat(throttle.open(a)).as("a, still open, is kept").isEqualTo(1);

        InetAddress d = address("127.0.0.8");
        now += 2 * SECOND;
        assertThat(throttle.tryAcquire(d)).as("a and c are open: nothing to forget").isFalse();
        assertThat(throttle.tryAcquire(a)).as("known addresses still connect").isTrue();
    }

    @Test
    void aFullMapIsSweptAtMostOncePerInterval() throws Exception {
        ConnectionThrottle throttle = throttle(5, 10, 1);
        InetAddress a = address("127.0.0.5");
        throttle.tryAcquire(a);
        throttle.release(a);
        now += SECOND / 20;
        assertThat(throttle.tryAcquire(address("127.0.0.6"))).as("a's bucket is not full yet").isFalse();
        now += SECOND / 5;
        assertThat(throttle.tryAcquire(address("127.0.0.6")))
                .as("a's bucket is full now, but the map was swept too recently to try again").isFalse();
        now += 2 * SECOND;
        assertThat(throttle.tryAcquire(address("127.0.0.6"))).isTrue();
    }

    @Test
    void ipv6AddressesCountPerSlash64() throws Exception {
        ConnectionThrottle throttle = throttle(2, 0, 100);

        assertThat(throttle.tryAcquire(ConnectionThrottle.key(address("2001:db8:1:2::1")))).isTrue();
        assertThat(throttle.tryAcquire(ConnectionThrottle.key(address("2001:db8:1:2:ffff::7")))).isTrue();
        assertThat(throttle.tryAcquire(ConnectionThrottle.key(address("2001:db8:1:2:abcd::9"))))
                .as("third address of the same /64").isFalse();
        assertThat(throttle.tryAcquire(ConnectionThrottle.key(address("2001:db8:1:3::1"))))
                .as("another /64").isTrue();
        assertThat(ConnectionThrottle.key(address("127.0.0.9"))).isEqualTo(address("127.0.0.9"));
    }
}
