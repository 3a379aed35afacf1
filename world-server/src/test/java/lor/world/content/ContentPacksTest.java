package lor.world.content;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import lor.sim.content.ContentPack;
import lor.sim.content.RuleRegistry;
import lor.sim.grid.Cells;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ContentPacksTest {

    @TempDir
    Path dir;

    @Test
    void theBuiltInDefaultPackPlays() {
        ContentPack pack = ContentPacks.load("default", null, RuleRegistry.empty());
        assertThat(pack.itemCount()).isEqualTo(5);
        assertThat(pack.startCount(pack.itemIndex("wood"))).isEqualTo(20);
        assertThat(pack.kind(pack.kindIndex("furnace")).costCount(0)).isEqualTo(4);
        assertThat(pack.recipe(pack.recipeIndex("smelt_iron")).runsOn(pack.lines().indexOf("night"))).isTrue();
        assertThat(pack.recipe(pack.recipeIndex("smelt_iron")).runsOn(pack.lines().indexOf("day"))).isFalse();
        assertThat(pack.lines()).containsExactly("day", "dusk", "night");
        assertThat(pack.clock().ticksPerLine()).isEqualTo(200);
        int water = Cells.floor(Cells.TERRAIN_WATER);
        assertThat(Cells.isWall(pack.clock().transmute(2, water))).isTrue();
        assertThat(pack.clock().transmute(0, water)).isEqualTo(water);
        assertThat(pack.kind(pack.kindIndex("kiln")).every()).isEqualTo(40);
    }

    @Test
    void aPackInTheStudiosDirectoryShadowsTheBuiltInOne() throws IOException {
        write("default.json", "{\"name\":\"mine\",\"items\":[\"stone\"],\"start\":{\"stone\":3}}");
        ContentPack pack = ContentPacks.load("default", dir, RuleRegistry.empty());
        assertThat(pack.name()).isEqualTo("mine");
        assertThat(pack.startCount(0)).isEqualTo(3);
    }

    @Test
    void aSyntaxErrorNamesTheFileLineAndColumn() throws IOException {
        write("broken.json", "{\n  \"items\": [\"a\",\n}");
        assertThatThrownBy(() -> ContentPacks.load("broken", dir, RuleRegistry.empty()))
                .isInstanceOf(ContentLoadException.class)
                .hasMessageStartingWith(dir.resolve("broken.json") + ": line 3, column 1");
    }

    @Test
    void anUnknownFieldIsAnErrorNamingItsPath() throws IOException {
        write("typo.json", "{\"items\":[\"a\"],\"objects\":[{\"kind\":\"box\",\"colour\":\"red\"}]}");
        assertThatThrownBy(() -> ContentPacks.load("typo", dir, RuleRegistry.empty()))
                .hasMessage(dir.resolve("typo.json") + ": objects[0].colour: unknown field (a typo?)");
    }

    @Test
    void aValueOfTheWrongTypeNamesItsPath() throws IOException {
        write("type.json", "{\"items\":[\"a\"],\"objects\":[{\"kind\":\"box\",\"capacity\":\"lots\"}]}");
        assertThatThrownBy(() -> ContentPacks.load("type", dir, RuleRegistry.empty()))
                .hasMessageStartingWith(dir.resolve("type.json") + ": objects[0].capacity: expected a whole number");
    }

    @Test
    void aDuplicateKeyIsAnError() throws IOException {
        write("twice.json", "{\"items\":[\"a\"],\"items\":[\"b\"]}");
        assertThatThrownBy(() -> ContentPacks.load("twice", dir, RuleRegistry.empty()))
                .hasMessageEndingWith("twice.json: line 1, column 23: Duplicate Object property \"items\"");
    }

    @Test
    void aPackErrorNamesTheFileAndTheEntry() throws IOException {
        write("bad.json", "{\"items\":[\"a\"],\"objects\":[{\"kind\":\"furnace\",\"recipes\":[\"smelt\"]}]}");
        assertThatThrownBy(() -> ContentPacks.load("bad", dir, RuleRegistry.empty()))
                .hasMessage(dir.resolve("bad.json") + ": objects[0] \"furnace\".recipes[0]: recipe \"smelt\" is not "
                        + "defined");
    }

    @Test
    void aMissingPackAndABadNameAreErrors() {
        assertThatThrownBy(() -> ContentPacks.load("nowhere", dir, RuleRegistry.empty()))
                .hasMessage("no content pack named nowhere (looked in " + dir + " and in this build)");
        assertThatThrownBy(() -> ContentPacks.load("../etc", dir, RuleRegistry.empty()))
                .hasMessage("a content pack name is 1-32 of [a-z0-9_-], not \"../etc\"");
    }

    private void write(String name, String json) throws IOException {
        Files.writeString(dir.resolve(name), json, StandardCharsets.UTF_8);
    }
}
