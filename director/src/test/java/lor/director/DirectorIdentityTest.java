package lor.director;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class DirectorIdentityTest {

    private static final String HOST = DirectorIdentity.create().split("/")[0];

    @Test
    void namesTheHostThePidAndARandomSuffix() {
        String identity = DirectorIdentity.create();

        assertThat(identity).matches(HOST.replace(".", "\\.") + "/" + ProcessHandle.current().pid() + "/[0-9a-f]{8}");
        assertThat(DirectorIdentity.create()).isNotEqualTo(identity);
    }

    @Test
    void aDirectorOfAnotherHostOrAnUnreadableIdentityIsNeverThoughtGone() {
        assertThat(DirectorIdentity.isGoneFromThisHost("elsewhere.example/1/0badc0de")).isFalse();
        assertThat(DirectorIdentity.isGoneFromThisHost(HOST + "/not-a-pid/0badc0de")).isFalse();
        assertThat(DirectorIdentity.isGoneFromThisHost("no slashes")).isFalse();
    }
}
