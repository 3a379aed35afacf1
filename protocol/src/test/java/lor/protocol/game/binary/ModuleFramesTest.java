package lor.protocol.game.binary;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import lor.protocol.Json;
import lor.protocol.game.StateMessage;
import lor.protocol.game.StateMessage.EntityState;
import lor.protocol.game.StateMessage.FieldCell;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The modules frames of {@link BinaryState} (kind 3) as a {@link StateTracker} applies them with the state frames
 * around them, on frames written by hand from the javadoc. Map 32 × 32 × 1: 4 × 4 regions, region
 * {@code (y / 8) * 4 + x / 8}. Two modules: elementals (attribute 0 {@code hp}, 0..100, default 100; cells fire 1,
 * ash 2) and mood (attribute 1 {@code joy}, -5..5, default 0; cell glad 1).
 */
class ModuleFramesTest {

    private static final JsonNode MODULES = Json.MAPPER.readTree("""
            [{"name":"elementals","actions":[],"attributes":[{"name":"hp","min":0,"max":100,"default":100}],
              "cells":[{"value":1,"name":"fire"},{"value":2,"name":"ash"}],"reasons":[]},
             {"name":"mood","actions":[],"attributes":[{"name":"joy","min":-5,"max":5,"default":0}],
              "cells":[{"value":1,"name":"glad"}],"reasons":[]}]""");

    private final StateTracker tracker = new StateTracker(32, 32, MODULES);

    // ---- known bytes --------------------------------------------------------------------------------------------

    @Test
    void aModulesFrameGivesTheEntitiesOfItsStateFrameTheirAttributesAndTheViewItsCells() {
        // kind 3, tick 40, reset; one part: region 1, one entity: id 7, 2 attributes: hp (0) 90 (zigzag 180 = b4 01),
        // joy (1) -2 (zigzag 3); two cells: elementals (0) cell 9 (x 9, y 1) fire (1), mood (1) cell 0 glad (1).
        boolean state = tracker.apply(hex("03" + "28" + "01" + "01"
                + "01" + "01" + "07" + "02" + "00b401" + "0103"
                + "02" + "000901" + "010001"));
        // kind 1, tick 40, ack 0, reset, no left, one snapshot: region 1, entity 7 at (10, 2) player; no changes.
        boolean stateToo = tracker.apply(hex("01" + "28" + "00" + "01" + "00" + "01" + "01" + "01" + "070a020001"
                + "00"));

        assertThat(state).isFalse();
        assertThat(stateToo).isTrue();
        assertThat(tracker.state()).isEqualTo(new StateMessage(40, 0,
                List.of(new EntityState(7, 10, 2, 0, "player", attrs(90, -2))), List.of(), null, null, List.of(),
                List.of(new FieldCell("elementals", 9, 1, 0, 1), new FieldCell("mood", 8, 0, 0, 1))));
    }

    // ---- behaviour ----------------------------------------------------------------------------------------------

    @Test
    void aChangeSetsOnlyTheAttributesItNames() {
        enter(entity(7, 10, 2), 1, attrsOf(7, 100, 3));

        tracker.apply(modules(false).part(part(1).attrs(7, 1, -5)).build());
        tracker.apply(state(false).build());

        assertThat(tracker.state().entities()).containsExactly(new EntityState(7, 10, 2, 0, "player", attrs(100, -5)));
    }

    @Test
    void aCellChangedToZeroIsEmptiedAndOthersAreKept() {
        tracker.apply(modules(true).part(part(0).cell(0, 1, 1).cell(0, 2, 2)).build());
        tracker.apply(state(true).build());

        tracker.apply(modules(false).part(part(0).cell(0, 1, 0).cell(1, 63, 1)).build());
        tracker.apply(state(false).build());

        assertThat(tracker.state().fields()).containsExactly(
                new FieldCell("elementals", 2, 0, 0, 2),
                new FieldCell("mood", 7, 7, 0, 1));
    }

    @Test
    void aRegionTheStateFrameListsAsLeftForgetsItsCellsOnly() {
        tracker.apply(modules(true).part(part(0).cell(0, 0, 1)).part(part(5).cell(0, 0, 2)).build());
        tracker.apply(state(true).build());

        tracker.apply(state(false).left(0).build());

        assertThat(tracker.state().fields()).containsExactly(new FieldCell("elementals", 8, 8, 0, 2));
    }

