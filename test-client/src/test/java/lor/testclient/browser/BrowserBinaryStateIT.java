package lor.testclient.browser;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

import lor.protocol.game.binary.BinaryState;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The page's two state encodings against a real world: a page opened as a player opens it speaks binary state
 * frames, a page opened with {@code ?encoding=json} speaks JSON, and both see the same world. In {@code meadow} (no
 * NPCs) the binary page walks across region borders step by step and both pages agree on every entity after each
 * step; in {@code start} they agree, tick by tick, on the wandering NPCs both can see.
 */
class BrowserBinaryStateIT {

    /** The view radius of {@code start} and {@code meadow} (their settings, db/migrations V2). */
    private static final int VIEW_RADIUS = 24;

    @RegisterExtension
    static final BrowserDirector director = new BrowserDirector("browser-binary", "--idle-shutdown-ms", "600000");

    @RegisterExtension
    final Browsers browsers = new Browsers();

    @Test
    void binaryAndJsonPagesAgreeOnEveryEntityAfterEachStepInMeadow() throws Exception {
        GamePage binary = new GamePage(browsers.open("binary"), director.baseUrl()).open();
        GamePage json = new GamePage(browsers.open("json"), director.baseUrl()).open("?encoding=json");
        assertThat(binary.encoding()).as("the page's default before joining").isEqualTo("binary");
        assertThat(json.encoding()).isEqualTo("json");
        binary.register(BrowserGameIT.user("bin"));
        json.register(BrowserGameIT.user("jsn"));
        int moverId = binary.join("meadow").view().entityId();
        int otherId = json.join("meadow").view().entityId();
        assertThat(binary.encoding()).as("the binary page's welcome").isEqualTo("binary");
        assertThat(json.encoding()).as("the JSON page's welcome").isEqualTo("json");

        List<GamePage.Entity> start = agree(binary, json, moverId, otherId, "both in meadow");
        assertThat(start).extracting(GamePage.Entity::kind).containsOnly("player");
        GamePage.GameMap map = binary.map();
        assertThat(map.width()).isEqualTo(32);

        // A walk around the spawn that crosses region borders (every 8 cells) several times and comes back.
        List<GamePage.Step> plan = List.of(GamePage.Step.W, GamePage.Step.W, GamePage.Step.N, GamePage.Step.N,
                GamePage.Step.E, GamePage.Step.E, GamePage.Step.E, GamePage.Step.S, GamePage.Step.S,
                GamePage.Step.S, GamePage.Step.W, GamePage.Step.N);
        Set<Integer> regions = new HashSet<>();
        GamePage.View here = binary.view();
        regions.add(StateFrame.region(here.x(), here.y(), here.layer(), map.width(), map.height()));
        int steps = 0;
        for (GamePage.Step wanted : plan) {
            GamePage.View v = binary.awaitSettled();
            GamePage.Step step = freeOrNext(map, v, wanted);
            long framesBefore = binary.counter("binaryFrames");
            int[] at = binary.step(step);
            steps++;
            regions.add(StateFrame.region(at[0], at[1], 0, map.width(), map.height()));
            List<GamePage.Entity> both = agree(binary, json, moverId, otherId, "after step " + steps + " (" + step
                    + ") to " + at[0] + "," + at[1]);
            assertThat(entity(both, moverId)).extracting(GamePage.Entity::x, GamePage.Entity::y)
                    .containsExactly(at[0], at[1]);
            assertThat(binary.counter("mispredictions")).as("mispredictions after step %d", steps).isZero();
            assertThat(binary.counter("binaryFrames")).as("binary frames during step %d", steps)
                    .isGreaterThan(framesBefore);
        }
        assertThat(regions).as("regions the walk went through").hasSizeGreaterThanOrEqualTo(2);

        // The JSON page's player steps too: the binary page sees another connection's entity move.
        GamePage.View other = json.awaitSettled();
        GamePage.Step step = freeOrNext(json.map(), other, GamePage.Step.S);
        int[] at = json.step(step);
        List<GamePage.Entity> both = agree(binary, json, moverId, otherId, "after the JSON page's step to "
                + at[0] + "," + at[1]);
        assertThat(entity(both, otherId)).extracting(GamePage.Entity::x, GamePage.Entity::y)
                .containsExactly(at[0], at[1]);

        assertThat(binary.counter("mispredictions")).isZero();
        assertThat(binary.counter("decodeErrors")).isZero();
        assertThat(json.counter("binaryFrames")).as("binary frames on the JSON page").isZero();
        long[] framesAndStates = binary.counters("binaryFrames", "states");
        assertThat(framesAndStates[0]).as("binary frames of all states").isGreaterThanOrEqualTo(framesAndStates[1] - 1);
        assertThat(binary.status("data-connection")).isEqualTo("connected");
    }

