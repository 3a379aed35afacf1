package lor.sim.module;

/**
 * How a client shows an attribute ({@code welcome.modules[].attributes[].show}): a bar between its bounds, its number,
 * or not at all. A hint to clients that draw what modules declare (the page does); the world sends the values alike.
 */
public enum AttributeLook {
    BAR("bar"),
    NUMBER("number"),
    HIDDEN("hidden");

    private final String wireName;

    AttributeLook(String wireName) {
        this.wireName = wireName;
    }

    public String wireName() {
        return wireName;
    }
}
