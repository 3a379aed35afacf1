package lor.director.world;

/** A world's lifecycle as clients and operators see it. */
public enum WorldStatus {
    STOPPED, STARTING, RUNNING, STOPPING;

    public String wireName() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
