package lor.testclient.browser;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import lor.testclient.e2e.DirectoryTrees;
import lor.testclient.e2e.LaunchedDirector;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * One real director for a browser test class, on a temporary data directory: register it as a static
 * {@code @RegisterExtension} field. It stops after all tests, so after {@link Browsers} took its screenshots.
 */
final class BrowserDirector implements BeforeAllCallback, AfterAllCallback {

    private final String name;
    private final List<String> options;
    private Path dataDir;
    private LaunchedDirector director;

    BrowserDirector(String name, String... options) {
        this.name = name;
        this.options = List.of(options);
    }

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        dataDir = Files.createTempDirectory("lor-" + name + "-");
        director = LaunchedDirector.start(dataDir, name, options.toArray(String[]::new));
    }

    @Override
    public void afterAll(ExtensionContext context) {
        if (director != null) {
            director.close();
        }
        if (dataDir != null) {
            DirectoryTrees.delete(dataDir);
        }
    }

    /** {@code http://127.0.0.1:PORT} of the running director. */
    URI baseUrl() {
        return director.baseUrl();
    }
}
