package lor.testclient.soak;

import java.util.Arrays;
import java.util.List;

/** Whether a sampled figure stayed within ±10 % of its median over the last two thirds of a run. */
final class Flatness {

    private static final double TOLERANCE = 0.10;

    private Flatness() {
    }

    static boolean flat(List<long[]> samples, int column) {
        long[] values = lastTwoThirds(samples, column);
        if (values.length < 3) {
            return false;
        }
        double median = median(values);
        return Arrays.stream(values).allMatch(v -> Math.abs(v - median) <= TOLERANCE * median);
    }

    static String describe(List<long[]> samples, int column) {
        long[] values = lastTwoThirds(samples, column);
        if (values.length == 0) {
            return "no samples";
        }
        return String.format("%d samples, median %.0f, min %d, max %d", values.length, median(values),
                Arrays.stream(values).min().getAsLong(), Arrays.stream(values).max().getAsLong());
    }

    private static long[] lastTwoThirds(List<long[]> samples, int column) {
        return samples.subList(samples.size() / 3, samples.size()).stream().mapToLong(s -> s[column])
                .filter(v -> v >= 0).toArray();
    }

    private static double median(long[] values) {
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0;
    }
}
