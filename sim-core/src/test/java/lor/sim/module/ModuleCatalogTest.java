package lor.sim.module;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.Set;

import lor.sim.content.ContentException;
import org.junit.jupiter.api.Test;

class ModuleCatalogTest {

    private static GameModule module(ModuleSpec.Builder spec) {
        return module(spec.build());
    }

    private static GameModule module(ModuleSpec built) {
        return new GameModule() {
            @Override
            public ModuleSpec spec() {
                return built;
            }

            @Override
            public ModuleRules rules(ModuleSettings settings) {
                settings.onlyKeys(Set.of("regrow_ticks"));
                settings.integer("regrow_ticks", 200, 1, 10_000);
                return (world, entity, action, fields) -> null;
            }
        };
    }

    private final GameModule elementals = module(ModuleSpecTest.elementals());
    private final GameModule weather = module(ModuleSpec.builder("weather").attribute("wet", 0, 10, 0)
            .action("shelter"));

    @Test
    void aWorldGetsTheModulesItsPackNamesInThePacksOrder() {
        ModuleCatalog catalog = ModuleCatalog.of(elementals, weather);
        assertThat(catalog.names()).containsExactly("elementals", "weather");

        WorldModules world = catalog.resolve("elements", List.of("weather", "elementals"), Map.of());
        assertThat(world.specs()).containsExactly(weather.spec(), elementals.spec());
        assertThat(world.attributes()).extracting(AttributeSpec::name).containsExactly("wet", "hp");
        assertThat(world.action("cast").module()).isEqualTo(1);
        assertThat(world.action("shelter").module()).isZero();
        assertThat(world.action("move")).isNull();
        assertThat(catalog.resolve("plain", List.of(), Map.of()).isEmpty()).isTrue();
        assertThat(WorldModules.none().action("cast")).isNull();
    }

    @Test
    void aMissingModuleAnotherApiVersionOrAClashFailsNamingTheModule() {
        ModuleCatalog catalog = ModuleCatalog.of(elementals, weather);
        assertThatThrownBy(() -> catalog.resolve("elements", List.of("elementals", "tides"), Map.of()))
                .isInstanceOf(ModuleException.class)
                .hasMessage("pack elements names the module \"tides\", which this server does not have (it has "
                        + "[elementals, weather])");
        assertThatThrownBy(() -> catalog.resolve("elements", List.of("elementals", "elementals"), Map.of()))
                .hasMessage("pack elements names the module elementals twice");

        ModuleCatalog newer = ModuleCatalog.of(module(ModuleSpec.builder("tides").apiVersion(ModuleApi.VERSION + 1)));
        assertThatThrownBy(() -> newer.resolve("sea", List.of("tides"), Map.of()))
                .hasMessage("module tides was written for module API version " + (ModuleApi.VERSION + 1)
                        + "; this server runs version " + ModuleApi.VERSION);

        GameModule fire = module(ModuleSpec.builder("fire").action("cast"));
        GameModule health = module(ModuleSpec.builder("health").attribute("hp", 0, 10, 10));
        ModuleCatalog clashing = ModuleCatalog.of(elementals, fire, health);
        assertThatThrownBy(() -> clashing.resolve("p", List.of("elementals", "fire"), Map.of()))
                .hasMessage("modules elementals and fire both declare the action \"cast\"");
        assertThatThrownBy(() -> clashing.resolve("p", List.of("elementals", "health"), Map.of()))
                .hasMessage("modules elementals and health both declare the attribute \"hp\"");
        assertThat(clashing.resolve("p", List.of("fire", "health"), Map.of()).size()).isEqualTo(2);
    }

    @Test
    void aCatalogRefusesABadDeclarationAndANameTakenTwice() {
        ModuleCatalog catalog = ModuleCatalog.of(elementals);
        assertThatThrownBy(() -> catalog.register(elementals)).hasMessage("module elementals is provided twice");
        ModuleSpec bad = new ModuleSpec("bad", ModuleApi.VERSION, List.of(), List.of(AttributeSpec.of("hp", 0, 1, 2)),
                List.of(), List.of(), List.of());
        assertThatThrownBy(() -> catalog.register(module(bad)))
                .hasMessage("module bad: attribute \"hp\" has its default 2 outside 0..1");
    }

    @Test
    void aModuleReadsItsSettingsSectionAndRefusesWhatItDoesNotKnow() {
        ModuleCatalog catalog = ModuleCatalog.of(elementals, weather);
        assertThat(catalog.resolve("elements", List.of("elementals"),
                Map.of("elementals", Map.of("regrow_ticks", 100))).size()).isEqualTo(1);
        assertThatThrownBy(() -> catalog.resolve("elements", List.of("elementals"),
                Map.of("elementals", Map.of("regrow_tick", 100))))
                .isInstanceOf(ContentException.class)
                .hasMessage("settings.elementals \"regrow_tick\": module elementals has no such setting "
                        + "(it has [regrow_ticks])");
        assertThatThrownBy(() -> catalog.resolve("elements", List.of("elementals"),
                Map.of("elementals", Map.of("regrow_ticks", 0))))
                .hasMessage("settings.elementals \"regrow_ticks\": must be from 1 to 10000, not 0");
        assertThatThrownBy(() -> catalog.resolve("elements", List.of("elementals"),
                Map.of("weather", Map.of())))
                .hasMessage("settings.weather: pack elements has settings for a module it does not name in "
                        + "\"modules\"");
    }
}
