package lor.sim.content;

/**
 * A formula compiled into a flat program for a small stack machine: what every run of an object that names it
 * executes, with no allocation, no reflection and no strings. Integers only, with Java's wrapping arithmetic, so
 * the browser's compiled copy computes the same values; a division or remainder by zero is 0.
 *
 * <p>The top of the stack lives in a local (the accumulator), the rest in the caller's scratch array, and a binary
 * operation whose right operand is a number or an item reads it straight from the program ({@code +K}, {@code +I}
 * forms): {@code (steam + water + heat) % 1000} is four instructions, none of which touches the array. Each
 * instruction costs a dispatch, which is most of what a run costs.
 */
public final class Formula implements ObjectRule {

    /** The last instruction of every program, so that the loop needs no test of its own. */
    static final int END = 0;
    // Pushes: the accumulator goes onto the array, the new value into the accumulator.
    static final int CONST = 1;
    static final int ITEM = 2;
    static final int LINE = 3;
    static final int ON_LINE = 4;
    static final int CAPACITY = 5;
    // On the accumulator.
    static final int NOT = 6;
    static final int NEG = 7;
    /** Jumps to its operand when the popped value is 0. */
    static final int JUMP_IF_ZERO = 8;
    /** Pops a value into the stock count of its operand's item. */
    static final int STORE = 9;
    // Binary operations on the two top values: the array's top, the accumulator.
    static final int ADD = 16;
    static final int SUB = 17;
    static final int MUL = 18;
    static final int DIV = 19;
    static final int MOD = 20;
    static final int LT = 21;
    static final int LE = 22;
    static final int GT = 23;
    static final int GE = 24;
    static final int EQ = 25;
    static final int NE = 26;
    static final int AND = 27;
    static final int OR = 28;
    static final int MIN = 29;
    static final int MAX = 30;
    /** Added to a binary operation: its right operand is the constant that follows it, nothing is popped. */
    static final int WITH_CONST = 16;
    /** Added to a binary operation: its right operand is the count of the item that follows it. */
    static final int WITH_ITEM = 32;

    static final int ADD_K = ADD + WITH_CONST;
    static final int SUB_K = SUB + WITH_CONST;
    static final int MUL_K = MUL + WITH_CONST;
    static final int DIV_K = DIV + WITH_CONST;
    static final int MOD_K = MOD + WITH_CONST;
    static final int LT_K = LT + WITH_CONST;
    static final int LE_K = LE + WITH_CONST;
    static final int GT_K = GT + WITH_CONST;
    static final int GE_K = GE + WITH_CONST;
    static final int EQ_K = EQ + WITH_CONST;
    static final int NE_K = NE + WITH_CONST;
    static final int AND_K = AND + WITH_CONST;
    static final int OR_K = OR + WITH_CONST;
    static final int MIN_K = MIN + WITH_CONST;
    static final int MAX_K = MAX + WITH_CONST;

    static final int ADD_I = ADD + WITH_ITEM;
    static final int SUB_I = SUB + WITH_ITEM;
    static final int MUL_I = MUL + WITH_ITEM;
    static final int DIV_I = DIV + WITH_ITEM;
    static final int MOD_I = MOD + WITH_ITEM;
    static final int LT_I = LT + WITH_ITEM;
    static final int LE_I = LE + WITH_ITEM;
    static final int GT_I = GT + WITH_ITEM;
    static final int GE_I = GE + WITH_ITEM;
    static final int EQ_I = EQ + WITH_ITEM;
    static final int NE_I = NE + WITH_ITEM;
    static final int AND_I = AND + WITH_ITEM;
    static final int OR_I = OR + WITH_ITEM;
    static final int MIN_I = MIN + WITH_ITEM;
    static final int MAX_I = MAX + WITH_ITEM;

    private final String id;
    private final int[] code;
    private final int maxStack;
    private final boolean readsLine;

    Formula(String id, int[] code, int maxStack, boolean readsLine) {
        this.id = id;
        this.code = code;
        this.maxStack = maxStack;
        this.readsLine = readsLine;
    }

    public String id() {
        return id;
    }

    /** Whether any expression reads the clock's line: such an object must wake when the line changes. */
    public boolean readsLine() {
        return readsLine;
    }

    /** The stack the program needs, known at compile time. */
    public int maxStack() {
        return maxStack;
    }

    /** Runs the program with a fresh stack; {@link #run(ObjectContext, int[])} is the allocation-free form. */
    @Override
    public void run(ObjectContext object) {
        run(object, new int[maxStack]);
    }

