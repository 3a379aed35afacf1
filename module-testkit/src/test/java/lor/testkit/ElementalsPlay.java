package lor.testkit;

/**
 * Elementals played at random, as the determinism figure plays it: the built-in module with its shipped numbers on
 * a 40 x 24 map of grass and floor with a few walls (elementals at home 12 cells from the spawn, as in the elements
 * world), four players walking and casting every element in every direction.
 */
final class ElementalsPlay {

    static final String PACK = """
            {"name": "elements", "items": ["fire", "water", "earth", "air"],
             "start": {"fire": 10, "water": 10, "earth": 10, "air": 10},
             "modules": ["elementals"]}
            """;
    static final int PLAYERS = 4;

    private ElementalsPlay() {
    }

    static TestWorld world(long seed) {
        return TestWorld.builder().pack(PACK).map(map()).seed(seed).build();
    }

    static Session session(long seed) {
        return new RandomPlay(seed, PLAYERS);
    }

    /** Grass in stripes three cells wide so fires run and stop; a wall every few cells to hide behind. */
    static String map() {
        StringBuilder text = new StringBuilder();
        for (int y = 0; y < 24; y++) {
            for (int x = 0; x < 40; x++) {
                char c = (x / 3 + y / 4) % 2 == 0 ? ',' : '.';
                if (x % 9 == 4 && y % 7 == 3) {
                    c = '#';
                }
                if (x == 20 && y == 12) {
                    c = 'S';
                }
                text.append(c);
            }
            text.append('\n');
        }
        return text.toString();
    }
}
