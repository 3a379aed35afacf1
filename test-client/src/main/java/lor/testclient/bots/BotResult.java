package lor.testclient.bots;

import java.util.Map;

/**
 * What one bot did, read from it once the run is over: how it joined, what became of its intents, and its traffic
 * counters at the window's start and end ({@code bytesIn, framesIn, bytesOut, framesOut, stateFrames}; null when
 * the bot was not in the world at the window's start).
 */
record BotResult(int index, boolean joined, String failure, boolean dropped, String dropReason, Bot.Auth auth,
                 long intentsSent, long measured, long answeredByState, long answeredByRejection, long rateLimited,
                 long unanswered, long discarded, long rejectedByTick, long rejectedRateLimited, long malformedStates,
                 long transfers, long missedSlots, boolean sample, long sampleFrames, long sampleErrors,
                 long selfMissing, String firstSampleError, Map<String, Integer> errors, long[] windowStart,
                 long[] windowEnd) {

    static final int BYTES_IN = 0;
    static final int FRAMES_IN = 1;
    static final int BYTES_OUT = 2;
    static final int FRAMES_OUT = 3;
    static final int STATE_FRAMES = 4;

    static BotResult of(Bot bot) {
        PendingIntents i = bot.intents;
        return new BotResult(bot.index, bot.joined, bot.failure, bot.dropped, bot.dropReason, bot.auth,
                bot.framesOut, i.measured(), i.answeredByState(), i.answeredByRejection(), i.rateLimited(),
                i.unanswered(), i.discarded(), bot.rejectedByTick, bot.rejectedRateLimited, bot.malformedStates,
                bot.transfers, bot.missedSlots, bot.sample, bot.sampleFrames, bot.sampleErrors, bot.selfMissing,
                bot.firstSampleError, Map.copyOf(bot.errors), bot.windowStart, bot.windowEnd);
    }

    /** Whether the bot's traffic over the window is known. */
    boolean inWindow() {
        return windowStart != null && windowEnd != null;
    }

    /** The growth of counter {@code which} over the window. */
    long windowDelta(int which) {
        return windowEnd[which] - windowStart[which];
    }
}
