package lor.world.snapshot;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;

import lor.protocol.Json;
import lor.sim.world.ModuleImage;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** A snapshot's module images: every part back as it went, and watches optional in both directions. */
class ModuleImagesCodecTest {

    private static ModuleImage image(int[] watches) {
        return new ModuleImage("watcher", List.of("hp"), List.of("memo"), Arrays.asList("lit", null, "ash"),
                new int[] {4, 1, 7, 90, 3, 8}, new int[] {12, 1, 2, 0}, new int[] {50, 9}, new long[] {77L},
                new int[] {100, -3}, new long[] {40, 12, 3}, watches);
    }

    @Test
    void anImageWithWatchesComesBackWhole() {
        ModuleImage image = image(new int[] {12, 3, 12, 8, 4_000_000, 65_535});
        ArrayNode out = Json.MAPPER.createArrayNode();
        ModuleImagesCodec.encode(List.of(image), out);

        ModuleImage back = ModuleImagesCodec.decode(Json.MAPPER.readTree(out.toString())).get(0);
        assertThat(back.watches()).containsExactly(12, 3, 12, 8, 4_000_000, 65_535);
        assertThat(back.cells()).containsExactly(image.cells());
        assertThat(back.npcs()).containsExactly(image.npcs());
        assertThat(back.npcValues()).containsExactly(image.npcValues());
        assertThat(back.accounts()).containsExactly(image.accounts());
        assertThat(back.accountValues()).containsExactly(image.accountValues());
        assertThat(back.wakes()).containsExactly(image.wakes());
        assertThat(back.cellNames()).containsExactly("lit", null, "ash");
    }

    @Test
    void anImageWithoutWatchesIsWrittenAsBeforeAndAnOldImageReadsAsWatchingNothing() {
        ArrayNode out = Json.MAPPER.createArrayNode();
        ModuleImagesCodec.encode(List.of(image(new int[0])), out);
        ObjectNode written = (ObjectNode) out.get(0);
        assertThat(written.has("watches")).as("what a world that never watches wrote before").isFalse();

        ModuleImage old = ModuleImagesCodec.decode(out).get(0);
        assertThat(old.watches()).isEmpty();
        assertThat(old.wakes()).containsExactly(40, 12, 3);
    }
}
