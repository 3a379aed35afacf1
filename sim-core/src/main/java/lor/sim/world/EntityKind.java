package lor.sim.world;

/** What an entity is. Players and NPCs move by the same rules. */
public enum EntityKind {
    PLAYER(1), NPC(2);

    /** Stored in the entity arrays; 0 marks a removed entity. */
    public final int code;

    EntityKind(int code) {
        this.code = code;
    }

    public static EntityKind ofCode(int code) {
        return switch (code) {
            case 1 -> PLAYER;
            case 2 -> NPC;
            default -> throw new IllegalArgumentException("no entity kind " + code);
        };
    }

    public String wireName() {
        return this == PLAYER ? "player" : "npc";
    }
}
