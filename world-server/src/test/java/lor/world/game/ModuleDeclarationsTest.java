package lor.world.game;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import lor.sim.builtin.BuiltInModules;
import lor.sim.module.GameModule;
import lor.sim.module.ModuleCatalog;
import lor.sim.module.ModuleRules;
import lor.sim.module.ModuleSettings;
import lor.sim.module.ModuleSpec;
import lor.sim.module.ModuleWorld;
import lor.sim.module.WorldModules;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** {@code welcome.modules} as the contract spells it, with the looks the page draws by beside it. */
class ModuleDeclarationsTest {

    private static JsonNode elementals() {
        WorldModules modules = BuiltInModules.catalog().resolve("elements", List.of("elementals"), Map.of());
        return ModuleDeclarations.json(modules).get(0);
    }

    @Test
    void elementalsDeclaresItsActionAttributeCellsAndReasons() {
        JsonNode module = elementals();

        assertThat(module.path("name").asString()).isEqualTo("elementals");
        assertThat(module.path("actions").get(0).path("name").asString()).isEqualTo("cast");
        assertThat(module.path("actions").get(0).path("fields").path("dir").path("type").asString())
                .isEqualTo("dir");
        JsonNode hp = module.path("attributes").get(0);
        assertThat(List.of(hp.path("name").asString(), hp.path("min").asInt(), hp.path("max").asInt(),
                hp.path("default").asInt())).containsExactly("hp", 0, 100, 100);
        assertThat(module.path("reasons").get(0).asString()).isEqualTo("no_element");
    }

    @Test
    void looksGoBesideTheContractsKeys() {
        JsonNode module = elementals();

        assertThat(module.path("attributes").get(0).path("show").asString()).isEqualTo("bar");
        JsonNode cells = module.path("cells");
        assertThat(cells.get(0).path("name").asString()).isEqualTo("fire");
        assertThat(cells.get(0).path("colour").asString()).isEqualTo("#ff5a1f");
        assertThat(cells.get(3).path("name").asString()).isEqualTo("earth");
        assertThat(cells.get(3).path("colour").asString()).isEqualTo("#8b5a2b");
    }

    @Test
    void aCellWithoutAColourHasNoColourKeyAndAnAttributeIsANumberUnlessSaid() {
        ModuleSpec spec = ModuleSpec.builder("plain").attribute("mana", 0, 9, 0).cell(1, "moss").build();
        GameModule plain = new GameModule() {
            @Override
            public ModuleSpec spec() {
                return spec;
            }

            @Override
            public ModuleRules rules(ModuleSettings settings) {
                return new ModuleRules() {
                    @Override
                    public String act(ModuleWorld world, int entity, int action, int[] fields) {
                        return null;
                    }
                };
            }
        };
        JsonNode module = ModuleDeclarations.json(ModuleCatalog.of(plain).resolve("p", List.of("plain"), Map.of()))
                .get(0);

        assertThat(module.path("cells").get(0).has("colour")).isFalse();
        assertThat(module.path("attributes").get(0).path("show").asString()).isEqualTo("number");
    }
}
