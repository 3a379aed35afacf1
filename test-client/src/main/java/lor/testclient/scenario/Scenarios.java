package lor.testclient.scenario;

import java.util.ArrayList;
import java.util.List;

/** The whole suite, stage by stage, in the order it runs. */
public final class Scenarios {

    private Scenarios() {
    }

    public static List<Scenario> all() {
        List<Scenario> all = new ArrayList<>(Stage1Scenarios.all());
        all.addAll(Stage2Scenarios.all());
        all.addAll(Stage3Scenarios.all());
        all.addAll(Stage5Scenarios.all());
        all.addAll(Stage7Scenarios.all());
        all.addAll(Stage14Scenarios.all());
        all.addAll(KilnScenarios.all());
        return List.copyOf(all);
    }
}
