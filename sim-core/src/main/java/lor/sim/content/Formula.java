package lor.sim.content;

/**
 * A formula compiled into a flat program for a small stack machine: what every run of an object that names it
 * executes, with no allocation, no reflection and no strings. Integers only, with Java's wrapping arithmetic, so
 * the browser's compiled copy computes the same values; a division or remainder by zero is 0.
 */
public final class Formula implements ObjectRule {

    static final int CONST = 1;
    static final int ITEM = 2;
    static final int LINE = 3;
    static final int ON_LINE = 4;
    static final int CAPACITY = 5;
    static final int ADD = 6;
    static final int SUB = 7;
    static final int MUL = 8;
    static final int DIV = 9;
    static final int MOD = 10;
    static final int LT = 11;
    static final int LE = 12;
    static final int GT = 13;
    static final int GE = 14;
    static final int EQ = 15;
    static final int NE = 16;
    static final int AND = 17;
    static final int OR = 18;
    static final int NOT = 19;
    static final int NEG = 20;
    static final int MIN = 21;
    static final int MAX = 22;
    /** Jumps to its operand when the popped value is 0. */
    static final int JUMP_IF_ZERO = 23;
    /** Pops a value into the stock count of its operand's item. */
    static final int STORE = 24;

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
        int pc = 0;
        // One flat switch: every run of every awake object goes through here.
        while (pc < c.length) {
            switch (c[pc++]) {
                case CONST -> stack[sp++] = c[pc++];
                case ITEM -> stack[sp++] = object.count(c[pc++]);
                case LINE -> stack[sp++] = object.line();
                case ON_LINE -> stack[sp++] = object.line() == c[pc++] ? 1 : 0;
                case CAPACITY -> stack[sp++] = object.capacity();
                case NOT -> stack[sp - 1] = stack[sp - 1] == 0 ? 1 : 0;
                case NEG -> stack[sp - 1] = -stack[sp - 1];
                case JUMP_IF_ZERO -> {
                    int target = c[pc++];
                    if (stack[--sp] == 0) {
                        pc = target;
                    }
                }
                case STORE -> object.set(c[pc++], stack[--sp]);
                case ADD -> stack[sp - 2] += stack[--sp];
                case SUB -> stack[sp - 2] -= stack[--sp];
                case MUL -> stack[sp - 2] *= stack[--sp];
                case DIV -> {
                    int b = stack[--sp];
                    stack[sp - 1] = b == 0 ? 0 : stack[sp - 1] / b;
                }
                case MOD -> {
                    int b = stack[--sp];
                    stack[sp - 1] = b == 0 ? 0 : stack[sp - 1] % b;
                }
                case LT -> stack[sp - 2] = stack[sp - 2] < stack[--sp] ? 1 : 0;
                case LE -> stack[sp - 2] = stack[sp - 2] <= stack[--sp] ? 1 : 0;
                case GT -> stack[sp - 2] = stack[sp - 2] > stack[--sp] ? 1 : 0;
                case GE -> stack[sp - 2] = stack[sp - 2] >= stack[--sp] ? 1 : 0;
                case EQ -> stack[sp - 2] = stack[sp - 2] == stack[--sp] ? 1 : 0;
                case NE -> stack[sp - 2] = stack[sp - 2] != stack[--sp] ? 1 : 0;
                case AND -> {
                    int b = stack[--sp];
                    stack[sp - 1] = stack[sp - 1] != 0 && b != 0 ? 1 : 0;
                }
                case OR -> {
                    int b = stack[--sp];
                    stack[sp - 1] = stack[sp - 1] != 0 || b != 0 ? 1 : 0;
                }
                case MIN -> stack[sp - 2] = Math.min(stack[sp - 2], stack[--sp]);
                case MAX -> stack[sp - 2] = Math.max(stack[sp - 2], stack[--sp]);
                default -> throw new IllegalStateException("bad formula opcode " + c[pc - 1]);
            }
        }
    }
}
