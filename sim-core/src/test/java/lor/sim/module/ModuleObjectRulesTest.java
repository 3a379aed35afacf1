package lor.sim.module;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;

import lor.sim.content.ObjectRule;
import org.junit.jupiter.api.Test;

/** What a module's object rules may be, and how a catalog registers them for a pack. */
class ModuleObjectRulesTest {

    private static final ObjectRule.Factory NOTHING = pack -> object -> { };

    private static GameModule module(ModuleSpec spec) {
        return FixedModule.of(spec, (world, entity, action, fields) -> "unknown_action");
    }

    @Test
    void aDeclarationRefusesABadRuleIdARuleDeclaredTwiceAndNoFactory() {
        assertThatThrownBy(() -> ModuleSpec.builder("mills").objectRule("Mill", NOTHING).build())
                .isInstanceOf(ModuleException.class)
                .hasMessage("module mills: object rule name \"Mill\" must match " + ModuleNames.PATTERN);
        assertThatThrownBy(() -> ModuleSpec.builder("mills").objectRule("mill", NOTHING).objectRule("mill", NOTHING)
                .build()).hasMessage("module mills: the object rule \"mill\" is declared twice");
        assertThatThrownBy(() -> ModuleSpec.builder("mills").objectRule("mill", null).build())
                .hasMessage("module mills: object rule \"mill\" has no factory");
        assertThat(ModuleSpec.builder("mills").objectRule("mill", NOTHING).build().objectRules())
                .extracting(ObjectRuleSpec::id).containsExactly("mill");
    }

    @Test
    void aCatalogRegistersOnlyTheRulesOfTheModulesNamedAndRefusesARuleProvidedTwice() {
        GameModule mills = module(ModuleSpec.builder("mills").objectRule("mill", NOTHING).build());
        GameModule saws = module(ModuleSpec.builder("saws").objectRule("saw", NOTHING).build());
        GameModule rival = module(ModuleSpec.builder("rival").objectRule("mill", NOTHING).build());
        ModuleCatalog catalog = ModuleCatalog.of(mills, saws, rival);

        assertThat(catalog.objectRules(List.of("mills")).ids()).containsExactly("mill");
        assertThat(catalog.objectRules(List.of("saws", "mills", "absent")).ids()).containsExactly("mill", "saw");
        assertThat(catalog.objectRules(null).ids()).isEmpty();
        assertThatThrownBy(() -> catalog.objectRules(List.of("mills", "rival")))
                .isInstanceOf(ModuleException.class)
                .hasMessage("modules mills and rival both declare the object rule \"mill\"");
        assertThatThrownBy(() -> catalog.resolve("p", List.of("mills", "rival"), Map.of()))
                .hasMessage("modules mills and rival both declare the object rule \"mill\"");
    }
}
