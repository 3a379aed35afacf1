package lor.sim.objects;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import lor.sim.content.ContentPack;
import lor.sim.content.TestPacks;
import lor.sim.grid.GridSize;
import org.junit.jupiter.api.Test;

class ObjectEngineBlocksTest {

    private static final ContentPack PACK = TestPacks.compiled(TestPacks.economy());
    /** Blocks of 4: two and a half across, one and a half down, on two layers. */
    private static final GridSize SIZE = new GridSize(10, 6, 2);

    @Test
    void countsTheObjectsOfEachBlockOfTheSideItWasGiven() {
        ObjectEngine engine = engine(4);
        int crate = PACK.kindIndex("crate");
        int corner = engine.build(crate, SIZE.index(3, 3, 0));
        engine.build(crate, SIZE.index(9, 5, 0));
        engine.build(crate, SIZE.index(8, 4, 0));
        engine.build(crate, SIZE.index(4, 0, 1));

        assertThat(engine.block()).isEqualTo(4);
        assertThat(engine.objectsInBlock(0, 0, 0)).isEqualTo(1);
        assertThat(engine.objectsInBlock(3, 3, 0)).as("any cell of the block").isEqualTo(1);
        assertThat(engine.objectsInBlock(9, 4, 0)).as("the partial corner block").isEqualTo(2);
        assertThat(engine.objectsInBlock(4, 0, 0)).isZero();
        assertThat(engine.objectsInBlock(7, 3, 1)).isEqualTo(1);
        engine.remove(corner);
        assertThat(engine.objectsInBlock(0, 0, 0)).isZero();
    }

    @Test
    void anEngineThatCountsNoBlocksRefusesToSayWhatABlockHolds() {
        ObjectEngine engine = engine(ObjectEngine.NO_BLOCKS);
        engine.build(PACK.kindIndex("crate"), SIZE.index(1, 1, 0));

        assertThat(engine.block()).isEqualTo(ObjectEngine.NO_BLOCKS);
        assertThatThrownBy(() -> engine.objectsInBlock(1, 1, 0)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> engine(-1)).isInstanceOf(IllegalArgumentException.class);
    }

    private static ObjectEngine engine(int block) {
        return new ObjectEngine(PACK, SIZE, new int[SIZE.cells()], 0, 0, 8, block);
    }
}
