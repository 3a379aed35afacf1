package lor.director;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;

import org.junit.jupiter.api.Test;

/** Whether a director of this host is gone, judged on real processes this test starts. */
class DirectorIdentityIT {

    private static final String HOST = DirectorIdentity.create().split("/")[0];

    @Test
    void aDirectorOfThisHostWhosePidHasExitedIsGone() throws Exception {
        Process exited = new ProcessBuilder("true").start();
        exited.waitFor();

        assertThat(DirectorIdentity.isGoneFromThisHost(HOST + "/" + exited.pid() + "/0badc0de")).isTrue();
    }

    @Test
    void aRunningDirectorIsNotGone() throws IOException {
        Process running = new ProcessBuilder("sleep", "30").start();
        try {
            assertThat(DirectorIdentity.isGoneFromThisHost(HOST + "/" + running.pid() + "/0badc0de")).isFalse();
            assertThat(DirectorIdentity.isGoneFromThisHost(DirectorIdentity.create())).as("this director").isFalse();
        } finally {
            running.destroyForcibly();
        }
    }
}
