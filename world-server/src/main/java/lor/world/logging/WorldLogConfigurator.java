package lor.world.logging;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.Configurator;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.spi.ContextAwareBase;

/**
 * A world process's logging, set up in code: reading an XML configuration (Joran and the JDK's XML parser) was
 * the largest single item of a cold world start. One console appender, because the director reads a world's
 * stdout and prefixes every line with the world id and its own time; Netty only from warnings up; the level from
 * {@code LOR_LOG_LEVEL} (system property or environment, default INFO).
 */
public final class WorldLogConfigurator extends ContextAwareBase implements Configurator {

    static final String PATTERN = "%-5level [%thread] %logger{24} - %msg%n";
    static final String LEVEL_VARIABLE = "LOR_LOG_LEVEL";

    @Override
    public ExecutionStatus configure(LoggerContext context) {
        if (getClass().getClassLoader().getResource("logback-test.xml") != null) {
            // Tests bring their own configuration.
            return ExecutionStatus.INVOKE_NEXT_IF_ANY;
        }
        configureConsole(context, System.getProperty(LEVEL_VARIABLE, System.getenv(LEVEL_VARIABLE)));
        return ExecutionStatus.DO_NOT_INVOKE_NEXT_IF_ANY;
    }

    static void configureConsole(LoggerContext context, String levelName) {
        PatternLayoutEncoder encoder = new PatternLayoutEncoder();
        encoder.setContext(context);
        encoder.setPattern(PATTERN);
        encoder.start();
        ConsoleAppender<ILoggingEvent> console = new ConsoleAppender<>();
        console.setContext(context);
        console.setName("STDOUT");
        console.setEncoder(encoder);
        console.start();
        Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
        root.setLevel(level(levelName));
        root.addAppender(console);
        context.getLogger("io.netty").setLevel(Level.WARN);
    }

    /** The named level; INFO when unset or not a level name, as the XML configuration's default was. */
    static Level level(String name) {
        return Level.toLevel(name, Level.INFO);
    }
}
