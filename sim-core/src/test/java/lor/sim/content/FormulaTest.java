package lor.sim.content;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class FormulaTest {

    private static final Map<String, Integer> ITEMS = Map.of("a", 0, "b", 1, "c", 2);
    private static final Map<String, Integer> LINES = Map.of("day", 0, "night", 1);

    /** A stock of three items with unlimited slots, capacity 100. */
    private static final class Stock implements ObjectContext {
        final int[] counts = new int[3];
        int line;
        int sets;

        @Override
        public int count(int item) {
            return counts[item];
        }

        @Override
        public void set(int item, int count) {
            counts[item] = Math.max(0, Math.min(capacity(), count));
            sets++;
        }

        @Override
        public int line() {
            return line;
        }

        @Override
        public int capacity() {
            return 100;
        }
    }

    private static int eval(String expression, int a, int b, int line) {
        Formula f = new FormulaCompiler(ITEMS, LINES).compile("f", Arrays.asList((String) null),
                List.of(Map.of("c", expression)));
        Stock s = new Stock();
        s.counts[0] = a;
        s.counts[1] = b;
        s.line = line;
        f.run(s, new int[f.maxStack()]);
        return s.counts[2];
    }

    @Test
    void followsPrecedenceAndAssociativity() {
        assertThat(eval("1 + 2 * 3", 0, 0, 0)).isEqualTo(7);
        assertThat(eval("(1 + 2) * 3", 0, 0, 0)).isEqualTo(9);
        assertThat(eval("20 - 5 - 3", 0, 0, 0)).isEqualTo(12);
        assertThat(eval("40 / 4 / 2", 0, 0, 0)).isEqualTo(5);
        assertThat(eval("a - -b", 3, 4, 0)).isEqualTo(7);
        assertThat(eval("17 % 5 + a * b", 2, 3, 0)).isEqualTo(8);
    }

    @Test
    void aRightOperandThatIsANumberOrAnItemAnswersAsAnyOtherExpression() {
        // The compiler folds a number or an item on the right into the operation; a parenthesised sum is not
        // folded, so the three forms run different instructions and must agree, and with Java's arithmetic.
        String[] ops = {"+", "-", "*", "/", "%", "<", "<=", ">", ">=", "==", "!=", "&&", "||"};
        for (String op : ops) {
            for (int a = 0; a <= 12; a++) {
                for (int b = 0; b <= 12; b++) {
                    int expected = Math.max(0, Math.min(100, java(op, 3 * a, b)));
                    String left = "a * 3 " + op + " ";
                    assertThat(eval(left + b, a, b, 0)).as("a=%d %s %d (number)", a, op, b).isEqualTo(expected);
                    assertThat(eval(left + "b", a, b, 0)).as("a=%d %s b=%d (item)", a, op, b).isEqualTo(expected);
                    assertThat(eval(left + "(b + a - a)", a, b, 0)).as("a=%d %s (b=%d) (expression)", a, op, b)
                            .isEqualTo(expected);
                }
            }
        }
    }

    private static int java(String op, int x, int y) {
        return switch (op) {
            case "+" -> x + y;
            case "-" -> x - y;
            case "*" -> x * y;
            case "/" -> y == 0 ? 0 : x / y;
            case "%" -> y == 0 ? 0 : x % y;
            case "<" -> x < y ? 1 : 0;
            case "<=" -> x <= y ? 1 : 0;
            case ">" -> x > y ? 1 : 0;
            case ">=" -> x >= y ? 1 : 0;
            case "==" -> x == y ? 1 : 0;
            case "!=" -> x != y ? 1 : 0;
            case "&&" -> x != 0 && y != 0 ? 1 : 0;
            case "||" -> x != 0 || y != 0 ? 1 : 0;
            default -> throw new IllegalArgumentException(op);
        };
    }

    @Test
    void comparesAndCombinesAsOneOrZero() {
        assertThat(eval("a < b", 1, 2, 0)).isEqualTo(1);
        assertThat(eval("a >= b", 1, 2, 0)).isZero();
        assertThat(eval("a == 1 && b != 1", 1, 2, 0)).isEqualTo(1);
        assertThat(eval("a > 5 || b <= 2", 1, 2, 0)).isEqualTo(1);
        assertThat(eval("!a + !0", 3, 0, 0)).isEqualTo(1);
        assertThat(eval("1 + 2 < 2 + 2", 0, 0, 0)).isEqualTo(1);
    }

    @Test
    void readsTheLineAndCapacity() {
        assertThat(eval("on(night) * 10 + line", 0, 0, 1)).isEqualTo(11);
        assertThat(eval("on(night)", 0, 0, 0)).isZero();
        assertThat(eval("capacity - 1", 0, 0, 0)).isEqualTo(99);
        assertThat(eval("min(a, b) + max(a, 7)", 4, 9, 0)).isEqualTo(11);
    }

    @Test
    void divisionByZeroIsZeroAndValuesClampToTheSlot() {
        assertThat(eval("a / b + a % b", 5, 0, 0)).isZero();
        assertThat(eval("a * 1000", 5, 0, 0)).isEqualTo(100);
        assertThat(eval("0 - a", 5, 0, 0)).isZero();
    }

    @Test
    void aRuleSetsFromTheStockAsItStoodAndSkipsWhenFalse() {
        Formula f = new FormulaCompiler(ITEMS, LINES).compile("swap", Arrays.asList("a > 0", "c > 50"),
                List.of(TestPacks.smap("a", "b", "b", "a"), TestPacks.smap("a", "0")));
        Stock s = new Stock();
        s.counts[0] = 3;
        s.counts[1] = 8;
        f.run(s, new int[f.maxStack()]);
        assertThat(s.counts).containsExactly(8, 3, 0);
        assertThat(s.sets).isEqualTo(2);
        assertThat(f.readsLine()).isFalse();
    }

    @Test
    void reportsWhereAnExpressionGoesWrong() {
        FormulaCompiler compiler = new FormulaCompiler(ITEMS, LINES);
        assertThatThrownBy(() -> compiler.compile("f", Arrays.asList((String) null),
                List.of(Map.of("c", "a + gold")))).hasMessage(
                "rules[0].set.c: \"gold\" is not an item at column 9 in \"a + gold\"");
        assertThatThrownBy(() -> new FormulaCompiler(ITEMS, LINES).compile("f", Arrays.asList((String) null),
                List.of(Map.of("c", "on(dusk)")))).hasMessage(
                "rules[0].set.c: \"dusk\" is not a clock line at column 8 in \"on(dusk)\"");
        assertThatThrownBy(() -> new FormulaCompiler(ITEMS, LINES).compile("f", Arrays.asList((String) null),
                List.of(Map.of("c", "a + (b")))).hasMessageContaining("expected \")\"");
        assertThatThrownBy(() -> new FormulaCompiler(ITEMS, LINES).compile("f", Arrays.asList((String) null),
                List.of(Map.of("c", "a b")))).hasMessageContaining("unexpected \"b\" at column 3");
        assertThatThrownBy(() -> new FormulaCompiler(ITEMS, LINES).compile("f", Arrays.asList((String) null),
                List.of(Map.of("c", "99999999999")))).hasMessageContaining("is larger than 2147483647");
        assertThatThrownBy(() -> new FormulaCompiler(ITEMS, LINES).compile("f", Arrays.asList((String) null),
                List.of(Map.of("d", "1")))).hasMessage("rules[0].set: \"d\" is not an item");
    }
}
