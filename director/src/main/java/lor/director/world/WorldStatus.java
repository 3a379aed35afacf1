package lor.director.world;

import java.util.Locale;

/** A world's lifecycle as clients and operators see it. */
public enum WorldStatus {
    STOPPED, STARTING, RUNNING, STOPPING,
    /** Crashed too often or cannot load its state: joins are refused with the reason until an operator clears it. */
    FAILED;

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
