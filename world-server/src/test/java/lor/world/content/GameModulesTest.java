package lor.world.content;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;

import lor.sim.builtin.elementals.ElementalsSettings;
import lor.sim.content.ContentPack;
import lor.sim.content.PackDef;
import lor.sim.content.RuleRegistry;
import lor.sim.module.AttributeSpec;
import lor.sim.module.ModuleApi;
import lor.sim.module.ModuleSettings;
import lor.sim.module.WorldModules;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GameModulesTest {

    @TempDir
    Path dir;

    @Test
    void theBuiltInModulesResolveAndAPackWithoutModulesRunsNone() {
        WorldModules elements = GameModules.resolve(ContentPacks.load("elements", null, RuleRegistry.empty()), null);

        assertThat(elements.size()).isEqualTo(1);
        assertThat(elements.spec(0).name()).isEqualTo("elementals");
        assertThat(elements.action("cast")).isNotNull();
        assertThat(elements.attributes()).extracting(AttributeSpec::name).containsExactly("hp");
        assertThat(GameModules.resolve(ContentPacks.load("default", null, RuleRegistry.empty()),
                dir.resolve("not-there")).isEmpty()).as("a pack without modules reads no modules dir").isTrue();
        assertThat(GameModules.resolve(ContentPack.empty(), null).isEmpty()).isTrue();
    }

    @Test
    void theShippedElementsPackWritesOutEveryElementalsSettingAtItsDefault() {
        ContentPack pack = ContentPacks.load("elements", null, RuleRegistry.empty());

        assertThat(pack.modules()).containsExactly("elementals");
        Map<String, Integer> section = pack.moduleSettings().get("elementals");
        assertThat(section).hasSize(ElementalsSettings.class.getRecordComponents().length);
        assertThat(ElementalsSettings.read(new ModuleSettings("elementals", section)))
                .isEqualTo(ElementalsSettings.defaults());
        assertThat(List.of("fire", "water", "earth", "air")).allSatisfy(item -> {
            assertThat(pack.itemIndex(item)).isGreaterThanOrEqualTo(0);
            assertThat(pack.startCount(pack.itemIndex(item))).isEqualTo(10);
        });
        assertThat(pack.itemCount()).isEqualTo(4);
    }

    @Test
    void theKilnsPackCompilesItsKilnWithTheKilnsModulesJavaRule() {
        GameModules.WorldContent kilns = GameModules.load("kilns", null, null);

        assertThat(kilns.modules().size()).isEqualTo(1);
        assertThat(kilns.modules().spec(0).name()).isEqualTo("kilns");
        assertThat(kilns.pack().kind(kilns.pack().kindIndex("kiln")).rule()).isNotNull();
        assertThat(kilns.pack().kind(kilns.pack().kindIndex("kiln")).every()).isEqualTo(40);
        assertThatThrownBy(() -> ContentPacks.load("kilns", null, RuleRegistry.empty()))
                .as("without the module's rules the pack does not compile")
                .hasMessageContaining("objects[0] \"kiln\".rule: no Java rule is registered as \"kiln\"");
        assertThat(GameModules.load("default", null, null).modules().isEmpty()).isTrue();
    }

    @Test
    void aRuleNoNamedModuleProvidesFailsNamingTheFileAndTheEntry() throws IOException {
        Path packs = Files.createDirectories(dir.resolve("packs"));
        Files.writeString(packs.resolve("mill.json"), """
                {"items": ["wood", "coal"], "clock": {"lines": ["day"], "ticksPerLine": 10},
                 "modules": ["elementals"],
                 "objects": [{"kind": "crate"}, {"kind": "kiln", "rule": "kiln"}]}
                """);
        String file = packs.resolve("mill.json").toString();
        assertThatThrownBy(() -> GameModules.load("mill", packs, null))
                .isInstanceOf(ContentLoadException.class)
                .hasMessage(file + ": objects[1] \"kiln\".rule: no Java rule is registered as \"kiln\" (Java rules "
                        + "come from the game modules the pack names in \"modules\"; those provide [])");

        Files.writeString(packs.resolve("mill.json"), """
                {"items": ["wood", "coal"], "modules": ["mills"], "objects": [{"kind": "kiln", "rule": "mill"}]}
                """);
        assertThatThrownBy(() -> GameModules.load("mill", packs, null))
                .as("a missing module is named rather than the rule it would have provided")
                .hasMessage(file + ": modules[0]: pack mill names the module mills, which this server does not "
                        + "have (it has [elementals, kilns]); modules dir: none");

        Files.writeString(packs.resolve("mill.json"), """
                {"items": ["wood"], "modules": ["kilns"], "objects": [{"kind": "kiln", "rule": "kiln"}]}
                """);
        assertThatThrownBy(() -> GameModules.load("mill", packs, null))
                .hasMessage(file + ": objects[0] \"kiln\".rule: Java rule \"kiln\" cannot run on this pack: the pack "
                        + "has no item \"coal\"");
    }

    @Test
    void aMissingModuleFailsNamingItTheModulesThisServerHasAndTheModulesDir() {
        ContentPack pack = pack(List.of("elementals", "tides"));

        assertThatThrownBy(() -> GameModules.resolve(pack, null))
                .isInstanceOf(ContentLoadException.class)
                .hasMessage("content pack p: modules[1]: pack p names the module tides, which this server does not "
                        + "have (it has [elementals, kilns]); modules dir: none");
        assertThatThrownBy(() -> GameModules.resolve(pack, "/srv/lor/packs/p.json", dir))
                .hasMessage("/srv/lor/packs/p.json: modules[1]: pack p names the module tides, which this server "
                        + "does not have (it has [elementals, kilns]); modules dir: " + dir);
    }

    @Test
    void badSettingsFailNamingThePacksFileAndTheEntry() throws IOException {
        Path packs = Files.createDirectories(dir.resolve("packs"));
        Files.writeString(packs.resolve("elements.json"), """
                {"name": "elements", "items": ["fire", "water", "earth", "air"], "modules": ["elementals"],
                 "settings": {"elementals": {"regrow_ticks": 100, "burn_ticks": 0}}}
                """);
        ContentPack outOfRange = ContentPacks.load("elements", packs, RuleRegistry.empty());
        String file = ContentPacks.label("elements", packs);
        assertThat(file).isEqualTo(packs.resolve("elements.json").toString());

        assertThatThrownBy(() -> GameModules.resolve(outOfRange, file, null))
                .isInstanceOf(ContentLoadException.class)
                .hasMessage(file + ": settings.elementals \"burn_ticks\": must be from 1 to 1728000, not 0");

        Files.writeString(packs.resolve("elements.json"), """
                {"modules": ["elementals"], "settings": {"elementals": {"burn_tick": 40}}}
                """);
        ContentPack unknown = ContentPacks.load("elements", packs, RuleRegistry.empty());
        assertThatThrownBy(() -> GameModules.resolve(unknown, file, null))
                .hasMessageStartingWith(file + ": settings.elementals \"burn_tick\": module elementals has no such "
                        + "setting (it has [");
        assertThat(ContentPacks.label("elements", null)).isEqualTo("content/elements.json (built in)");
    }

    @Test
    void aStudiosModuleComesFromAJarInTheModulesDirWithItsSettings() throws IOException {
        jar("tides.jar", StudioModules.Tides.class.getName());

        WorldModules modules = GameModules.resolve(pack(List.of("elementals", "tides"), "tides",
                Map.of("period", 50)), dir);

        assertThat(modules.size()).isEqualTo(2);
        assertThat(modules.spec(1).name()).isEqualTo("tides");
        assertThat(modules.attributes()).extracting(AttributeSpec::name).containsExactly("hp", "wet");
        assertThat(modules.action("wade").module()).isEqualTo(1);
        assertThatThrownBy(() -> GameModules.resolve(pack(List.of("tides"), "tides", Map.of("period", 0)), dir))
                .hasMessage("content pack p: settings.tides \"period\": must be from 1 to 1000, not 0");
        assertThat(GameModules.resolve(pack(List.of("elementals")), dir).size()).isEqualTo(1);
    }

    @Test
    void aJarThatIsNotOneFailsOnlyWorldsNamingAModuleThisServerLacks() throws IOException {
        Files.writeString(dir.resolve("broken.jar"), "not a zip");
        jar("tides.jar", StudioModules.Tides.class.getName());

        assertThat(GameModules.resolve(pack(List.of("elementals")), dir).size()).isEqualTo(1);
        assertThat(GameModules.resolve(pack(List.of("tides")), dir).spec(0).name()).isEqualTo("tides");
        assertThatThrownBy(() -> GameModules.resolve(pack(List.of("currents")), dir))
                .hasMessageStartingWith("content pack p: modules[0]: pack p names the module currents, which this "
                        + "server does not have (it has [elementals, kilns, tides]); modules dir: " + dir
                        + "; not loaded there: " + dir.resolve("broken.jar") + " is not a readable jar (");
    }

    @Test
    void aModuleThatCannotBeMadeOrDeclaredNamesItsJarInTheReasonOfWorldsThatLackAModule() throws IOException {
        jar("unlicensed.jar", StudioModules.Unlicensed.class.getName());
        jar("unready.jar", "# the module of the studio's tests", StudioModules.Unready.class.getName());
        jar("ghost.jar", "lor.world.content.NoSuchModule");

        assertThat(GameModules.resolve(pack(List.of("elementals")), dir).size()).isEqualTo(1);
        assertThatThrownBy(() -> GameModules.resolve(pack(List.of("tides")), dir))
                .hasMessageStartingWith("content pack p: modules[0]: pack p names the module tides, which this "
                        + "server does not have (it has [elementals, kilns]); modules dir: " + dir
                        + "; not loaded there: ")
                .hasMessageContaining(dir.resolve("ghost.jar") + ": lor.sim.module.GameModule: Provider "
                        + "lor.world.content.NoSuchModule not found")
                .hasMessageContaining(dir.resolve("unlicensed.jar") + ": lor.sim.module.GameModule: Provider "
                        + StudioModules.Unlicensed.class.getName() + " could not be instantiated "
                        + "(java.lang.IllegalStateException: no licence file)")
                .hasMessageContaining(dir.resolve("unready.jar") + ": " + StudioModules.Unready.class.getName()
                        + ".spec() failed: java.lang.IllegalStateException: spec not ready");
    }

    @Test
    void aModuleProvidedTwiceOrForAnotherApiVersionFailsOnlyWorldsNamingIt() throws IOException {
        jar("again.jar", StudioModules.OtherElementals.class.getName());
        jar("currents.jar", StudioModules.Currents.class.getName());
        jar("tides.jar", StudioModules.Tides.class.getName());

        assertThatThrownBy(() -> GameModules.resolve(pack(List.of("elementals")), dir))
                .hasMessage("content pack p: modules[0]: module elementals is provided twice: built in and by "
                        + dir.resolve("again.jar"));
        assertThatThrownBy(() -> GameModules.resolve(pack(List.of("tides", "currents")), dir))
                .hasMessage("content pack p: modules[1]: module currents (" + dir.resolve("currents.jar")
                        + ") was written for module API version " + (ModuleApi.VERSION + 1) + "; this server runs "
                        + "version " + ModuleApi.VERSION);
        assertThat(GameModules.resolve(pack(List.of("tides")), dir).size()).isEqualTo(1);
    }

    @Test
    void aModuleThatFailsToMakeItsRulesIsNamedWithItsJar() throws IOException {
        jar("quakes.jar", StudioModules.Quakes.class.getName());

        assertThatThrownBy(() -> GameModules.resolve(pack(List.of("elementals", "quakes")), dir))
                .isInstanceOf(ContentLoadException.class)
                .hasMessage("content pack p: module quakes (" + dir.resolve("quakes.jar") + ") failed to make its "
                        + "rules: java.lang.IllegalStateException: boom");
    }

    /** A pack named p that names these modules, with settings sections given as {@code module, section, …}. */
    private static ContentPack pack(List<String> modules, Object... sections) {
        Map<String, Map<String, Integer>> settings = new LinkedHashMap<>();
        for (int i = 0; i < sections.length; i += 2) {
            @SuppressWarnings("unchecked")
            Map<String, Integer> section = (Map<String, Integer>) sections[i + 1];
            settings.put((String) sections[i], section);
        }
        return ContentPack.compile(new PackDef("p", List.of(), Map.of(), null, null, null, null, modules, settings),
                RuleRegistry.empty());
    }

    /** A studio's jar in the modules dir, whose service file lists these lines; its classes are the test's. */
    private void jar(String name, String... serviceLines) throws IOException {
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(dir.resolve(name)))) {
            out.putNextEntry(new JarEntry(GameModules.SERVICES));
            out.write((String.join("\n", Arrays.asList(serviceLines)) + "\n").getBytes(UTF_8));
            out.closeEntry();
        }
    }
}
