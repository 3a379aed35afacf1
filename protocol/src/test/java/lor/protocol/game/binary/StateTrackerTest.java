package lor.protocol.game.binary;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import lor.protocol.game.StateMessage;
import lor.protocol.game.StateMessage.EntityState;
import org.junit.jupiter.api.Test;

/**
 * The client side of {@link BinaryState}, on frames written by hand from its javadoc. The map is 32 × 32 × 1 unless
 * said otherwise: 4 × 4 regions, region {@code (y / 8) * 4 + x / 8}.
 */
class StateTrackerTest {

    private static final int PLAYER = BinaryState.ENTITY_PLAYER;
    private static final int NPC = BinaryState.ENTITY_NPC;

    private final StateTracker tracker = new StateTracker(32, 32);

    @Test
    void aResetFrameWithSnapshotsListsTheirEntitiesInAscendingId() {
        tracker.apply(frame(40, 3, true)
                .snapshot(1, entity(7, 9, 1, PLAYER))
                .snapshot(0, entity(2, 5, 5, NPC), entity(1, 2, 3, PLAYER))
                .build());

        assertThat(tracker.state()).isEqualTo(new StateMessage(40, 3, List.of(
                new EntityState(1, 2, 3, 0, "player"),
                new EntityState(2, 5, 5, 0, "npc"),
                new EntityState(7, 9, 1, 0, "player"))));
        assertThat(tracker.tick()).isEqualTo(40);
        assertThat(tracker.ack()).isEqualTo(3);
        assertThat(tracker.size()).isEqualTo(3);
    }

    @Test
    void aResetForgetsEveryEntityBeforeTheFrameIsApplied() {
        tracker.apply(frame(2, 0, true).snapshot(0, entity(1, 2, 3, PLAYER), entity(2, 5, 5, NPC)).build());

        tracker.apply(frame(4, 0, true).snapshot(5, entity(3, 10, 10, NPC)).build());

        assertThat(ids()).containsExactly(3);
    }

    @Test
    void aFrameWithoutResetKeepsWhatItDoesNotMention() {
        tracker.apply(frame(2, 0, true).snapshot(0, entity(1, 2, 3, PLAYER)).build());

        tracker.apply(frame(4, 1, false).build());

        assertThat(tracker.state()).isEqualTo(new StateMessage(4, 1, List.of(new EntityState(1, 2, 3, 0, "player"))));
    }

    @Test
    void aRegionThatLeftTheViewForgetsItsEntitiesOnly() {
        tracker.apply(frame(2, 0, true)
                .snapshot(0, entity(1, 2, 3, PLAYER), entity(2, 5, 5, NPC))
                .snapshot(1, entity(7, 9, 1, PLAYER))
                .build());

        tracker.apply(frame(4, 0, false).left(0).build());

        assertThat(ids()).containsExactly(7);
    }

    @Test
    void anEntityThatMovedWithinALeftRegionIsForgottenWithIt() {
        tracker.apply(frame(2, 0, true).snapshot(0, entity(1, 2, 3, PLAYER)).build());
        tracker.apply(frame(4, 0, false).change(change(0).move(1, 5, 4)).build());

        tracker.apply(frame(6, 0, false).left(0).build());

        assertThat(tracker.size()).isZero();
    }

    @Test
    void aMoveAddsItsZigzagDeltasToThePosition() {
        tracker.apply(frame(2, 0, true).snapshot(0, entity(1, 2, 3, PLAYER), entity(2, 5, 5, NPC)).build());

        tracker.apply(frame(4, 0, false).change(change(0).move(1, 1, -2).move(2, -3, 0)).build());

        assertThat(tracker.state().entities()).containsExactly(
                new EntityState(1, 3, 1, 0, "player"),
                new EntityState(2, 2, 5, 0, "npc"));
    }

    @Test
    void anArrivalAddsANewEntityAndADepartureRemovesOne() {
        tracker.apply(frame(2, 0, true).snapshot(0, entity(1, 2, 3, PLAYER), entity(2, 5, 5, NPC)).build());

        tracker.apply(frame(4, 0, false).change(change(0).depart(2).arrive(entity(9, 7, 7, PLAYER))).build());

        assertThat(tracker.state().entities()).containsExactly(
                new EntityState(1, 2, 3, 0, "player"),
                new EntityState(9, 7, 7, 0, "player"));
    }

