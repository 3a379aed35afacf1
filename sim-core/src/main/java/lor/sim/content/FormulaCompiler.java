package lor.sim.content;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Compiles a formula's rules into a {@link Formula} program. Expressions:
 * <pre>
 * expr    := or
 * or      := and ('||' and)*
 * and     := compare ('&amp;&amp;' compare)*
 * compare := sum (('&lt;' | '&lt;=' | '&gt;' | '&gt;=' | '==' | '!=') sum)?
 * sum     := product (('+' | '-') product)*
 * product := unary (('*' | '/' | '%') unary)*
 * unary   := ('-' | '!') unary | atom
 * atom    := NUMBER | ITEM | 'line' | 'capacity' | 'on(' LINE ')' | ('min' | 'max') '(' expr ',' expr ')'
 *          | '(' expr ')'
 * </pre>
 * {@code ITEM} reads the object's count of that item, {@code line} the clock's line number (from 0),
 * {@code on(night)} is 1 while the clock is on line {@code night}. Comparisons and logic give 1 or 0.
 */
final class FormulaCompiler {

    static final int MAX_EXPRESSION_LENGTH = 1000;

    private final Map<String, Integer> items;
    private final Map<String, Integer> lines;
    private final List<Integer> code = new ArrayList<>();
    private int depth;
    private int maxDepth;
    /** Where the last push instruction starts: a binary operation right after a constant or item folds it in. */
    private int lastPush = -1;
    private boolean readsLine;

    private String text;
    private int pos;

    FormulaCompiler(Map<String, Integer> items, Map<String, Integer> lines) {
        this.items = items;
        this.lines = lines;
    }

    /**
     * @param whens one condition per rule, null for none
     * @param sets  per rule, the items it sets and their expressions, in order
     * @throws IllegalArgumentException naming the rule and the problem
     */
    Formula compile(String id, List<String> whens, List<Map<String, String>> sets) {
        for (int r = 0; r < whens.size(); r++) {
            int jumpOperand = -1;
            String when = whens.get(r);
            if (when != null) {
                expression("rules[" + r + "].when", when);
                emit(Formula.JUMP_IF_ZERO);
                jumpOperand = code.size();
                emit(0);
                pop(1);
            }
            // Every value is computed before any is stored (the stock as it stood), and they are stored in the
            // listed order, which matters when slots run out: so the last one is computed first, and the first
            // ends on top of the stack.
            List<Map.Entry<String, String>> entries = new ArrayList<>(sets.get(r).entrySet());
            List<Integer> targets = new ArrayList<>();
            for (Map.Entry<String, String> set : entries) {
                Integer item = items.get(set.getKey());
                if (item == null) {
                    throw new IllegalArgumentException("rules[" + r + "].set: " + quoted(set.getKey())
                            + " is not an item");
                }
                targets.add(item);
            }
            for (int i = entries.size() - 1; i >= 0; i--) {
                expression("rules[" + r + "].set." + entries.get(i).getKey(), entries.get(i).getValue());
            }
            for (int target : targets) {
                emit(Formula.STORE);
                emit(target);
                pop(1);
            }
            if (jumpOperand >= 0) {
                code.set(jumpOperand, code.size());
            }
        }
        emit(Formula.END);
        int[] program = new int[code.size()];
        for (int i = 0; i < program.length; i++) {
            program[i] = code.get(i);
        }
        return new Formula(id, program, Math.max(1, maxDepth), readsLine);
    }

    private void expression(String where, String source) {
        if (source == null || source.isBlank()) {
            throw new IllegalArgumentException(where + ": the expression is empty");
        }
        if (source.length() > MAX_EXPRESSION_LENGTH) {
            throw new IllegalArgumentException(where + ": the expression is longer than " + MAX_EXPRESSION_LENGTH
                    + " characters");
        }
        text = source;
        pos = 0;
        try {
            or();
            skipSpace();
            if (pos < text.length()) {
                throw error("unexpected " + quoted(String.valueOf(text.charAt(pos))));
            }
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(where + ": " + e.getMessage() + " in " + quoted(source), e);
        }
    }

    private void or() {
        and();
        while (take("||")) {
            and();
            binary(Formula.OR);
        }
    }

    private void and() {
        compare();
        while (take("&&")) {
            compare();
            binary(Formula.AND);
        }
    }

    private void compare() {
        sum();
        int op = take("<=") ? Formula.LE : take(">=") ? Formula.GE : take("==") ? Formula.EQ
                : take("!=") ? Formula.NE : take("<") ? Formula.LT : take(">") ? Formula.GT : 0;
        if (op != 0) {
            sum();
            binary(op);
        }
    }

