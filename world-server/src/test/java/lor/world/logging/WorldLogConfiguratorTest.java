package lor.world.logging;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.core.ConsoleAppender;
import org.junit.jupiter.api.Test;

/** The world's logging as the director reads it: one console appender, the operator's level, quiet Netty. */
class WorldLogConfiguratorTest {

    @Test
    void logsToTheConsoleWithTheWorldPatternAtTheGivenLevel() {
        LoggerContext context = new LoggerContext();

        WorldLogConfigurator.configureConsole(context, "DEBUG");

        Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
        assertThat(root.getLevel()).isEqualTo(Level.DEBUG);
        assertThat(context.getLogger("io.netty").getLevel()).isEqualTo(Level.WARN);
        ConsoleAppender<?> console = (ConsoleAppender<?>) root.getAppender("STDOUT");
        assertThat(console.isStarted()).isTrue();
        assertThat(((PatternLayoutEncoder) console.getEncoder()).getPattern()).isEqualTo(WorldLogConfigurator.PATTERN);
    }

    @Test
    void anUnsetOrUnknownLevelIsInfo() {
        assertThat(WorldLogConfigurator.level(null)).isEqualTo(Level.INFO);
        assertThat(WorldLogConfigurator.level("loud")).isEqualTo(Level.INFO);
        assertThat(WorldLogConfigurator.level("OFF")).isEqualTo(Level.OFF);
        assertThat(WorldLogConfigurator.level("warn")).isEqualTo(Level.WARN);
    }
}
