package lor.world.game;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class GameTransportTest {

    @Test
    void namesAreReadWhateverTheirCaseAndNoneMeansTheDefault() {
        assertThat(GameTransport.parse("nio")).isEqualTo(GameTransport.NIO);
        assertThat(GameTransport.parse(" EPOLL ")).isEqualTo(GameTransport.EPOLL);
        assertThat(GameTransport.parse("io_uring")).isEqualTo(GameTransport.IO_URING);
        assertThat(GameTransport.parse(null)).isEqualTo(GameTransport.DEFAULT);
        assertThat(GameTransport.parse("")).isEqualTo(GameTransport.DEFAULT);
    }

    @Test
    void anUnknownTransportIsAClearError() {
        assertThatThrownBy(() -> GameTransport.parse("kqueue"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("-Dlor.world.transport must be nio, epoll or io_uring, not \"kqueue\"");
    }

    @Test
    void theConfiguredTransportRunsHereOrIsNio() {
        GameTransport transport = GameTransport.configured();
        assertThat(transport).isIn(GameTransport.DEFAULT, GameTransport.NIO);
    }
}
