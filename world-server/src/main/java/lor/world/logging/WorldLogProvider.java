package lor.world.logging;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.util.LogbackMDCAdapter;
import ch.qos.logback.core.CoreConstants;
import org.slf4j.ILoggerFactory;
import org.slf4j.IMarkerFactory;
import org.slf4j.helpers.BasicMarkerFactory;
import org.slf4j.spi.MDCAdapter;
import org.slf4j.spi.SLF4JServiceProvider;

/**
 * The SLF4J provider of a world process started by the director ({@code -Dslf4j.provider=} this class): logback,
 * configured as {@link WorldLogConfigurator} configures it, without logback's auto-configuration around it. That
 * auto-configuration (service lookups of configurators, a version check, timing and status messages) spun about
 * fifteen method handles at run time and read the time-zone data before the world's first log line: about 20 ms of
 * a cold start. Without the property (tests, {@code java -jar} by hand) SLF4J finds logback's own provider, which
 * runs {@link WorldLogConfigurator}: the same console, pattern and levels.
 */
public final class WorldLogProvider implements SLF4JServiceProvider {

    /** The SLF4J API version logback 1.5 declares. */
    static final String API_VERSION = "2.0.99";

    private final LoggerContext context = new LoggerContext();
    private final IMarkerFactory markers = new BasicMarkerFactory();
    private final LogbackMDCAdapter mdc = new LogbackMDCAdapter();

    @Override
    public void initialize() {
        context.setName(CoreConstants.DEFAULT_CONTEXT_NAME);
        context.setMDCAdapter(mdc);
        WorldLogConfigurator.configureConsole(context, System.getProperty(WorldLogConfigurator.LEVEL_VARIABLE,
                System.getenv(WorldLogConfigurator.LEVEL_VARIABLE)));
        context.start();
    }

    @Override
    public ILoggerFactory getLoggerFactory() {
        return context;
    }

    @Override
    public IMarkerFactory getMarkerFactory() {
        return markers;
    }

    @Override
    public MDCAdapter getMDCAdapter() {
        return mdc;
    }

    @Override
    public String getRequestedApiVersion() {
        return API_VERSION;
    }
}
