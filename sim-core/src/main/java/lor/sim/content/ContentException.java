package lor.sim.content;

/**
 * A content pack that cannot be used, naming the entry at fault ({@code objects[2] "furnace"}) and what is wrong
 * with it. The loader that read the pack from a file puts the file's name in front.
 */
public final class ContentException extends IllegalArgumentException {

    private final String entry;

    public ContentException(String entry, String problem) {
        super(entry.isEmpty() ? problem : entry + ": " + problem);
        this.entry = entry;
    }

    /** Where in the pack: a path such as {@code recipes[1] "smelt"}, or empty for the pack as a whole. */
    public String entry() {
        return entry;
    }
}
