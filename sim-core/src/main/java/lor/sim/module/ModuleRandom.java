package lor.sim.module;

import lor.sim.util.StateHash;

/**
 * The randomness a hook draws ({@link ModuleWorld#random}), derived the same way by the server's world and a predicting
 * client: from the world's seed, the tick, the module, the hook and its call, then the draws the call made before. No
 * generator state survives a call, so nothing else that ran in the tick changes what a call draws.
 */
public final class ModuleRandom {

    private ModuleRandom() {
    }

    /**
     * The base of one call's draws.
     *
     * @param hook the hook's {@link ModuleHook#ordinal()}
     * @param a    the entity (enter, leave, act) or the wake's key
     * @param b    the action's index (act) or the wake's tag
     */
    public static int base(long seed, long tick, int module, int hook, int a, int b) {
        int h = StateHash.finish((int) seed ^ (int) (seed >>> 32) * 0x9e3779b9);
        h = StateHash.finish(h ^ (int) tick * 0x85ebca6b ^ (int) (tick >>> 32) * 0xc2b2ae35);
        h = StateHash.finish(h ^ module * 0x27d4eb2f ^ hook * 0x165667b1);
        return StateHash.finish(h ^ a * 0x9e3779b9 ^ b * 0x85ebca6b);
    }

    /**
     * The {@code draw}-th number (from 1) of a call, uniform in {@code [0, bound)} up to a bias below
     * {@code bound / 2^31}.
     */
    public static int draw(int base, int draw, int bound) {
        if (bound <= 0) {
            throw new IllegalArgumentException("random's bound must be positive, not " + bound);
        }
        return (StateHash.finish(base + 0x9e3779b9 * draw) >>> 1) % bound;
    }
}
