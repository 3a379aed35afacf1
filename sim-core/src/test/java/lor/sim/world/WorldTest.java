package lor.sim.world;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

class WorldTest {

    private final World world = World.empty(new GridSize(5, 5, 1));

    @Test
    void firstPlayerSpawnsAtTheGridCentre() {
        Entity entity = world.spawnPlayer(100);

        assertThat(entity).isEqualTo(new Entity(1, 100, 2, 2, 0));
        assertThat(World.empty(new GridSize(4, 6, 2)).spawnPlayer(1))
                .extracting(Entity::x, Entity::y, Entity::layer).containsExactly(2, 3, 0);
    }

    @Test
    void laterPlayersTakeDistinctFreeCellsNearestTheCentre() {
        Set<List<Integer>> cells = new HashSet<>();
        for (long account = 1; account <= 9; account++) {
            Entity e = world.spawnPlayer(account);
            assertThat(distanceFromCentre(e)).as("account %d", account).isLessThanOrEqualTo(1);
            cells.add(List.of(e.x(), e.y(), e.layer()));
        }

        assertThat(cells).hasSize(9);
        assertThat(distanceFromCentre(world.spawnPlayer(10))).isEqualTo(2);
        assertThat(world.onlinePlayers()).isEqualTo(10);
    }

    @Test
    void sameAccountSpawningTwiceKeepsItsEntity() {
        Entity first = world.spawnPlayer(7);

        assertThat(world.spawnPlayer(7)).isEqualTo(first);
        assertThat(world.onlinePlayers()).isEqualTo(1);
        assertThat(world.spawnPlayer(8).id()).isEqualTo(first.id() + 1);
    }

    @Test
    void removedPlayerReturnsToItsSavedPositionWithANewEntity() {
        world.spawnPlayer(1);
        Entity second = world.spawnPlayer(2);
        world.removePlayer(1);
        world.removePlayer(2);

        // The centre is free again, so only the saved position explains where it comes back.
        Entity back = world.spawnPlayer(2);

        assertThat(back).extracting(Entity::x, Entity::y, Entity::layer)
                .containsExactly(second.x(), second.y(), second.layer());
        assertThat(back.id()).isEqualTo(3);
        assertThat(world.entity(second.id())).isNull();
    }

    @Test
    void savedCellTakenByAnotherPlayerSpawnsNextToIt() {
        world.spawnPlayer(1);
        world.removePlayer(1);
        Entity squatter = world.spawnPlayer(2);

        Entity back = world.spawnPlayer(1);

        assertThat(distanceFromCentre(squatter)).isZero();
        assertThat(distanceFromCentre(back)).isEqualTo(1);
    }

    @Test
    void removingAbsentAccountChangesNothing() {
        world.spawnPlayer(1);
        WorldSnapshot before = world.snapshot();

        world.removePlayer(99);

        assertThat(world.snapshot()).isEqualTo(before);
        assertThat(world.onlinePlayers()).isEqualTo(1);
    }

    @Test
    void snapshotHoldsOnlineAndOfflinePlayersWhereTheyStand() {
        Entity online = world.spawnPlayer(1);
        Entity offline = world.spawnPlayer(2);
        world.removePlayer(2);
        world.step();

        WorldSnapshot snapshot = world.snapshot();

        assertThat(snapshot.tick()).isEqualTo(1);
        assertThat(snapshot.nextEntityId()).isEqualTo(3);
        assertThat(snapshot.players()).containsExactly(
                new PlayerRecord(1, online.x(), online.y(), online.layer()),
                new PlayerRecord(2, offline.x(), offline.y(), offline.layer()));
    }

    @Test
    void snapshotIsNotChangedByLaterTicksOrJoins() {
        world.spawnPlayer(1);
        WorldSnapshot snapshot = world.snapshot();

        world.step();
        world.spawnPlayer(2);

        assertThat(snapshot.tick()).isZero();
        assertThat(snapshot.players()).hasSize(1);
    }

    @Test
    void restoreKeepsTheClockTheIdCounterAndSavedPositions() {
        world.spawnPlayer(1);
        Entity second = world.spawnPlayer(2);
        world.removePlayer(1);
        for (int i = 0; i < 7; i++) {
            world.step();
        }
        WorldSnapshot snapshot = world.snapshot();

        World restored = World.restore(new GridSize(5, 5, 1), snapshot);

        assertThat(restored.tick()).isEqualTo(7);
        assertThat(restored.onlinePlayers()).isZero();
        assertThat(restored.snapshot()).isEqualTo(snapshot);
        Entity back = restored.spawnPlayer(2);
        assertThat(back).extracting(Entity::x, Entity::y, Entity::layer)
                .containsExactly(second.x(), second.y(), second.layer());
        // Ids continue from the snapshot, so a client never sees an old id reused for someone else.
        assertThat(back.id()).isEqualTo(snapshot.nextEntityId());
        assertThat(restored.spawnPlayer(3).id()).isEqualTo(snapshot.nextEntityId() + 1);
    }

