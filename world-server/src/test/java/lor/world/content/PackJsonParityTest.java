package lor.world.content;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import lor.protocol.Json;
import lor.sim.builtin.BuiltInModules;
import lor.sim.content.ContentException;
import lor.sim.content.ContentPack;
import lor.sim.content.PackDef;
import lor.sim.content.PackJson;
import org.junit.jupiter.api.Test;

/**
 * The browser reads a pack with sim-core's {@link PackJson}, the server with Jackson ({@link PackReader}): both must
 * make the same {@link PackDef} of the same text, or a client would predict a different game than the server runs.
 */
class PackJsonParityTest {

    private static final Path BUILT_IN = Path.of("src/main/resources/content");

    @Test
    void everyBuiltInPackReadsTheSameAsOnTheServerAndCompiles() throws IOException {
        List<Path> files = builtInPacks();
        assertThat(files).extracting(f -> f.getFileName().toString()).contains("default.json", "bench.json");

        for (Path file : files) {
            byte[] bytes = Files.readAllBytes(file);
            PackDef server = PackReader.read(file.toString(), bytes, PackReader.Format.JSON);
            PackDef browser = PackJson.read(new String(bytes, StandardCharsets.UTF_8));

            assertThat(browser).as(file.toString()).isEqualTo(server);
            assertSameMapOrder(browser, server);
            // Compiled with the object rules of the modules it names, as the world and every client compile it.
            ContentPack compiled = BuiltInModules.catalog().compile(browser);
            assertThat(compiled.source()).isEqualTo(BuiltInModules.catalog().compile(server).source());
        }
    }

    @Test
    void everyBuiltInPackReadsBackFromTheFormTheWelcomeSendsIt() throws IOException {
        for (Path file : builtInPacks()) {
            PackDef def = PackReader.read(file.toString(), Files.readAllBytes(file), PackReader.Format.JSON);

            // The welcome carries the pack as Jackson writes the record: absent optional fields as null.
            String written = Json.MAPPER.writeValueAsString(def);
            assertThat(written).as("the test covers nulls").contains(":null");
            PackDef read = PackJson.read(written);
            assertThat(read).as(file.toString()).isEqualTo(def);
            assertSameMapOrder(read, def);
            assertThat(PackJson.read(Json.MAPPER.valueToTree(def).toString())).isEqualTo(def);
        }
    }

    @Test
    void textsAtTheEdgeOfTheRulesAreReadAlikeOrRefusedByBoth() {
        List<String> accepted = List.of(
                "{\"name\":\"caf\\u00e9 \\ud83d\\ude00\",\"items\":[\"a\"]}",
                "{\"name\":null,\"items\":[\"a\"],\"start\":{\"a\":-0},\"clock\":null}",
                "{\"items\":[1,true,false],\"start\":{\"x\":2147483647,\"y\":-2147483648}}",
                "{\"formulas\":[{\"id\":\"f\",\"rules\":[{\"when\":1,"
                        + "\"set\":{\"a\":0,\"b\":2.5,\"c\":1.50,\"d\":1E2,\"e\":-0}}]}]}",
                "{\"modules\":[\"elementals\",\"tides\"],\"settings\":{\"tides\":{},"
                        + "\"elementals\":{\"a\":-0,\"b\":2147483647}}}",
                "{\"modules\":null,\"settings\":null}");
        for (String json : accepted) {
            assertThat(PackJson.read(json)).as(json).isEqualTo(server(json));
        }
        List<String> refused = List.of(
                "{\"items\":[\"a\"],\"colour\":1}",
                "{\"start\":{\"a\":\"4\"}}",
                "{\"start\":{\"a\":4.0}}",
                "{\"start\":{\"a\":2147483648}}",
                "{\"start\":{\"a\":null}}",
                "{\"items\":[null]}",
                "{\"items\":\"a\"}",
                "{\"clock\":[]}",
                "{\"objects\":[\"box\"]}",
                "{\"name\":[\"a\"]}",
                "{\"items\":[],\"items\":[]}",
                "{\"items\":[]} {}",
                "{\"items\":[],}",
                "{\"name\":\"\\x\"}",
                "{\"modules\":\"elementals\"}",
                "{\"modules\":[null]}",
                "{\"modules\":[{}]}",
                "{\"settings\":[]}",
                "{\"settings\":{\"elementals\":null}}",
                "{\"settings\":{\"elementals\":40}}",
                "{\"settings\":{\"elementals\":{\"a\":null}}}",
                "{\"settings\":{\"elementals\":{\"a\":\"4\"}}}",
                "{\"settings\":{\"elementals\":{\"a\":4.0}}}",
                "{\"settings\":{\"elementals\":{\"a\":2147483648}}}",
                "{\"settings\":{\"elementals\":{\"a\":1,\"a\":2}}}",
                "[]",
                "null",
                "");
        for (String json : refused) {
            assertThatThrownBy(() -> server(json)).as("server: " + json).isInstanceOf(ContentLoadException.class);
            assertThatThrownBy(() -> PackJson.read(json)).as("browser: " + json)
                    .isInstanceOf(ContentException.class);
        }
    }

    private static PackDef server(String json) {
        return PackReader.read("t.json", json.getBytes(StandardCharsets.UTF_8), PackReader.Format.JSON);
    }

    private static List<Path> builtInPacks() throws IOException {
        try (Stream<Path> files = Files.list(BUILT_IN)) {
            return files.filter(f -> f.toString().endsWith(".json")).sorted().toList();
        }
    }

    /** Records compare maps regardless of order, but order is what items are listed and refunded in. */
    private static void assertSameMapOrder(PackDef a, PackDef b) {
        assertThat(keys(a)).isEqualTo(keys(b));
    }

    private static List<List<String>> keys(PackDef def) {
        List<List<String>> keys = new ArrayList<>();
        if (def.start() != null) {
            keys.add(new ArrayList<>(def.start().keySet()));
        }
        if (def.objects() != null) {
            def.objects().stream().filter(k -> k.cost() != null)
                    .forEach(k -> keys.add(new ArrayList<>(k.cost().keySet())));
        }
        if (def.recipes() != null) {
            for (PackDef.RecipeDef r : def.recipes()) {
                keys.add(r.inputs() == null ? List.of() : new ArrayList<>(r.inputs().keySet()));
                keys.add(r.outputs() == null ? List.of() : new ArrayList<>(r.outputs().keySet()));
            }
        }
        if (def.settings() != null) {
            keys.add(new ArrayList<>(def.settings().keySet()));
            def.settings().values().forEach(section -> keys.add(new ArrayList<>(section.keySet())));
        }
        if (def.formulas() != null) {
            def.formulas().stream().filter(f -> f.rules() != null).flatMap(f -> f.rules().stream())
                    .filter(r -> r.set() != null).forEach(r -> keys.add(new ArrayList<>(r.set().keySet())));
        }
        return keys;
    }
}
