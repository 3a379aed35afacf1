package lor.protocol.control;

import lor.protocol.Message;

/**
 * World → director, once a second beside {@code world_status}: what serving its players costs. Durations in seconds;
 * {@code broadcast*} over the last 100 broadcasts; bytes and frames over the last second; counters since the
 * process started.
 *
 * @param broadcastP50            time to build and hand over one broadcast to every connection
 * @param bytesPerClientPerSecond state bytes written per connected player in the last second
 * @param queueDepth              commands waiting for the tick thread plus intents waiting in players' queues
 * @param gcPauseSecondsTotal     time the JVM spent in garbage collection
 * @param cpuSecondsTotal         CPU time of the world process, all threads
 * @param rssBytes                resident memory of the world process (0 where the OS does not tell)
 */
public record WorldLoadMessage(String worldId, double broadcastP50, double broadcastP99, long bytesPerClientPerSecond,
                               long framesPerSecond, int queueDepth, double gcPauseSecondsTotal, long gcCount,
                               double cpuSecondsTotal, long rssBytes) implements Message {

    public static final String TYPE = "world_load";

    @Override
    public String type() {
        return TYPE;
    }
}