    @Test
    void savedPositionOutsideASmallerGridFallsBackToTheCentre() {
        World big = World.empty(new GridSize(10, 10, 2));
        for (long account = 1; account <= 30; account++) {
            big.spawnPlayer(account);
        }
        Entity far = big.spawnPlayer(31);
        assertThat(far.x() >= 4 || far.y() >= 4).as("%s must lie outside a 4x4 grid", far).isTrue();

        World small = World.restore(new GridSize(4, 4, 1), big.snapshot());

        assertThat(small.spawnPlayer(31)).extracting(Entity::x, Entity::y, Entity::layer).containsExactly(2, 2, 0);
    }

    @Test
    void fullGridRefusesAnotherPlayerUntilOneLeaves() {
        World tiny = World.empty(new GridSize(2, 2, 1));
        for (long account = 1; account <= 4; account++) {
            assertThat(tiny.spawnPlayer(account)).isNotNull();
        }

        assertThat(tiny.spawnPlayer(5)).isNull();
        assertThat(tiny.onlinePlayers()).isEqualTo(4);

        Entity leaving = tiny.entity(2);
        tiny.removePlayer(leaving.accountId());
        assertThat(tiny.spawnPlayer(5)).extracting(Entity::x, Entity::y).containsExactly(leaving.x(), leaving.y());
    }

    @Test
    void fullLayerSpillsOntoTheNextLayer() {
        World twoLayers = World.empty(new GridSize(2, 2, 2));
        for (long account = 1; account <= 4; account++) {
            assertThat(twoLayers.spawnPlayer(account).layer()).isZero();
        }

        assertThat(twoLayers.spawnPlayer(5)).extracting(Entity::x, Entity::y, Entity::layer).containsExactly(1, 1, 1);
    }

    @Test
    void stepAdvancesTheTickByOne() {
        world.step();
        world.step();

        assertThat(world.tick()).isEqualTo(2);
    }

    @Property(seed = "99", tries = 300)
    void sameOperationsGiveSameWorld(@ForAll("operations") List<Op> operations) {
        World a = World.empty(new GridSize(3, 3, 1));
        World b = World.empty(new GridSize(3, 3, 1));

        List<Entity> fromA = apply(a, operations);
        List<Entity> fromB = apply(b, operations);

        assertThat(fromA).isEqualTo(fromB);
        assertThat(a.snapshot()).isEqualTo(b.snapshot());
        assertThat(a.tick()).isEqualTo(b.tick());
    }

    @Property(seed = "100", tries = 300)
    void entitiesNeverShareACellAndIdsAreNeverReused(@ForAll("operations") List<Op> operations) {
        World w = World.empty(new GridSize(3, 3, 1));
        Map<Long, Entity> online = new HashMap<>();
        int highestId = 0;
        for (Op op : operations) {
            if (op.kind() == Op.SPAWN) {
                Entity e = w.spawnPlayer(op.account());
                if (online.containsKey(op.account())) {
                    assertThat(e).isEqualTo(online.get(op.account()));
                } else if (e != null) {
                    assertThat(e.id()).isGreaterThan(highestId);
                    highestId = e.id();
                    online.put(op.account(), e);
                } else {
                    assertThat(online).hasSize(9);
                }
            } else if (op.kind() == Op.REMOVE) {
                w.removePlayer(op.account());
                online.remove(op.account());
            } else {
                w.step();
            }
            Set<List<Integer>> cells = new HashSet<>();
            online.values().forEach(e -> cells.add(List.of(e.x(), e.y(), e.layer())));
            assertThat(cells).hasSameSizeAs(online.values());
            assertThat(w.onlinePlayers()).isEqualTo(online.size());
        }
    }

    @Provide
    Arbitrary<List<Op>> operations() {
        // Twelve accounts on nine cells, so full grids and returning players both happen.
        return Combinators.combine(Arbitraries.integers().between(0, 2), Arbitraries.longs().between(1, 12))
                .as(Op::new)
                .list()
                .ofMaxSize(200);
    }

    private static List<Entity> apply(World w, List<Op> operations) {
        List<Entity> results = new ArrayList<>();
        for (Op op : operations) {
            switch (op.kind()) {
                case Op.SPAWN -> results.add(w.spawnPlayer(op.account()));
                case Op.REMOVE -> w.removePlayer(op.account());
                default -> w.step();
            }
        }
        return results;
    }

    private static int distanceFromCentre(Entity e) {
        return Math.max(Math.abs(e.x() - 2), Math.abs(e.y() - 2));
    }

    record Op(int kind, long account) {
        static final int SPAWN = 0;
        static final int REMOVE = 1;
    }
}
