package lor.testclient.e2e;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** The tests' temporary directories (data directories, browser profiles, the PostgreSQL template). */
public final class DirectoryTrees {

    private DirectoryTrees() {
    }

    /**
     * Deletes a directory and what it holds, as far as it can, and nothing when it does not exist: one left behind is
     * harmless, and whoever then writes into it fails on what is left.
     */
    public static void delete(Path root) {
        try (Stream<Path> paths = Files.walk(root)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // Nothing there, or a walk cut short: see above.
        }
    }
}
