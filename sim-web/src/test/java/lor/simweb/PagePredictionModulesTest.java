package lor.simweb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;

import lor.protocol.game.MapEncoding;
import lor.sim.grid.Cells;
import org.junit.jupiter.api.Test;

/**
 * The page's prediction of a world that runs game modules, on the JVM (the compiled script runs the same classes): an
 * {@code act} intent is checked as the world checks it and applied by the module's own code, states bring the
 * modules' fields and attributes, and the server's answer reconciles the prediction.
 */
class PagePredictionModulesTest {

    private static final String ELEMENTS = """
            {"name": "elements", "items": ["fire", "water", "earth", "air"],
             "start": {"fire": 10, "water": 10, "earth": 10, "air": 10},
             "modules": ["elementals"], "settings": {"elementals": {"elementals": 0}}}""";
    private static final int ME = 7;

    /** 8 × 4 grass, the player at (2, 1) with 10 of each element. */
    private static PagePrediction elements() {
        int[] cells = new int[8 * 4];
        Arrays.fill(cells, Cells.TERRAIN_GRASS << Cells.TERRAIN_SHIFT);
        PagePrediction p = new PagePrediction(MapEncoding.encode(cells), 8, 4, 1, ELEMENTS, 100, ME, 2, 1, 0);
        p.beginAt(100);
        p.entity(ME, 2, 1, 0);
        for (String item : new String[] {"fire", "water", "earth", "air"}) {
            p.inventory(item, 10);
        }
        p.end(0);
        return p;
    }

    @Test
    void aCastIsPredictedByTheModulesOwnCode() {
        PagePrediction p = elements();
        p.fieldName("dir", "E");
        p.fieldName("element", "fire");

        assertThat(p.moduleAct(1, "cast")).isEqualTo("done");

        assertThat(p.moduleCellAt("elementals", 3, 1, 0)).as("fire east of the player").isEqualTo(1);
        assertThat(p.carried("fire")).isEqualTo(9);
        assertThat(p.pending()).isEqualTo(1);
    }

    @Test
    void theServersStateWithTheSameResultIsNoMisprediction() {
        PagePrediction p = elements();
        p.fieldName("dir", "E");
        p.fieldName("element", "fire");
        p.moduleAct(1, "cast");

        p.beginAt(101);
        p.entity(ME, 2, 1, 0);
        p.attribute(ME, "hp", 100);
        p.moduleCell("elementals", 3, 1, 0, 1);
        for (String item : new String[] {"water", "earth", "air"}) {
            p.inventory(item, 10);
        }
        p.inventory("fire", 9);
        p.end(1);

        assertThat(p.mispredictions()).isZero();
        assertThat(p.pending()).isZero();
        assertThat(p.attributeOf(ME, "hp")).isEqualTo(100);
        assertThat(p.moduleCellAt("elementals", 3, 1, 0)).isEqualTo(1);
    }

    @Test
    void aCastTheServerRefusedIsAMispredictionAndItsFireGoes() {
        PagePrediction p = elements();
        p.fieldName("dir", "E");
        p.fieldName("element", "fire");
        p.moduleAct(1, "cast");

        p.rejected(1, "no_element");
        p.beginAt(101);
        p.entity(ME, 2, 1, 0);
        for (String item : new String[] {"fire", "water", "earth", "air"}) {
            p.inventory(item, 10);
        }
        p.end(1);

        assertThat(p.mispredictions()).isEqualTo(1);
        assertThat(p.moduleCellAt("elementals", 3, 1, 0)).isZero();
    }

    @Test
    void fieldsAreCheckedAsTheWorldChecksThem() {
        PagePrediction p = elements();

        assertThat(p.moduleAct(1, "conjure")).isEqualTo("unknown_action");
        p.fieldName("dir", "E");
        p.fieldName("element", "plasma");
        assertThat(p.moduleAct(2, "cast")).isEqualTo("bad_field");
        p.fieldName("dir", "E");
        assertThat(p.moduleAct(3, "cast")).as("element missing").isEqualTo("bad_field");
        p.fieldName("dir", "E");
        p.field("element", 0);
        assertThat(p.moduleAct(4, "cast")).as("element as a number").isEqualTo("bad_field");
        for (int i = 0; i < 40; i++) {
            p.field("extra" + i, i);
        }
        p.fieldName("dir", "E");
        p.fieldName("element", "fire");
        assertThat(p.moduleAct(5, "cast")).as("more fields than any action has").isEqualTo("bad_field");

        assertThat(p.moduleCellAt("elementals", 3, 1, 0)).as("nothing refused changed the field").isZero();
        assertThat(p.carried("fire")).isEqualTo(10);
        p.fieldName("dir", "E");
        p.fieldName("element", "fire");
        assertThat(p.moduleAct(6, "cast")).as("the fields of refused actions are gone").isEqualTo("done");
    }

    @Test
    void aPackNamingAModuleThePageLacksSaysSo() {
        String pack = "{\"name\": \"garden\", \"items\": [\"seed\"], \"modules\": [\"garden\"]}";

        assertThatThrownBy(() -> new PagePrediction(MapEncoding.encode(new int[4]), 2, 2, 1, pack, 0, 1, 0, 0, 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("game modules").hasMessageContaining("garden");
    }

    /** A module not built in ({@link BeaconModule}: a provider of this classpath, as a studio's are of its build). */
    @Test
    void aModuleProvidedBesideTheBuiltInOnesIsPredictedByItsOwnCode() {
        PagePrediction p = new PagePrediction(MapEncoding.encode(new int[8 * 4]), 8, 4, 1,
                "{\"name\": \"beacons\", \"modules\": [\"beacon\"]}", 100, ME, 2, 1, 0);
        p.beginAt(100);
        p.entity(ME, 2, 1, 0);
        p.end(0);
        p.fieldName("dir", "W");

        assertThat(p.moduleAct(1, "light")).isEqualTo("done");
        assertThat(p.moduleCellAt("beacon", 1, 1, 0)).as("a beacon west of the player").isEqualTo(1);
        p.fieldName("dir", "W");
        assertThat(p.moduleAct(2, "light")).isEqualTo("lit");
        assertThat(PageModules.catalog().names()).containsExactlyInAnyOrder("elementals", "kilns", "beacon");
    }
}
