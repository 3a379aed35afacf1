package lor.testclient.scenario;

import static lor.testclient.scenario.Checks.check;
import static lor.testclient.scenario.Checks.equal;
import static lor.testclient.scenario.ScenarioContext.STEP;
import static lor.testclient.scenario.Stage7Scenarios.acknowledged;
import static lor.testclient.scenario.Stage7Scenarios.beside;
import static lor.testclient.scenario.Stage7Scenarios.build;
import static lor.testclient.scenario.Stage7Scenarios.dismantle;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import lor.protocol.game.StateMessage;
import lor.sim.grid.Direction;

/**
 * A Java object rule through the wire, in the kilns world: its pack names the built-in kilns module, whose rule
 * {@code kiln} (the default pack's kiln formula in Java) its kiln runs. A player builds a kiln, feeds it wood, sees it
 * burn 2 wood into 1 coal every 2 s by day, takes the coal out and dismantles the kiln; its client compiled the pack
 * with the same module's rule, so every action is predicted and none is mispredicted.
 */
final class KilnScenarios {

    static final String WORLD = "kilns";
    /** A whole clock cycle of the kilns pack (day and night, 200 ticks each), plus the 80 ticks three burns take. */
    private static final Duration BURNS = Duration.ofSeconds(30);

    private KilnScenarios() {
    }

    static List<Scenario> all() {
        return List.of(new Scenario("modules: a kiln runs the kilns module's Java object rule, with 0 mispredictions",
                KilnScenarios::kilnRule));
    }

    static void kilnRule(ScenarioContext ctx) throws Exception {
        GamePlayer player = GamePlayer.enter(ctx, ctx.newAccount("burner"), WORLD);
        equal(1, player.welcome().modules().size(), "modules welcome declares");
        equal("kilns", player.welcome().modules().get(0).path("name").asString(""), "the module welcome declares");
        check(player.pack().kind(player.pack().kindIndex("kiln")).rule() != null,
                "the client compiled the kiln with the module's rule");
        equal(Map.of("wood", 20), player.inventory(), "the starting inventory");
        player.awaitState("first state", STEP, s -> player.seen(player.entityId()) != null && s.clock() != null);

        Direction side = build(player, "kiln");
        int[] at = beside(player, side);
        acknowledged(player, player.put(side, "wood", 6));
        equal(11, player.inventory().get("wood"), "wood after building a kiln and putting 6 in");

        StateMessage burnt = player.awaitState("6 wood burnt into 3 coal", BURNS, s -> {
            StateMessage.ObjectState kiln = player.objectAt(at[0], at[1], at[2]);
            return kiln != null && kiln.stock().getOrDefault("coal", 0) == 3;
        });
        equal("day", burnt.clock().line(), "the line the last wood burnt on");
        equal(Map.of("coal", 3), player.objectAt(at[0], at[1], at[2]).stock(), "the kiln's stock");
        acknowledged(player, player.take(side, "coal", 3));
        equal(3, player.inventory().get("coal"), "coal in the inventory");

        dismantle(player, side);
        equal(14, player.inventory().get("wood"), "wood after dismantling the kiln");
        equal(0L, player.prediction().mispredictions(), "mispredicted moves and actions");
        equal(0L, player.prediction().mispredictedActions(), "mispredicted actions");
        check(player.prediction().judgedActions() == 4,
                "actions predicted and checked: " + player.prediction().judgedActions());
    }
}
