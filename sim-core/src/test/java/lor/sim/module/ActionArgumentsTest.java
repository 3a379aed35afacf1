package lor.sim.module;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;

import lor.sim.content.ContentPack;
import lor.sim.content.TestPacks;
import lor.sim.grid.Direction;
import org.junit.jupiter.api.Test;

class ActionArgumentsTest {

    private static final ContentPack PACK = TestPacks.compiled(TestPacks.economy());
    private static final ActionSpec CAST = ActionSpec.of("cast", FieldSpec.dir("dir"),
            FieldSpec.oneOf("element", "fire", "water", "earth", "air"));
    private static final ActionSpec GIVE = ActionSpec.of("give", FieldSpec.item("item"), FieldSpec.kind("to"),
            FieldSpec.integer("count", 1, 20));

    private static Map<String, Object> fields(Object... pairs) {
        Map<String, Object> m = new HashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            m.put((String) pairs[i], pairs[i + 1]);
        }
        return m;
    }

    @Test
    void declaredFieldsReachTheModuleAsOneIntEachInDeclarationOrder() {
        ActionArguments.Checked cast = ActionArguments.check(CAST, fields("element", "earth", "dir", "W"), PACK);
        assertThat(cast.ok()).isTrue();
        assertThat(cast.values()).containsExactly(Direction.W.code(), 2);

        ActionArguments.Checked give = ActionArguments.check(GIVE, fields("item", "coal", "to", "crate",
                "count", 20L), PACK);
        assertThat(give.ok()).isTrue();
        assertThat(give.values()).containsExactly(PACK.itemIndex("coal"), PACK.kindIndex("crate"), 20);
        assertThat(ActionArguments.check(ActionSpec.of("wave"), Map.of(), PACK).values()).isEmpty();
    }

    @Test
    void aFieldMissingOfAnotherTypeOutOfRangeUnknownOrUndeclaredIsRefused() {
        assertRefused(CAST, fields("dir", "N"), "the field element is missing");
        assertRefused(CAST, fields("dir", "N", "element", "fire", "power", 3),
                "the action cast has no field \"power\"");
        assertRefused(CAST, fields("dir", "NE", "element", "fire"), "the field dir must be N, E, S or W, not \"NE\"");
        assertRefused(CAST, fields("dir", 1, "element", "fire"), "the field dir must be N, E, S or W, not 1");
        assertRefused(CAST, fields("dir", "N", "element", "Fire"),
                "the field element must be one of [fire, water, earth, air], not \"Fire\"");
        assertRefused(CAST, fields("dir", "N", "element", null), "not null");
        assertRefused(GIVE, fields("item", "gold", "to", "crate", "count", 1),
                "the field item must be an item of this world's pack, not \"gold\"");
        assertRefused(GIVE, fields("item", "coal", "to", "oven", "count", 1),
                "the field to must be an object kind of this world's pack, not \"oven\"");
        assertRefused(GIVE, fields("item", "coal", "to", "crate", "count", 21),
                "the field count must be an integer from 1 to 20, not 21");
        assertRefused(GIVE, fields("item", "coal", "to", "crate", "count", 0), "not 0");
        assertRefused(GIVE, fields("item", "coal", "to", "crate", "count", 1.5), "not 1.5");
        assertRefused(GIVE, fields("item", "coal", "to", "crate", "count", "3"), "not \"3\"");
        assertRefused(GIVE, fields("item", "coal", "to", "crate", "count", 1L << 40), "not 1099511627776");
        assertRefused(ActionSpec.of("push", FieldSpec.integer("by", Integer.MIN_VALUE + 1, 0)),
                fields("by", (long) Integer.MIN_VALUE), "not -2147483648");
        assertRefused(ActionSpec.of("push", FieldSpec.integer("by", Integer.MIN_VALUE, 0)),
                fields("by", Long.MIN_VALUE), "not -9223372036854775808");
    }

    @Test
    void anIntFieldTakesEveryValueOfItsBoundsEvenTheSmallestInt() {
        ActionSpec push = ActionSpec.of("push", FieldSpec.integer("by", Integer.MIN_VALUE, Integer.MAX_VALUE));
        assertThat(ActionArguments.check(push, fields("by", Integer.MIN_VALUE), PACK).values())
                .containsExactly(Integer.MIN_VALUE);
        assertThat(ActionArguments.check(push, fields("by", (long) Integer.MAX_VALUE), PACK).values())
                .containsExactly(Integer.MAX_VALUE);
    }

    @Test
    void aRefusalQuotesNoMoreThanTheStartOfAClientsString() {
        String hostile = "x".repeat(10_000);
        ActionArguments.Checked checked = ActionArguments.check(CAST, fields("dir", hostile, "element", "fire"), PACK);
        assertThat(checked.refusal()).hasSizeLessThan(120).endsWith("…\"");
        assertThat(ActionArguments.check(CAST, fields(hostile, 1), PACK).refusal()).hasSizeLessThan(120);
    }

    private static void assertRefused(ActionSpec action, Map<String, Object> fields, String why) {
        ActionArguments.Checked checked = ActionArguments.check(action, fields, PACK);
        assertThat(checked.ok()).isFalse();
        assertThat(checked.values()).isNull();
        assertThat(checked.refusal()).contains(why);
    }
}
