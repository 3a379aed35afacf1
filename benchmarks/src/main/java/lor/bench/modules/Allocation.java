package lor.bench.modules;

import java.lang.management.ManagementFactory;

import com.sun.management.ThreadMXBean;
import lor.sim.world.World;

/** Figures the benchmarks print beside JMH's: a world's own allocation and movement over some ticks. */
final class Allocation {

    private Allocation() {
    }

    /** Bytes this thread allocated per tick while running {@code tick} {@code ticks} times. */
    static double perTick(Runnable tick, int ticks) {
        ThreadMXBean mx = (ThreadMXBean) ManagementFactory.getThreadMXBean();
        long thread = Thread.currentThread().getId();
        long before = mx.getThreadAllocatedBytes(thread);
        for (int i = 0; i < ticks; i++) {
            tick.run();
        }
        return (mx.getThreadAllocatedBytes(thread) - before) / (double) ticks;
    }

    /** Entities whose cell changed per tick, over {@code ticks} ticks in which nobody joins or leaves. */
    static double movesPerTick(World world, Runnable tick, int ticks) {
        long moved = 0;
        int count = world.slotCount();
        int[] cells = new int[count];
        for (int i = 0; i < ticks; i++) {
            for (int slot = 0; slot < count; slot++) {
                cells[slot] = world.xAt(slot) << 16 | world.yAt(slot);
            }
            tick.run();
            for (int slot = 0; slot < count; slot++) {
                moved += cells[slot] != (world.xAt(slot) << 16 | world.yAt(slot)) ? 1 : 0;
            }
        }
        return moved / (double) ticks;
    }
}
