package lor.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;

import lor.sim.grid.Direction;
import org.junit.jupiter.api.Test;

class TestWorldTest {

    static final String PACK = """
            {"name": "beacon-test", "items": ["oil"], "start": {"oil": 2},
             "modules": ["beacons"], "settings": {"beacons": {"burn_ticks": 5}}}
            """;
    /** Ann spawns at (2, 1), a wall two cells east of her. */
    static final String MAP = """
            ......
            ..S.#.
            ......
            """;

    private final TestWorld world = TestWorld.builder().pack(PACK).map(MAP).modules(new Beacons()).seed(3).build();
    private final TestPlayer ann = world.join("ann");

    @Test
    void anActionChangesTheFieldAndTheAttributeAndAWakeUndoesItAfterTheSettingsTicks() {
        assertThat(ann.x()).isEqualTo(2);
        assertThat(ann.y()).isEqualTo(1);
        ann.act("light", "dir", Direction.E, "height", 2);
        world.step();
        assertThat(ann.outcome().done()).as(ann.outcome().toString()).isTrue();
        assertThat(world.cellName("beacons", 3, 1)).isEqualTo("lit");
        assertThat(ann.attribute("charge")).isEqualTo(2);

        ann.move(Direction.E);
        world.step();
        assertThat(ann.outcome().reason()).as("a lit beacon is a wall").isEqualTo("wall");
        world.step(3);
        assertThat(world.cell("beacons", 3, 1)).isEqualTo(Beacons.LIT);
        world.step();
        assertThat(world.cell("beacons", 3, 1)).as("out 5 ticks after").isZero();
        assertThat(ann.attribute("charge")).isEqualTo(3);
        assertThat(ann.outcome()).as("nothing sent for the last tick").isNull();
    }

    @Test
    void actionsAreRefusedAsTheWorldServerRefusesThem() {
        ann.act("summon");
        world.step();
        assertThat(ann.outcome().reason()).isEqualTo("unknown_action");
        ann.act("light", "dir", "up", "height", 1);
        world.step();
        assertThat(ann.outcome().reason()).isEqualTo("bad_field");
        ann.act("light", Map.of("dir", "E", "height", 4));
        world.step();
        assertThat(ann.outcome().reason()).as("out of the declared bounds").isEqualTo("bad_field");
        ann.act("light", "dir", "E", "height", 1, "colour", "red");
        world.step();
        assertThat(ann.outcome().reason()).as("a field not declared").isEqualTo("bad_field");
        ann.move(Direction.E).outcome();
        world.step();
        ann.act("light", "dir", "E", "height", 1);
        world.step();
        assertThat(ann.outcome().reason()).as("the module's own check: the wall").isEqualTo("wall");
        assertThat(ann.attribute("charge")).as("a refusal changes nothing").isEqualTo(3);
    }

    @Test
    void theModulesOwnReasonComesBackAndTheRefusalChangesNothing() {
        for (Direction dir : new Direction[] {Direction.N, Direction.S, Direction.W}) {
            ann.act("light", "dir", dir, "height", 1);
            world.step();
        }
        long before = world.stateHash();
        ann.act("light", "dir", "E", "height", 1);
        world.step();
        assertThat(ann.outcome().reason()).isEqualTo("no_charge");
        assertThat(world.cell("beacons", 3, 1)).isZero();
        assertThat(world.outcomes()).containsExactly(ann.outcome());
        assertThat(world.stateHash()).as("only the tick moved on").isNotEqualTo(before);
    }

    @Test
    void oneIntentATick() {
        ann.move(Direction.W);
        assertThatThrownBy(() -> ann.act("light", "dir", "E", "height", 1))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("already has an intent for tick 0");
        world.step();
        assertThat(ann.x()).isEqualTo(1);
    }

    @Test
    void playersKeepTheirValuesAcrossALeaveAndARestart() {
        TestPlayer bob = world.join("bob");
        ann.act("light", "dir", "N", "height", 1);
        world.step();
        world.leave("ann");
        assertThat(ann.online()).isFalse();
        assertThatThrownBy(ann::x).hasMessage("ann is not in the world");
        world.join("ann");
        assertThat(ann.attribute("charge")).isEqualTo(2);
        assertThat(ann.carried("oil")).isEqualTo(2);

        long hash = world.stateHash();
        TestWorld twin = TestWorld.builder().pack(PACK).map(MAP).modules(new Beacons()).seed(3).build();
        twin.join("ann");
        twin.join("bob");
        twin.player("ann").act("light", "dir", "N", "height", 1);
        twin.step();
        twin.leave("ann");
        twin.join("ann");
        assertThat(twin.stateHash()).as("reads change nothing").isEqualTo(hash);

        TestWorld restarted = world.restarted();
        assertThat(restarted.stateHash()).isEqualTo(twin.rejoinAll().stateHash());
        assertThat(restarted.player("ann").attribute("charge")).isEqualTo(2);
        assertThat(restarted.online()).extracting(TestPlayer::name).containsExactly("ann", "bob");
        assertThat(restarted.entities()).extracting(Entity::player).containsExactly("ann", "bob");
        assertThat(bob.online()).as("the old world is left without its players").isFalse();
    }

    @Test
    void aPacksObjectsRunTheJavaRulesItsModulesProvide() {
        TestWorld kilns = TestWorld.builder().pack("""
                {"name": "kilns", "items": ["wood", "coal"], "start": {"wood": 20},
                 "clock": {"lines": ["day", "night"], "ticksPerLine": 200}, "modules": ["kilns"],
                 "objects": [{"kind": "kiln", "cost": {"wood": 3}, "slots": 2, "capacity": 20, "rule": "kiln",
                              "every": 40}]}
                """).map(MAP).build();

        TestPlayer dee = kilns.join("dee");

        assertThat(dee.carried("wood")).as("a player of the world the kilns module's rule runs in").isEqualTo(20);
    }

    @Test
    void mistakesAreNamed() {
        assertThatThrownBy(() -> TestWorld.builder().pack("{\"name\": \"p\", \"modules\": [\"elementals\"]}")
                .modules(new Beacons()).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("does not name the module beacons");
        assertThatThrownBy(() -> TestWorld.builder().pack(PACK).build())
                .hasMessageContaining("names the module \"beacons\", which this server does not have");
        assertThatThrownBy(() -> TestWorld.builder().pack("{\"name\": \"x\", \"colour\": 1}").build())
                .hasMessageStartingWith("the pack: ");
        assertThatThrownBy(() -> TestWorld.builder().pack(PACK).map("..\n...").modules(new Beacons()).build())
                .hasMessageStartingWith("the map: ");
        assertThatThrownBy(() -> ann.attribute("hp")).hasMessage(
                "no module of this world declares the attribute hp; they declare [charge]");
        assertThatThrownBy(() -> world.cell("fire", 0, 0)).hasMessage(
                "this world runs no module fire; it runs [beacons]");
        assertThatThrownBy(() -> world.player("zed")).hasMessageContaining("no player zed");
    }

    @Test
    void settingsOfATestReplaceThePacksValues() {
        TestWorld quick = TestWorld.builder().pack(PACK).map(MAP).modules(new Beacons())
                .settings("beacons", Map.of("burn_ticks", 1)).build();
        TestPlayer cy = quick.join("cy");
        cy.act("light", "dir", "W", "height", 1);
        quick.step();
        assertThat(quick.cell("beacons", 1, 1)).isEqualTo(Beacons.LIT);
        quick.step();
        assertThat(quick.cell("beacons", 1, 1)).isZero();
    }
}