    @Test
    void aDepartureListedAfterTheArrivalInAnotherRegionDoesNotUndoIt() {
        tracker.apply(frame(2, 0, true)
                .snapshot(0, entity(1, 7, 3, PLAYER))
                .snapshot(1, entity(7, 12, 1, NPC))
                .build());

        // Entity 1 steps from region 0 into region 1; region 1's change comes first in the frame.
        tracker.apply(frame(4, 0, false)
                .change(change(1).arrive(entity(1, 8, 3, PLAYER)))
                .change(change(0).depart(1))
                .build());

        assertThat(tracker.state().entities()).containsExactly(
                new EntityState(1, 8, 3, 0, "player"),
                new EntityState(7, 12, 1, 0, "npc"));
    }

    @Test
    void anArrivedEntityBelongsToItsNewRegion() {
        tracker.apply(frame(2, 0, true).snapshot(0, entity(1, 7, 3, PLAYER)).snapshot(1).build());
        tracker.apply(frame(4, 0, false)
                .change(change(0).depart(1))
                .change(change(1).arrive(entity(1, 8, 3, PLAYER)))
                .build());

        tracker.apply(frame(6, 0, false).left(0).build());
        assertThat(ids()).containsExactly(1);

        tracker.apply(frame(8, 0, false).left(1).build());
        assertThat(ids()).isEmpty();
    }

    @Test
    void aDepartureFromAViewedRegionDoesNotRemoveTheEntityFromTheSnapshotOfARegionThatEntered() {
        tracker.apply(frame(2, 0, true).snapshot(0, entity(1, 7, 3, PLAYER), entity(2, 1, 1, NPC)).build());

        // The view grew to region 1 as entity 1 stepped into it: region 1 comes as a snapshot, the departure as
        // region 0's change, which the frame lists after the snapshots but a client applies before them.
        tracker.apply(frame(4, 0, false)
                .snapshot(1, entity(1, 8, 3, PLAYER))
                .change(change(0).depart(1))
                .build());

        assertThat(tracker.state().entities()).containsExactly(
                new EntityState(1, 8, 3, 0, "player"),
                new EntityState(2, 1, 1, 0, "npc"));
    }

    @Test
    void aRegionLeavingAndItsEntityArrivingElsewhereInOneFrameKeepsTheEntity() {
        tracker.apply(frame(2, 0, true).snapshot(0, entity(1, 7, 3, PLAYER)).snapshot(1).build());

        tracker.apply(frame(4, 0, false).left(0).change(change(1).arrive(entity(1, 8, 3, PLAYER))).build());

        assertThat(tracker.state().entities()).containsExactly(new EntityState(1, 8, 3, 0, "player"));
    }

    @Test
    void movesApplyAfterArrivalsAndSnapshots() {
        tracker.apply(frame(2, 0, true).build());

        tracker.apply(frame(4, 0, false)
                .snapshot(0, entity(1, 2, 2, PLAYER))
                .change(change(0).move(1, 1, 1))
                .build());

        assertThat(tracker.state().entities()).containsExactly(new EntityState(1, 3, 3, 0, "player"));
    }

    @Test
    void regionsCountLayers() {
        StateTracker layered = new StateTracker(16, 16);
        // 2 × 2 regions a layer: (3, 4) on layer 1 is region (1 * 2 + 0) * 2 + 0 = 4.
        layered.apply(frame(2, 0, true).snapshot(4, entity(1, 3, 4, 1, PLAYER)).build());
        assertThat(layered.state().entities()).containsExactly(new EntityState(1, 3, 4, 1, "player"));

        layered.apply(frame(4, 0, false).left(0).build());
        assertThat(layered.size()).isEqualTo(1);

        layered.apply(frame(6, 0, false).left(4).build());
        assertThat(layered.size()).isZero();
    }

    @Test
    void refusesAMoveOfAnEntityItDoesNotKnow() {
        tracker.apply(frame(2, 0, true).snapshot(0, entity(1, 2, 3, PLAYER)).build());

        assertThatThrownBy(() -> tracker.apply(frame(4, 0, false).change(change(0).move(99, 1, 0)).build()))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("move of unknown entity 99");
    }

    @Test
    void refusesBytesAfterTheLastChange() {
        ByteBuf frame = frame(2, 0, true).snapshot(0, entity(1, 2, 3, PLAYER)).build();
        frame.writeByte(0);

        assertThatThrownBy(() -> tracker.apply(frame))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("1 bytes after the last change");
        assertThat(tracker.size()).isZero();
    }

