package lor.sim.world;

import java.util.Arrays;

/** The module actions recorded for the coming tick ({@link World#setModuleAction}), in the order they came. */
final class PendingActs {

    private int[] modules = new int[16];
    private int[] actions = new int[16];
    private int[][] fields = new int[16][];
    private int count;

    /** @return its index */
    int add(int module, int action, int[] values) {
        if (count == modules.length) {
            modules = Arrays.copyOf(modules, count * 2);
            actions = Arrays.copyOf(actions, count * 2);
            fields = Arrays.copyOf(fields, count * 2);
        }
        modules[count] = module;
        actions[count] = action;
        fields[count] = values;
        return count++;
    }

    int module(int i) {
        return modules[i];
    }

    int action(int i) {
        return actions[i];
    }

    int[] fields(int i) {
        return fields[i];
    }

    void clear() {
        Arrays.fill(fields, 0, count, null);
        count = 0;
    }
}