    private void sum() {
        product();
        while (true) {
            if (take("+")) {
                product();
                binary(Formula.ADD);
            } else if (take("-")) {
                product();
                binary(Formula.SUB);
            } else {
                return;
            }
        }
    }

    private void product() {
        unary();
        while (true) {
            if (take("*")) {
                unary();
                binary(Formula.MUL);
            } else if (take("/")) {
                unary();
                binary(Formula.DIV);
            } else if (take("%")) {
                unary();
                binary(Formula.MOD);
            } else {
                return;
            }
        }
    }

    private void unary() {
        if (take("-")) {
            unary();
            emit(Formula.NEG);
        } else if (peek('!') && !peekAt(1, '=')) {
            pos++;
            unary();
            emit(Formula.NOT);
        } else {
            atom();
        }
    }

    private void atom() {
        skipSpace();
        if (pos >= text.length()) {
            throw error("the expression ends too soon");
        }
        char c = text.charAt(pos);
        if (c == '(') {
            pos++;
            or();
            expect(")");
        } else if (Character.isDigit(c)) {
            int start = pos;
            while (pos < text.length() && Character.isDigit(text.charAt(pos))) {
                pos++;
            }
            long value;
            try {
                value = Long.parseLong(text.substring(start, pos));
            } catch (NumberFormatException e) {
                value = Long.MAX_VALUE;
            }
            if (value > Integer.MAX_VALUE) {
                throw error("the number " + text.substring(start, pos) + " is larger than " + Integer.MAX_VALUE);
            }
            push(Formula.CONST, (int) value);
        } else if (Character.isLetter(c)) {
            String name = name();
            if (take("(")) {
                call(name);
            } else if (name.equals("line")) {
                readsLine = true;
                push(Formula.LINE);
            } else if (name.equals("capacity")) {
                push(Formula.CAPACITY);
            } else {
                Integer item = items.get(name);
                if (item == null) {
                    throw error(quoted(name) + " is not an item");
                }
                push(Formula.ITEM, item);
            }
        } else {
            throw error("unexpected " + quoted(String.valueOf(c)));
        }
    }

    private void call(String function) {
        switch (function) {
            case "on" -> {
                skipSpace();
                String line = name();
                Integer index = lines.get(line);
                if (index == null) {
                    throw error(quoted(line) + " is not a clock line");
                }
                expect(")");
                readsLine = true;
                push(Formula.ON_LINE, index);
            }
            case "min", "max" -> {
                or();
                expect(",");
                or();
                expect(")");
                binary(function.equals("min") ? Formula.MIN : Formula.MAX);
            }
            default -> throw error("unknown function " + quoted(function) + " (known: on, min, max)");
        }
    }

    private String name() {
        skipSpace();
        int start = pos;
        while (pos < text.length() && (Character.isLetterOrDigit(text.charAt(pos)) || text.charAt(pos) == '_')) {
            pos++;
        }
        if (start == pos) {
            throw error("a name is missing");
        }
        return text.substring(start, pos);
    }

    private void push(int op) {
        lastPush = code.size();
        emit(op);
        depth++;
        maxDepth = Math.max(maxDepth, depth);
    }

    private void push(int op, int operand) {
        push(op);
        emit(operand);
    }

    /** Emits a binary operation, folding a right operand that is a number or an item into it (its +K, +I form). */
    private void binary(int op) {
        int at = code.size() - 2;
        if (lastPush == at && code.get(at) == Formula.CONST) {
            code.set(at, op + Formula.WITH_CONST);
        } else if (lastPush == at && code.get(at) == Formula.ITEM) {
            code.set(at, op + Formula.WITH_ITEM);
        } else {
            emit(op);
        }
        pop(1);
    }

    private void pop(int n) {
        depth -= n;
    }

    private void emit(int value) {
        code.add(value);
    }

    private boolean take(String token) {
        skipSpace();
        if (text.startsWith(token, pos)) {
            pos += token.length();
            return true;
        }
        return false;
    }

    private void expect(String token) {
        if (!take(token)) {
            throw error("expected " + quoted(token));
        }
    }

    private boolean peek(char c) {
        skipSpace();
        return pos < text.length() && text.charAt(pos) == c;
    }

    private boolean peekAt(int offset, char c) {
        return pos + offset < text.length() && text.charAt(pos + offset) == c;
    }

    private void skipSpace() {
        while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
            pos++;
        }
    }

    private IllegalArgumentException error(String problem) {
        return new IllegalArgumentException(problem + " at column " + (pos + 1));
    }

    static String quoted(String s) {
        return "\"" + s + "\"";
    }
}