    @Test
    void refusesAFrameOfAnotherKind() {
        ByteBuf frame = frame(2, 0, true).build();
        frame.setByte(0, 2);

        assertThatThrownBy(() -> tracker.apply(frame))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("not a state frame: kind 2");
    }

    @Test
    void refusesAFrameCutInsideAVarint() {
        ByteBuf whole = frame(300, 0, true).build();
        ByteBuf cut = whole.slice(0, 2);

        assertThatThrownBy(() -> tracker.apply(cut))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("truncated varint");
    }

    @Test
    void readsButDoesNotReleaseTheFrame() {
        ByteBuf frame = frame(2, 0, true).snapshot(0, entity(1, 2, 3, PLAYER)).build();

        tracker.apply(frame);

        assertThat(frame.refCnt()).isEqualTo(1);
        assertThat(frame.isReadable()).isFalse();
    }

    // ---- frames by hand -------------------------------------------------------------------------------------------

    private List<Integer> ids() {
        return tracker.state().entities().stream().map(EntityState::id).toList();
    }

    private record Entity(int id, int x, int y, int layer, int kind) {
    }

    private static Entity entity(int id, int x, int y, int kind) {
        return new Entity(id, x, y, 0, kind);
    }

    private static Entity entity(int id, int x, int y, int layer, int kind) {
        return new Entity(id, x, y, layer, kind);
    }

    private static FrameBuilder frame(long tick, long ack, boolean reset) {
        return new FrameBuilder(tick, ack, reset);
    }

    private static Change change(int region) {
        return new Change(region);
    }

    private static final class Change {
        final int region;
        final List<Integer> departures = new ArrayList<>();
        final List<Entity> arrivals = new ArrayList<>();
        final List<int[]> moves = new ArrayList<>();

        Change(int region) {
            this.region = region;
        }

        Change depart(int id) {
            departures.add(id);
            return this;
        }

        Change arrive(Entity e) {
            arrivals.add(e);
            return this;
        }

        Change move(int id, int dx, int dy) {
            moves.add(new int[] {id, dx, dy});
            return this;
        }
    }

    /** Writes the layout of {@link BinaryState}'s javadoc, parts in the order they are added. */
    private static final class FrameBuilder {
        private final long tick;
        private final long ack;
        private final boolean reset;
        private final List<Integer> left = new ArrayList<>();
        private final List<Integer> snapshotRegions = new ArrayList<>();
        private final List<Entity[]> snapshotEntities = new ArrayList<>();
        private final List<Change> changes = new ArrayList<>();

        FrameBuilder(long tick, long ack, boolean reset) {
            this.tick = tick;
            this.ack = ack;
            this.reset = reset;
        }

        FrameBuilder left(int region) {
            left.add(region);
            return this;
        }

        FrameBuilder snapshot(int region, Entity... entities) {
            snapshotRegions.add(region);
            snapshotEntities.add(entities);
            return this;
        }

        FrameBuilder change(Change change) {
            changes.add(change);
            return this;
        }

        ByteBuf build() {
            ByteBuf out = Unpooled.buffer();
            out.writeByte(BinaryState.KIND_STATE);
            Varints.write(out, tick);
            Varints.write(out, ack);
            out.writeByte(reset ? BinaryState.FLAG_RESET : 0);
            Varints.write(out, left.size());
            left.forEach(r -> Varints.write(out, r));
            Varints.write(out, snapshotRegions.size());
            for (int i = 0; i < snapshotRegions.size(); i++) {
                Varints.write(out, snapshotRegions.get(i));
                Varints.write(out, snapshotEntities.get(i).length);
                for (Entity e : snapshotEntities.get(i)) {
                    writeEntity(out, e);
                }
            }
            Varints.write(out, changes.size());
            for (Change c : changes) {
                Varints.write(out, c.region);
                Varints.write(out, c.departures.size());
                c.departures.forEach(id -> Varints.write(out, id));
                Varints.write(out, c.arrivals.size());
                c.arrivals.forEach(e -> writeEntity(out, e));
                Varints.write(out, c.moves.size());
                for (int[] m : c.moves) {
                    Varints.write(out, m[0]);
                    Varints.writeSigned(out, m[1]);
                    Varints.writeSigned(out, m[2]);
                }
            }
            return out;
        }

        private static void writeEntity(ByteBuf out, Entity e) {
            Varints.write(out, e.id());
            Varints.write(out, e.x());
            Varints.write(out, e.y());
            Varints.write(out, e.layer());
            out.writeByte(e.kind());
        }
    }
}