    @Test
    void binaryAndJsonPagesAgreeTickByTickOnTheWanderingNpcsOfStart() throws Exception {
        GamePage binary = new GamePage(browsers.open("binary"), director.baseUrl()).open();
        GamePage json = new GamePage(browsers.open("json"), director.baseUrl()).open("?encoding=json");
        binary.register(BrowserGameIT.user("bnpc"));
        json.register(BrowserGameIT.user("jnpc"));
        int binaryId = binary.join("start").view().entityId();
        int jsonId = json.join("start").view().entityId();
        assertThat(binary.encoding()).isEqualTo("binary");
        assertThat(json.encoding()).isEqualTo("json");

        // Four seconds of states on both pages (each keeps its last fifty).
        long from = binary.view().states();
        binary.until(GamePage.SHORT, "forty more states", d -> binary.view().states() >= from + 40);
        Map<Long, List<GamePage.Entity>> b = binary.recent();
        Map<Long, List<GamePage.Entity>> j = json.recent();
        List<Long> common = new ArrayList<>(b.keySet());
        common.retainAll(j.keySet());
        assertThat(common).as("ticks both pages had a state for").hasSizeGreaterThanOrEqualTo(20);

        int compared = 0;
        Set<Integer> npcsCompared = new HashSet<>();
        Map<Integer, GamePage.Entity> firstSeen = new HashMap<>();
        int npcMoves = 0;
        int beyondRadius = 0;
        for (long tick : common) {
            List<GamePage.Entity> bs = b.get(tick);
            List<GamePage.Entity> js = j.get(tick);
            assertThat(bs).as("binary entities at tick %d in id order", tick).isSortedAccordingTo(
                    Comparator.comparingInt(GamePage.Entity::id));
            GamePage.Entity bp = Objects.requireNonNull(entity(bs, binaryId), "the binary page's own entity");
            GamePage.Entity jp = Objects.requireNonNull(entity(js, jsonId), "the JSON page's own entity");
            // The binary view is whole regions (8 × 8) around the player: never beyond them.
            int rx0 = Math.max(0, (bp.x() - VIEW_RADIUS) >> BinaryState.REGION_SHIFT);
            int ry0 = Math.max(0, (bp.y() - VIEW_RADIUS) >> BinaryState.REGION_SHIFT);
            int rx1 = (bp.x() + VIEW_RADIUS) >> BinaryState.REGION_SHIFT;
            int ry1 = (bp.y() + VIEW_RADIUS) >> BinaryState.REGION_SHIFT;
            for (GamePage.Entity e : bs) {
                assertThat(e.layer() == bp.layer() && (e.x() >> 3) >= rx0 && (e.x() >> 3) <= rx1
                        && (e.y() >> 3) >= ry0 && (e.y() >> 3) <= ry1)
                        .as("binary entity %s at tick %d within the view's regions around %s", e, tick, bp).isTrue();
                beyondRadius += near(e, bp) ? 0 : 1;
            }
            for (GamePage.Entity e : js) {
                assertThat(near(e, jp)).as("JSON entity %s at tick %d within the view radius of %s", e, tick, jp)
                        .isTrue();
            }
            // What one page must see of what the other sees: everything within the view radius of its player.
            for (GamePage.Entity e : js) {
                if (near(e, bp)) {
                    assertThat(entity(bs, e.id())).as("JSON page's %s at tick %d on the binary page", e, tick)
                            .isEqualTo(e);
                    compared++;
                }
            }
            for (GamePage.Entity e : bs) {
                if (near(e, jp)) {
                    assertThat(entity(js, e.id())).as("binary page's %s at tick %d on the JSON page", e, tick)
                            .isEqualTo(e);
                    compared++;
                    if ("npc".equals(e.kind())) {
                        npcsCompared.add(e.id());
                        GamePage.Entity first = firstSeen.putIfAbsent(e.id(), e);
                        if (first != null && (first.x() != e.x() || first.y() != e.y())) {
                            npcMoves++;
                        }
                    }
                }
            }
        }
        assertThat(compared).as("entities compared").isGreaterThan(common.size() * 2);
        assertThat(npcsCompared).as("NPCs both pages saw").isNotEmpty();
        assertThat(npcMoves).as("states in which a compared NPC had moved").isPositive();
        assertThat(binary.counter("decodeErrors")).isZero();
        // Whole regions: the binary view may hold entities up to 7 cells beyond the radius, which JSON leaves out.
        System.out.printf("start: %d common ticks, %d entities compared, %d NPCs, %d binary-only entities beyond the"
                + " view radius%n", common.size(), compared, npcsCompared.size(), beyondRadius);
    }

