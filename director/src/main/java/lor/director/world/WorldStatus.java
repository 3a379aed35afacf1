package lor.director.world;

import java.util.Locale;

/** A world's lifecycle as clients and operators see it. */
public enum WorldStatus {
    STOPPED, STARTING, RUNNING, STOPPING;

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
