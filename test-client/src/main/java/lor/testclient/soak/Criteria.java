package lor.testclient.soak;

import java.io.PrintStream;

/** PASS/FAIL lines and the {@code N passed, M failed} summary, as the scenario runner prints them. */
final class Criteria {

    private final PrintStream out;
    private int passed;
    private int failed;

    Criteria(PrintStream out) {
        this.out = out;
    }

    void check(boolean holds, String name, String figures) {
        if (holds) {
            passed++;
        } else {
            failed++;
        }
        out.printf("%s %s: %s%n", holds ? "PASS" : "FAIL", name, figures);
    }

    /** Prints the summary; @return the exit status (0 only when nothing failed) */
    int summary() {
        out.printf("%d passed, %d failed%n", passed, failed);
        out.flush();
        return failed == 0 ? 0 : 1;
    }
}