    @Test
    void anEntityLeavingTheViewTakesItsAttributesAndComesBackWithThoseItIsSent() {
        enter(entity(7, 10, 2), 1, attrsOf(7, 40, 1));
        tracker.apply(state(false).left(1).build());
        assertThat(tracker.state().entities()).isEmpty();

        // Back in view with a frame that (against the server's rule) names only joy: hp is the default, not 40.
        tracker.apply(modules(false).part(part(1).attrs(7, 1, 4)).build());
        tracker.apply(state(false).snapshot(1, entity(7, 10, 2)).build());

        assertThat(tracker.state().entities()).containsExactly(new EntityState(7, 10, 2, 0, "player", attrs(100, 4)));
    }

    @Test
    void anEntityCrossingIntoAnotherRegionOfTheViewKeepsItsAttributes() {
        enter(entity(7, 7, 2), 0, attrsOf(7, 40, 1));

        // The server sends its attributes again with the arrival; a tracker must not lose them to the departure.
        tracker.apply(state(false).cross(0, 1, entity(7, 8, 2)).build());

        assertThat(tracker.state().entities()).containsExactly(new EntityState(7, 8, 2, 0, "player", attrs(40, 1)));
    }

    @Test
    void aResetForgetsEveryAttributeAndCell() {
        tracker.apply(modules(true).part(part(0).attrs(7, 0, 1, 1, 1).cell(0, 0, 1)).build());
        tracker.apply(state(true).snapshot(0, entity(7, 1, 1)).build());

        tracker.apply(modules(true).part(part(5).cell(1, 0, 1)).build());
        tracker.apply(state(true).snapshot(0, entity(7, 1, 1)).build());

        assertThat(tracker.state().entities()).containsExactly(new EntityState(7, 1, 1, 0, "player", attrs(100, 0)));
        assertThat(tracker.state().fields()).containsExactly(new FieldCell("mood", 8, 8, 0, 1));
    }

    @Test
    void fieldsComeInJsonsOrderModuleThenRowThenColumn() {
        tracker.apply(modules(true)
                .part(part(5).cell(1, 0, 1).cell(0, 9, 1))
                .part(part(0).cell(0, 63, 2).cell(0, 8, 1))
                .part(part(1).cell(0, 0, 1))
                .build());
        tracker.apply(state(true).build());

        assertThat(tracker.state().fields()).containsExactly(
                new FieldCell("elementals", 8, 0, 0, 1),
                new FieldCell("elementals", 0, 1, 0, 1),
                new FieldCell("elementals", 7, 7, 0, 2),
                new FieldCell("elementals", 9, 9, 0, 1),
                new FieldCell("mood", 8, 8, 0, 1));
    }

    @Test
    void aWorldWithoutModulesHasNeitherAttrsNorFields() {
        StateTracker plain = new StateTracker(32, 32);
        plain.apply(state(true).snapshot(0, entity(7, 1, 1)).build());

        assertThat(plain.state().entities()).containsExactly(new EntityState(7, 1, 1, 0, "player"));
        assertThat(plain.state().fields()).isNull();
    }

    @Test
    void refusesAnUndeclaredAttributeModuleOrCellAndAppliesNothingOfTheFrame() {
        tracker.apply(modules(true).part(part(0).cell(0, 0, 1)).build());

        assertThatThrownBy(() -> tracker.apply(modules(true).part(part(0).attrs(7, 2, 1)).build()))
                .hasMessage("attribute 2 is not declared");
        assertThatThrownBy(() -> tracker.apply(modules(true).part(part(0).cell(2, 0, 1)).build()))
                .hasMessage("module 2 is not declared");
        assertThatThrownBy(() -> tracker.apply(modules(true).part(part(0).cell(0, 64, 1)).build()))
                .hasMessage("cell 64 is not declared");
        ByteBuf trailing = modules(true).build();
        trailing.writeByte(0);
        assertThatThrownBy(() -> tracker.apply(trailing)).hasMessage("1 bytes after the last part");

        tracker.apply(state(true).build());
        assertThat(tracker.state().fields()).containsExactly(new FieldCell("elementals", 0, 0, 0, 1));
    }

    // ---- frames by hand -----------------------------------------------------------------------------------------

    /** A reset that brings {@code e} into view in {@code region} with the given attribute values. */
    private void enter(int[] e, int region, int[] attributes) {
        Part part = part(region);
        part.attrs(attributes);
        tracker.apply(modules(true).part(part).build());
        tracker.apply(state(true).snapshot(region, e).build());
    }

    private static int[] attrsOf(int id, int hp, int joy) {
        return new int[] {id, 0, hp, 1, joy};
    }

    private static Map<String, Integer> attrs(int hp, int joy) {
        Map<String, Integer> attrs = new LinkedHashMap<>();
        attrs.put("hp", hp);
        attrs.put("joy", joy);
        return attrs;
    }

