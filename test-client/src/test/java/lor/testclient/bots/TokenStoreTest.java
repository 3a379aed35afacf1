package lor.testclient.bots;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TokenStoreTest {

    @TempDir
    Path dir;

    @Test
    void savedTokensLoadBack() throws Exception {
        Path file = dir.resolve("sub").resolve("tokens.json");

        TokenStore.save(file, Map.of("bot-0", "aaa", "bot-1", "bbb"));

        assertThat(TokenStore.load(file)).containsExactlyInAnyOrderEntriesOf(Map.of("bot-0", "aaa", "bot-1", "bbb"));
    }

    @Test
    void replacesTheFileWholeAndLeavesNoTemporaryFileBehind() throws Exception {
        Path file = dir.resolve("tokens.json");
        TokenStore.save(file, Map.of("bot-0", "old"));

        TokenStore.save(file, Map.of("bot-0", "new", "bot-2", "c"));

        assertThat(TokenStore.load(file)).containsExactlyInAnyOrderEntriesOf(Map.of("bot-0", "new", "bot-2", "c"));
        try (var files = Files.list(dir)) {
            assertThat(files).containsExactly(file);
        }
    }

    @Test
    void onlyItsOwnerCanReadIt() throws Exception {
        Path file = dir.resolve("tokens.json");
        TokenStore.save(file, Map.of("bot-0", "secret"));

        assertThat(Files.getPosixFilePermissions(file))
                .containsExactlyInAnyOrder(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE);
    }

    @Test
    void aMissingOrUnreadableFileHoldsNoTokens() throws Exception {
        assertThat(TokenStore.load(dir.resolve("absent.json"))).isEmpty();
        Path garbage = Files.writeString(dir.resolve("garbage.json"), "{not json");
        assertThat(TokenStore.load(garbage)).isEmpty();
        Path wrongShape = Files.writeString(dir.resolve("shape.json"), "{\"tokens\":{\"bot-0\":5,\"bot-1\":\"t\"}}");
        assertThat(TokenStore.load(wrongShape)).containsExactlyEntriesOf(Map.of("bot-1", "t"));
    }
}
