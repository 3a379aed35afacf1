package lor.testclient.fuzz;

import static lor.testclient.fuzz.HostileFrames.field;
import static lor.testclient.fuzz.HostileFrames.quote;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.function.Consumer;

import lor.protocol.game.ActMessage;
import lor.protocol.game.RejectedMessage;

/**
 * Hostile {@code act} frames for a player of the {@code elements} world, whose module elementals declares one action,
 * {@code cast}, with the fields {@code dir} (a direction) and {@code element} ({@code fire}, {@code water},
 * {@code earth}, {@code air}): a cast with its action or fields changed (missing, of another JSON type, out of range,
 * not one of the values, undeclared, too many, duplicated) or its {@code seq} broken, and what the world must answer,
 * read from the contract rather than from the world's code.
 *
 * <p>The answer depends on the connection's last accepted {@code seq}, which this generator follows as the server
 * does: an act whose seq does not increase (or is beyond what the world packs) gets {@code bad_request}; one it
 * accepts moves the connection's seq on, whatever it is refused with. A cast the world would carry out (it would
 * spend an element) is never sent.
 */
final class HostileActs {

    static final String ACTION = "cast";
    static final List<String> DIRS = List.of("N", "E", "S", "W");
    static final List<String> ELEMENTS = List.of("fire", "water", "earth", "air");
    /**
     * The largest seq a world takes; a larger one is refused with {@code bad_request} (it packs seq in 61 bits, and
     * 2^61 - 1 with an act's code would read as an empty queue).
     */
    static final long MAX_SEQ = (1L << 61) - 2;

    private static final String[] ODD_ACTIONS = {"\"CAST\"", "\"Cast\"", "\"cast \"", "\"summon\"", "\"\"", "7",
            "null", "true", "[\"cast\"]", "{\"name\":\"cast\"}", "\"ca\\u0073t\"", "\"c" + "a".repeat(40) + "\"",
            "\"cast\\u0000\"", "\"move\""};
    private static final String[] ODD_VALUES = {"\"n\"", "\"North\"", "\"\"", "\"FIRE\"", "\"lava\"", "\"fire \"",
            "\"N\\u0000\"", "1", "0", "-1", "4", "2147483648", "9223372036854775808", "1.5", "1e3", "true", "null",
            "[\"N\"]", "{\"dir\":\"N\"}", "\"" + "N".repeat(5_000) + "\"", "\"water\"", "\"E\"", "\"\\u004e\""};
    private static final String[] EXTRA_KEYS = {"x", "y", "layer", "power", "Dir", "element2", "", "__proto__",
            "k".repeat(ActMessage.MAX_KEY_CHARS + 1), "d".repeat(ActMessage.MAX_KEY_CHARS)};

    private final Random random;
    /** The connection's last accepted seq, as the world keeps it. */
    private long lastSeq = -1;

    HostileActs(Random random) {
        this.random = random;
    }

    /** A new connection: no seq accepted yet. */
    void connected() {
        lastSeq = -1;
    }

    /** A frame's act reached the world intact, which accepted its seq. */
    void delivered(HostileFrame.Refusal refusal) {
        lastSeq = refusal.seq();
    }

    /** A cast with one or two of its members changed, as ordered key → raw JSON value pairs. */
    List<String[]> base() {
        List<String[]> m = new ArrayList<>();
        m.add(field("type", quote(ActMessage.TYPE)));
        m.add(field("action", quote(ACTION)));
        m.add(field("seq", String.valueOf(lastSeq + 1 + random.nextInt(3))));
        m.add(field("dir", quote(DIRS.get(random.nextInt(DIRS.size())))));
        m.add(field("element", quote(ELEMENTS.get(random.nextInt(ELEMENTS.size())))));
        int changes = 1 + random.nextInt(2);
        for (int i = 0; i < changes; i++) {
            change(m);
        }
        return m;
    }

    private void change(List<String[]> m) {
        switch (random.nextInt(10)) {
            case 0, 1 -> set(m, "action", pick(ODD_ACTIONS));
            case 2 -> m.removeIf(f -> f[0].equals("action"));
            case 3, 4 -> set(m, random.nextBoolean() ? "dir" : "element", pick(ODD_VALUES));
            case 5 -> {
                String gone = random.nextBoolean() ? "dir" : "element";
                m.removeIf(f -> f[0].equals(gone));
            }
            case 6 -> m.add(random.nextInt(m.size() + 1), field(pick(EXTRA_KEYS), pick(ODD_VALUES)));
            case 7 -> {
                // More fields than any action declares: the world reads only the first ones.
                int extra = ActMessage.MAX_FIELDS - 2 + random.nextInt(6);
                for (int i = 0; i < extra; i++) {
                    m.add(field("f" + i, String.valueOf(i)));
                }
            }
            case 8 -> m.add(field(pick("dir", "element", "action"), pick(ODD_VALUES)));
            default -> set(m, "seq", pick(String.valueOf(lastSeq), String.valueOf(Math.max(0, lastSeq - 5)), "-1",
                    "1.5", "\"7\"", "null", String.valueOf(MAX_SEQ), String.valueOf(MAX_SEQ + 1),
                    "9223372036854775807", "1e3", "[1]"));
        }
    }

    /**
     * What the world answers an act the codec decoded.
     *
     * @return the text with its answer: an error for a seq it does not accept, else the act's refusal; null for a
     *         cast it would carry out
     */
    HostileFrames.Text expect(String text, ActMessage act) {
        if (act.seq() > MAX_SEQ || act.seq() <= lastSeq) {
            return new HostileFrames.Text(text, 1, Set.of());
        }
        String reason = refusal(act);
        return reason == null ? null
                : new HostileFrames.Text(text, 0, Set.of(), new HostileFrame.Refusal(act.seq(), reason));
    }

    /** The contract's refusal of an act (action first, then every field), or null for a cast the world carries out. */
    static String refusal(ActMessage act) {
        if (!ACTION.equals(act.action())) {
            return RejectedMessage.UNKNOWN_ACTION;
        }
        Map<String, Object> fields = act.fields();
        boolean good = fields.size() == 2 && fields.get("dir") instanceof String dir && DIRS.contains(dir)
                && fields.get("element") instanceof String element && ELEMENTS.contains(element);
        return good ? null : RejectedMessage.BAD_FIELD;
    }

    /**
     * {@code count} acts the world refuses, with {@code ref} "burst", each given to {@code out} as its text: written
     * at once, more than the intents' budget of a second.
     *
     * @return seq → the refusal due to the act unless it is {@code rate_limited}, in order
     */
    Map<Long, String> burst(int count, Consumer<byte[]> out) {
        Map<Long, String> refusals = new LinkedHashMap<>();
        for (int i = 0; i < count; i++) {
            long seq = ++lastSeq;
            boolean unknown = random.nextBoolean();
            String text = "{\"type\":\"act\",\"action\":\"" + (unknown ? "summon" : ACTION) + "\",\"seq\":" + seq
                    + ",\"dir\":\"N\",\"element\":\"" + (unknown ? "fire" : "lava") + "\",\"ref\":\"burst\"}";
            out.accept(text.getBytes(StandardCharsets.UTF_8));
            refusals.put(seq, unknown ? RejectedMessage.UNKNOWN_ACTION : RejectedMessage.BAD_FIELD);
        }
        return refusals;
    }

    private void set(List<String[]> m, String key, String value) {
        for (String[] f : m) {
            if (f[0].equals(key)) {
                f[1] = value;
                return;
            }
        }
        m.add(field(key, value));
    }

    @SafeVarargs
    private <T> T pick(T... options) {
        return options[random.nextInt(options.length)];
    }
}
