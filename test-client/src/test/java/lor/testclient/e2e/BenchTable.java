package lor.testclient.e2e;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * A plain-text table of a {@code Cluster*Bench} figure, columns padded to their widest cell, with summary lines under
 * it; and how its cells and verdicts are written.
 */
final class BenchTable {
    private final String title;
    private final List<List<String>> rows = new ArrayList<>();
    private final List<String> lines = new ArrayList<>();

    BenchTable(String title, String loadBefore, String loadAfter) {
        this.title = title + "  [load " + loadBefore + " before, " + loadAfter + " after]";
    }

    void header(Object... cells) {
        row(cells);
    }

    void row(Object... cells) {
        rows.add(Arrays.stream(cells).map(String::valueOf).toList());
    }

    void line(String format, Object... args) {
        lines.add(String.format(Locale.ROOT, format, args));
    }

    String text() {
        int columns = rows.stream().mapToInt(List::size).max().orElse(0);
        int[] width = new int[columns];
        for (List<String> row : rows) {
            for (int i = 0; i < row.size(); i++) {
                width[i] = Math.max(width[i], row.get(i).length());
            }
        }
        StringBuilder out = new StringBuilder("== ").append(title).append('\n');
        for (int r = 0; r < rows.size(); r++) {
            List<String> row = rows.get(r);
            StringBuilder line = new StringBuilder("| ");
            for (int i = 0; i < columns; i++) {
                String cell = i < row.size() ? row.get(i) : "";
                line.append(cell).append(" ".repeat(width[i] - cell.length())).append(" | ");
            }
            out.append(line.toString().stripTrailing()).append('\n');
            if (r == 0) {
                StringBuilder rule = new StringBuilder("|");
                for (int w : width) {
                    rule.append("-".repeat(w + 2)).append('|');
                }
                out.append(rule).append('\n');
            }
        }
        for (String line : lines) {
            out.append(line).append('\n');
        }
        return out.toString();
    }

    void print() {
        System.out.println();
        System.out.print(text());
        System.out.println();
    }

    static String fmt(double value) {
        return String.format(Locale.ROOT, "%.2f", value);
    }

    static String fmt0(double value) {
        return String.format(Locale.ROOT, "%.0f", value);
    }

    static String verdict(boolean met) {
        return met ? "met" : "MISSED";
    }
}
