package lor.world.logging;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.LogbackServiceProvider;
import ch.qos.logback.core.ConsoleAppender;
import org.junit.jupiter.api.Test;

/** The provider a director-started world runs with: logback configured as the world's configurator does. */
class WorldLogProviderTest {

    @Test
    void givesALogbackContextWithTheWorldConsole() {
        WorldLogProvider provider = new WorldLogProvider();

        provider.initialize();

        LoggerContext context = (LoggerContext) provider.getLoggerFactory();
        assertThat(context.isStarted()).isTrue();
        assertThat(context.getMDCAdapter()).isSameAs(provider.getMDCAdapter());
        assertThat(provider.getMarkerFactory().getMarker("m").getName()).isEqualTo("m");
        Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
        assertThat(root.getLevel()).isEqualTo(WorldLogConfigurator.level(System.getProperty(
                WorldLogConfigurator.LEVEL_VARIABLE, System.getenv(WorldLogConfigurator.LEVEL_VARIABLE))));
        assertThat(context.getLogger("io.netty").getLevel()).isEqualTo(Level.WARN);
        ConsoleAppender<?> console = (ConsoleAppender<?>) root.getAppender("STDOUT");
        assertThat(console.isStarted()).isTrue();
        assertThat(((PatternLayoutEncoder) console.getEncoder()).getPattern()).isEqualTo(WorldLogConfigurator.PATTERN);
    }

    @Test
    void asksForTheApiVersionLogbackAsksFor() {
        assertThat(new WorldLogProvider().getRequestedApiVersion())
                .isEqualTo(LogbackServiceProvider.REQUESTED_API_VERSION);
    }
}