    /** @param stack scratch space of at least {@link #maxStack()} ints, owned by the caller's thread */
    public void run(ObjectContext object, int[] stack) {
        int[] c = code;
        int sp = 0;
        // The top of the stack. A push spills it to the array first, even the meaningless 0 below an empty stack
        // (so that the pop after a rule's last store finds something), which is why the array holds maxStack.
        int acc = 0;
        int pc = 0;
        // One flat switch: every run of every awake object goes through here.
        while (true) {
            switch (c[pc++]) {
                case END -> {
                    return;
                }
                case CONST -> {
                    stack[sp++] = acc;
                    acc = c[pc++];
                }
                case ITEM -> {
                    stack[sp++] = acc;
                    acc = object.count(c[pc++]);
                }
                case LINE -> {
                    stack[sp++] = acc;
                    acc = object.line();
                }
                case ON_LINE -> {
                    stack[sp++] = acc;
                    acc = object.line() == c[pc++] ? 1 : 0;
                }
                case CAPACITY -> {
                    stack[sp++] = acc;
                    acc = object.capacity();
                }
                case NOT -> acc = acc == 0 ? 1 : 0;
                case NEG -> acc = -acc;
                case JUMP_IF_ZERO -> {
                    int target = c[pc++];
                    if (acc == 0) {
                        pc = target;
                    }
                    acc = stack[--sp];
                }
                case STORE -> {
                    object.set(c[pc++], acc);
                    acc = stack[--sp];
                }

                case ADD -> acc = stack[--sp] + acc;
                case ADD_K -> acc += c[pc++];
                case ADD_I -> acc += object.count(c[pc++]);

                case SUB -> acc = stack[--sp] - acc;
                case SUB_K -> acc -= c[pc++];
                case SUB_I -> acc -= object.count(c[pc++]);

                case MUL -> acc = stack[--sp] * acc;
                case MUL_K -> acc *= c[pc++];
                case MUL_I -> acc *= object.count(c[pc++]);

                case DIV -> acc = div(stack[--sp], acc);
                case DIV_K -> acc = div(acc, c[pc++]);
                case DIV_I -> acc = div(acc, object.count(c[pc++]));

                case MOD -> acc = mod(stack[--sp], acc);
                case MOD_K -> acc = mod(acc, c[pc++]);
                case MOD_I -> acc = mod(acc, object.count(c[pc++]));

                case LT -> acc = stack[--sp] < acc ? 1 : 0;
                case LT_K -> acc = acc < c[pc++] ? 1 : 0;
                case LT_I -> acc = acc < object.count(c[pc++]) ? 1 : 0;

                case LE -> acc = stack[--sp] <= acc ? 1 : 0;
                case LE_K -> acc = acc <= c[pc++] ? 1 : 0;
                case LE_I -> acc = acc <= object.count(c[pc++]) ? 1 : 0;

                case GT -> acc = stack[--sp] > acc ? 1 : 0;
                case GT_K -> acc = acc > c[pc++] ? 1 : 0;
                case GT_I -> acc = acc > object.count(c[pc++]) ? 1 : 0;

                case GE -> acc = stack[--sp] >= acc ? 1 : 0;
                case GE_K -> acc = acc >= c[pc++] ? 1 : 0;
                case GE_I -> acc = acc >= object.count(c[pc++]) ? 1 : 0;

                case EQ -> acc = stack[--sp] == acc ? 1 : 0;
                case EQ_K -> acc = acc == c[pc++] ? 1 : 0;
                case EQ_I -> acc = acc == object.count(c[pc++]) ? 1 : 0;

                case NE -> acc = stack[--sp] != acc ? 1 : 0;
                case NE_K -> acc = acc != c[pc++] ? 1 : 0;
                case NE_I -> acc = acc != object.count(c[pc++]) ? 1 : 0;

                case AND -> acc = and(stack[--sp], acc);
                case AND_K -> acc = and(acc, c[pc++]);
                case AND_I -> acc = and(acc, object.count(c[pc++]));

                case OR -> acc = or(stack[--sp], acc);
                case OR_K -> acc = or(acc, c[pc++]);
                case OR_I -> acc = or(acc, object.count(c[pc++]));

                case MIN -> acc = Math.min(stack[--sp], acc);
                case MIN_K -> acc = Math.min(acc, c[pc++]);
                case MIN_I -> acc = Math.min(acc, object.count(c[pc++]));

                case MAX -> acc = Math.max(stack[--sp], acc);
                case MAX_K -> acc = Math.max(acc, c[pc++]);
                case MAX_I -> acc = Math.max(acc, object.count(c[pc++]));

                default -> throw new IllegalStateException("bad formula opcode " + c[pc - 1]);
            }
        }
    }

    private static int div(int a, int b) {
        return b == 0 ? 0 : a / b;
    }

    private static int mod(int a, int b) {
        return b == 0 ? 0 : a % b;
    }

    private static int and(int a, int b) {
        return a != 0 && b != 0 ? 1 : 0;
    }

    private static int or(int a, int b) {
        return a != 0 || b != 0 ? 1 : 0;
    }
}
