package lor.sim.module;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ModuleSpecTest {

    static ModuleSpec.Builder elementals() {
        return ModuleSpec.builder("elementals")
                .action("cast", FieldSpec.dir("dir"), FieldSpec.oneOf("element", "fire", "water", "earth", "air"))
                .attribute("hp", 0, 100, 100)
                .cell(1, "fire").cell(2, "ash").cell(3, "water").blockingCell(4, "earth")
                .reasons("no_element");
    }

    @Test
    void aDeclarationWithinTheContractsRulesIsKept() {
        ModuleSpec spec = elementals().build();
        assertThat(spec.apiVersion()).isEqualTo(ModuleApi.VERSION);
        assertThat(spec.actions()).extracting(ActionSpec::name).containsExactly("cast");
        assertThat(spec.actions().get(0).fields()).extracting(FieldSpec::type)
                .containsExactly(FieldType.DIR, FieldType.ENUM);
        assertThat(spec.actions().get(0).fieldIndex("element")).isEqualTo(1);
        assertThat(spec.actions().get(0).fieldIndex("seq")).isEqualTo(-1);
        assertThat(spec.cell(4).blocksMovement()).isTrue();
        assertThat(spec.cell(2).blocksMovement()).isFalse();
        assertThat(spec.cell(5)).isNull();
        assertThat(spec.attributes().get(0).clamp(140)).isEqualTo(100);
        assertThat(spec.attributes().get(0).clamp(-3)).isZero();
    }

    @Test
    void everyBadDeclarationIsRefusedNamingTheModuleAndTheEntry() {
        assertRefused(ModuleSpec.builder("Elementals"), "module name \"Elementals\" must match");
        assertRefused(ModuleSpec.builder("a".repeat(33)), "must match [a-z][a-z0-9_]{0,31}");
        assertRefused(ModuleSpec.builder("m").action("cast-fire"), "module m: action name \"cast-fire\"");
        assertRefused(ModuleSpec.builder("m").action("cast").action("cast"),
                "module m: the action \"cast\" is declared twice");
        assertRefused(ModuleSpec.builder("m").action("cast", FieldSpec.dir("seq")),
                "module m: action \"cast\": field \"seq\" is a key of the act message itself");
        assertRefused(ModuleSpec.builder("m").action("cast", FieldSpec.dir("d"), FieldSpec.item("d")),
                "module m: action \"cast\" declares the field \"d\" twice");
        assertRefused(ModuleSpec.builder("m").action("push", FieldSpec.integer("force", 5, 1)),
                "module m: action \"push\": field \"force\" has its minimum 5 above its maximum 1");
        assertRefused(ModuleSpec.builder("m").action("cast", FieldSpec.oneOf("element")),
                "field \"element\" is an enum without values");
        assertRefused(ModuleSpec.builder("m").action("cast", FieldSpec.oneOf("element", "fire", "fire")),
                "field \"element\" lists the value \"fire\" twice");
        assertRefused(ModuleSpec.builder("m").action("cast", FieldSpec.oneOf("element", "Fire")),
                "module m: action \"cast\": field \"element\": enum value name \"Fire\"");
        assertRefused(ModuleSpec.builder("m").attribute("hp", 0, 100, 101),
                "module m: attribute \"hp\" has its default 101 outside 0..100");
        assertRefused(ModuleSpec.builder("m").attribute("hp", 10, 0, 5),
                "module m: attribute \"hp\" has its minimum 10 above its maximum 0");
        assertRefused(ModuleSpec.builder("m").attribute("hp", 0, 1, 0).attribute("hp", 0, 1, 0),
                "module m: the attribute \"hp\" is declared twice");
        assertRefused(ModuleSpec.builder("m").cell(0, "fire"),
                "module m: cell value \"fire\" is 0: cell values are 1 or more");
        assertRefused(ModuleSpec.builder("m").cell(1, "fire").cell(1, "ash"),
                "module m: the cell value 1 is named twice");
        assertRefused(ModuleSpec.builder("m").cell(1, "fire").cell(2, "fire"),
                "module m: the cell value \"fire\" is declared twice");
        assertRefused(ModuleSpec.builder("m").reasons("no element"), "module m: reason name \"no element\"");
        assertRefused(ModuleSpec.builder("m").cell(1, "fire").colour(1, "red"),
                "module m: cell value \"fire\" has the colour \"red\": a colour is # and six hexadecimal digits");
        assertRefused(ModuleSpec.builder("m").cell(1, "fire").colour(1, "#ff5a1g"), "has the colour \"#ff5a1g\"");
        assertThatThrownBy(() -> ModuleSpec.builder("m").colour(1, "#ff5a1f")).isInstanceOf(ModuleException.class)
                .hasMessageContaining("module m: a colour for the cell value 1, which is not declared before it");
        assertThatThrownBy(() -> ModuleSpec.builder("m").shown("hp", AttributeLook.BAR))
                .isInstanceOf(ModuleException.class)
                .hasMessageContaining("module m: a look for the attribute \"hp\", which is not declared before it");
    }

    @Test
    void looksAreKeptWithWhatTheyDescribe() {
        ModuleSpec spec = elementals().colour(1, "#ff5a1f").colour(4, "#8B5A2B").shown("hp", AttributeLook.BAR)
                .build();

        assertThat(spec.cell(1).colour()).isEqualTo("#ff5a1f");
        assertThat(spec.cell(4).colour()).isEqualTo("#8B5A2B");
        assertThat(spec.cell(4).blocksMovement()).as("painting keeps the wall").isTrue();
        assertThat(spec.cell(2).colour()).isNull();
        assertThat(spec.attributes().get(0).look()).isEqualTo(AttributeLook.BAR);
        assertThat(spec.attributes().get(0).defaultValue()).isEqualTo(100);
        assertThat(elementals().build().attributes().get(0).look()).isEqualTo(AttributeLook.NUMBER);
    }

    private static void assertRefused(ModuleSpec.Builder builder, String message) {
        assertThatThrownBy(builder::build).isInstanceOf(ModuleException.class).hasMessageContaining(message);
    }
}
