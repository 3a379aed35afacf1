package lor.testclient.scenario;

/** One named end-to-end check against a running director; it passes when {@link Body#run} returns. */
public record Scenario(String name, Body body) {

    /** The scenario's steps; any exception or assertion error fails it with its message. */
    @FunctionalInterface
    public interface Body {
        void run(ScenarioContext context) throws Exception;
    }
}