    /** A player: id, x, y on layer 0. */
    private static int[] entity(int id, int x, int y) {
        return new int[] {id, x, y};
    }

    private static ByteBuf hex(String hex) {
        return Unpooled.wrappedBuffer(ByteBufUtil.decodeHexDump(hex));
    }

    private static Part part(int region) {
        return new Part(region);
    }

    private static ModulesBuilder modules(boolean reset) {
        return new ModulesBuilder(reset);
    }

    private static StateBuilder state(boolean reset) {
        return new StateBuilder(reset);
    }

    private static final class Part {
        final int region;
        final List<int[]> attributes = new ArrayList<>();
        final List<int[]> cells = new ArrayList<>();

        Part(int region) {
            this.region = region;
        }

        /** An entity's id, then pairs of attribute index and value. */
        Part attrs(int... idThenPairs) {
            attributes.add(idThenPairs);
            return this;
        }

        Part cell(int module, int cell, int value) {
            cells.add(new int[] {module, cell, value});
            return this;
        }
    }

    /** A modules frame, tick 0, as the javadoc lays it out. */
    private static final class ModulesBuilder {
        private final boolean reset;
        private final List<Part> parts = new ArrayList<>();

        ModulesBuilder(boolean reset) {
            this.reset = reset;
        }

        ModulesBuilder part(Part part) {
            parts.add(part);
            return this;
        }

        ByteBuf build() {
            ByteBuf out = Unpooled.buffer();
            out.writeByte(BinaryState.KIND_MODULES);
            Varints.write(out, 0);
            out.writeByte(reset ? BinaryState.MODULES_RESET : 0);
            Varints.write(out, parts.size());
            for (Part p : parts) {
                Varints.write(out, p.region);
                Varints.write(out, p.attributes.size());
                for (int[] a : p.attributes) {
                    Varints.write(out, a[0]);
                    Varints.write(out, (a.length - 1) / 2);
                    for (int i = 1; i < a.length; i += 2) {
                        Varints.write(out, a[i]);
                        Varints.writeSigned(out, a[i + 1]);
                    }
                }
                Varints.write(out, p.cells.size());
                for (int[] c : p.cells) {
                    Varints.write(out, c[0]);
                    Varints.write(out, c[1]);
                    Varints.write(out, c[2]);
                }
            }
            return out;
        }
    }

    /** A state frame, tick 0, ack 0: left regions, snapshots and players crossing from a region to another. */
    private static final class StateBuilder {
        private final boolean reset;
        private final List<Integer> left = new ArrayList<>();
        private final List<int[]> snapshots = new ArrayList<>();
        private final List<int[]> crossings = new ArrayList<>();

        StateBuilder(boolean reset) {
            this.reset = reset;
        }

        StateBuilder left(int region) {
            left.add(region);
            return this;
        }

        StateBuilder snapshot(int region, int[] e) {
            snapshots.add(new int[] {region, e[0], e[1], e[2]});
            return this;
        }

        /** Player {@code e} left region {@code from} for region {@code to}: a change of each. */
        StateBuilder cross(int from, int to, int[] e) {
            crossings.add(new int[] {from, to, e[0], e[1], e[2]});
            return this;
        }

        ByteBuf build() {
            ByteBuf out = Unpooled.buffer();
            out.writeByte(BinaryState.KIND_STATE);
            Varints.write(out, 0);
            Varints.write(out, 0);
            out.writeByte(reset ? BinaryState.FLAG_RESET : 0);
            Varints.write(out, left.size());
            left.forEach(r -> Varints.write(out, r));
            Varints.write(out, snapshots.size());
            for (int[] s : snapshots) {
                Varints.write(out, s[0]);
                Varints.write(out, 1);
                player(out, s[1], s[2], s[3]);
            }
            Varints.write(out, crossings.size() * 2);
            for (int[] a : crossings) {
                Varints.write(out, a[0]);
                Varints.write(out, 1);
                Varints.write(out, a[2]);
                Varints.write(out, 0);
                Varints.write(out, 0);
                Varints.write(out, a[1]);
                Varints.write(out, 0);
                Varints.write(out, 1);
                player(out, a[2], a[3], a[4]);
                Varints.write(out, 0);
            }
            return out;
        }

        private static void player(ByteBuf out, int id, int x, int y) {
            Varints.write(out, id);
            Varints.write(out, x);
            Varints.write(out, y);
            Varints.write(out, 0);
            out.writeByte(BinaryState.ENTITY_PLAYER);
        }
    }
}