    /**
     * Waits until both pages show both players and the same entities (nothing else moves: a world without NPCs),
     * then returns them.
     */
    private static List<GamePage.Entity> agree(GamePage binary, GamePage json, int a, int b, String when) {
        List<List<GamePage.Entity>> last = new ArrayList<>(List.of(List.of(), List.of()));
        try {
            return binary.until(GamePage.SHORT, "both pages to show the same entities " + when, d -> {
                GamePage.View vb = binary.view();
                GamePage.View vj = json.view();
                if (vb == null || vj == null) {
                    return null;
                }
                last.set(0, vb.entities());
                last.set(1, vj.entities());
                boolean settled = vb.settled() && vj.settled() && vb.entity(a) != null && vb.entity(b) != null
                        && vj.entity(a) != null && vj.entity(b) != null
                        && vb.entity(a).x() == vb.x() && vb.entity(a).y() == vb.y()
                        && vj.entity(b).x() == vj.x() && vj.entity(b).y() == vj.y();
                return settled && vb.entities().equals(vj.entities()) ? vb.entities() : null;
            });
        } catch (AssertionError e) {
            throw new AssertionError(e.getMessage() + "\nbinary page: " + last.get(0) + "\nJSON page:   "
                    + last.get(1), e);
        }
    }

    private static GamePage.Entity entity(List<GamePage.Entity> entities, int id) {
        return entities.stream().filter(e -> e.id() == id).findFirst().orElse(null);
    }

    /** Within the view radius (Chebyshev) of a player, on its layer: what its JSON state holds. */
    private static boolean near(GamePage.Entity e, GamePage.Entity player) {
        return e.layer() == player.layer()
                && Math.max(Math.abs(e.x() - player.x()), Math.abs(e.y() - player.y())) <= VIEW_RADIUS;
    }

    /** {@code wanted} when its cell is free, else the next direction (N, E, S, W order) whose cell is. */
    private static GamePage.Step freeOrNext(GamePage.GameMap map, GamePage.View v, GamePage.Step wanted) {
        GamePage.Step[] all = GamePage.Step.values();
        for (int i = 0; i < all.length; i++) {
            GamePage.Step s = all[(wanted.ordinal() + i) % all.length];
            int x = v.x() + s.dx;
            int y = v.y() + s.dy;
            if (map.inside(x, y) && !map.wall(x, y, v.layer()) && map.portal(x, y, v.layer()) == 0
                    && !v.occupiedByOther(x, y, v.layer())) {
                return s;
            }
        }
        throw new AssertionError("no free cell next to " + v.x() + "," + v.y());
    }
}
