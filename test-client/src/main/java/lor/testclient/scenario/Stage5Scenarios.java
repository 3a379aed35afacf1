package lor.testclient.scenario;

import static lor.testclient.scenario.Checks.check;
import static lor.testclient.scenario.Checks.equal;
import static lor.testclient.scenario.ScenarioContext.STEP;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import lor.protocol.game.StateMessage;
import lor.protocol.game.binary.BinaryState;
import lor.sim.grid.Direction;

/**
 * Compact state frames: a client that asks for {@code binary} in {@code hello} gets state as region deltas, and sees
 * exactly what a JSON client sees (its view is whole regions, so it may see a little farther).
 */
public final class Stage5Scenarios {

    private Stage5Scenarios() {
    }

    public static List<Scenario> all() {
        return List.of(
                new Scenario("binary state: 200 predicted moves give 0 mispredictions",
                        ctx -> Stage2Scenarios.predictedMoves(ctx, BinaryState.ENCODING)),
                new Scenario("binary state agrees with JSON state", Stage5Scenarios::binaryAgreesWithJson));
    }

    /**
     * A JSON client and a binary client side by side in meadow; a third walks around them. After every one of the
     * walker's steps, each entity the JSON client sees is where the binary client sees it.
     */
    static void binaryAgreesWithJson(ScenarioContext ctx) throws Exception {
        GamePlayer json = GamePlayer.enter(ctx, ctx.newAccount("json"), Stage2Scenarios.WORLD);
        GamePlayer binary = GamePlayer.enter(ctx, ctx.newAccount("binary"), Stage2Scenarios.WORLD,
                BinaryState.ENCODING);
        GamePlayer walker = GamePlayer.enter(ctx, ctx.newAccount("walker"), Stage2Scenarios.WORLD);
        walker.awaitState("walker's first state", STEP, s -> walker.seen(walker.entityId()) != null);
        for (int i = 0; i < 12; i++) {
            Direction step = Stage2Scenarios.freeDirection(walker);
            long seq = walker.move(step);
            StateMessage seenByWalker = walker.awaitAck(seq);
            long tick = seenByWalker.tick();
            StateMessage a = json.awaitState("JSON state at tick " + tick, STEP, s -> s.tick() >= tick);
            StateMessage b = binary.awaitState("binary state at tick " + tick, STEP, s -> s.tick() >= tick);
            if (a.tick() != b.tick()) {
                a = json.awaitState("JSON state at tick " + b.tick(), STEP, s -> s.tick() >= Math.max(tick, b.tick()));
            }
            equal(a.tick(), b.tick(), "tick of the compared states");
            Set<StateMessage.EntityState> binarySeen = Set.copyOf(b.entities());
            for (StateMessage.EntityState e : a.entities()) {
                check(binarySeen.contains(e), "binary client sees " + e + " at tick " + a.tick() + ": "
                        + b.entities());
            }
        }
        Set<Integer> ids = binary.awaitState("a state", STEP, s -> true).entities().stream()
                .map(StateMessage.EntityState::id).collect(Collectors.toSet());
        check(ids.contains(walker.entityId()) && ids.contains(json.entityId()), "the binary client sees both others");
    }
}
