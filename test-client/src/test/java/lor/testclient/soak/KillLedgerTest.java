package lor.testclient.soak;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import lor.testclient.net.DirectorHttp.WorldRow;
import org.junit.jupiter.api.Test;

class KillLedgerTest {

    private final ByteArrayOutputStream printed = new ByteArrayOutputStream();
    private final KillLedger ledger = new KillLedger(new SoakLog(new PrintStream(printed, true,
            StandardCharsets.UTF_8)));

    @Test
    void aKillIsSettledByTheWorldsNextProcessAndKeptWhenItStartsFromTheAckedSeq() {
        ledger.killed("meadow", 100, 7);
        ledger.check(List.of(row("meadow", "running", 100L, 5), row("meadow", "starting", 101L, 0)));
        assertThat(ledger.allSettled()).as("neither the killed process nor a starting one settles it").isFalse();

        ledger.check(List.of(row("meadow", "running", 101L, 7)));

        assertThat(ledger.allSettled()).isTrue();
        assertThat(ledger.nothingLost()).isTrue();
        assertThat(ledger.describe()).isEqualTo("1 kills (1 with an acknowledged snapshot), 0 restarted behind their "
                + "acked seq, 0 not restarted to check");
        assertThat(printed.toString(StandardCharsets.UTF_8)).contains("meadow back in pid 101, hydrated from seq 7");
    }

    @Test
    void aNextProcessHydratedBehindTheAckedSeqHasLostIt() {
        ledger.killed("start", 200, 12);
        ledger.check(List.of(row("start", "running", 201L, 11)));

        assertThat(ledger.nothingLost()).isFalse();
        assertThat(ledger.describe()).contains("1 restarted behind their acked seq");
        assertThat(printed.toString(StandardCharsets.UTF_8)).contains(": LOST");
    }

    @Test
    void noKillOrAnUnsettledOneProvesNothing() {
        assertThat(ledger.nothingLost()).isFalse();

        ledger.killed("cellar", 300, 3);
        assertThat(ledger.nothingLost()).isFalse();
        assertThat(ledger.killedPids()).containsExactly(300L);
    }

    private static WorldRow row(String world, String status, Long pid, long hydratedSeq) {
        return new WorldRow(world, status, 0, pid, hydratedSeq, hydratedSeq);
    }
}
