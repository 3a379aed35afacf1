package lor.sim.module;

/** The types an action's field may have, by their names in {@code welcome}. */
public enum FieldType {
    /** An integer within inclusive bounds. */
    INT("int"),
    /** {@code N}, {@code E}, {@code S} or {@code W}. */
    DIR("dir"),
    /** An item of the world's pack, by id. */
    ITEM("item"),
    /** An object kind of the world's pack, by id. */
    KIND("kind"),
    /** One of the field's declared names. */
    ENUM("enum");

    private final String wireName;

    FieldType(String wireName) {
        this.wireName = wireName;
    }

    /** The type's name in {@code welcome.modules[].actions[].fields}. */
    public String wireName() {
        return wireName;
    }
}
