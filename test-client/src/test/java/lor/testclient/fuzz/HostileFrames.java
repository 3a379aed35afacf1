package lor.testclient.fuzz;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.Set;

import lor.protocol.Json;
import lor.protocol.Message;
import lor.protocol.MessageCodec;
import lor.protocol.ProtocolException;
import lor.protocol.control.ControlMessages;
import lor.protocol.director.DirectorMessages;
import lor.protocol.director.ListWorldsMessage;
import lor.protocol.director.LoginMessage;
import lor.protocol.director.RegisterMessage;
import lor.protocol.game.ActMessage;
import lor.protocol.game.GameMessages;
import lor.protocol.game.HelloMessage;
import lor.protocol.game.MoveMessage;

/**
 * A seeded generator of hostile input for one endpoint: valid messages with mutated fields (wrong types, huge
 * numbers, long strings, unknown, missing, duplicate and null fields), broken and non-object JSON, deep nesting,
 * binary frames, invalid and truncated UTF-8, fragmented messages (also over the size limit, and continuations
 * without a start), pings, malformed frames, and well-formed requests the connection may not make.
 *
 * <p>What the server must do with each is predicted from the frame's kind and, for text that arrives intact, from
 * the endpoint's real codec: text it cannot decode gets an error; text it decodes is a request without the right
 * to it (a hello with a forged or reused ticket, a move before hello, a control message before registration) and
 * gets an error, or a close where the contract says so. Text the server would act on (a move after hello, a
 * registration that creates an account, a login that costs a full password hash) is not sent: the fuzz must change
 * nothing, and logins are few and slow by design.
 */
final class HostileFrames {

    /** {@code GAME_MODULES} is a player's game connection in a world with game modules: the elements world. */
    enum Endpoint { DIRECTOR, CONTROL, GAME_LOBBY, GAME_IN_WORLD, GAME_MODULES }

    static final Set<Integer> PROTOCOL_ERROR = Set.of(1002);
    static final Set<Integer> INVALID_UTF8 = Set.of(1007);
    static final Set<Integer> POLICY = Set.of(1008);
    static final Set<Integer> TOO_BIG = Set.of(1009);

    /** Client message limit (after reassembly) on every endpoint before registration. */
    private static final int LIMIT = 64 * 1024;
    private static final int MAX_STRING = 4096;
    /** Text meant to be read (not refused for its size) stays clear of the limit, with room for a broken byte. */
    private static final int MAX_TEXT_BYTES = LIMIT - 64;
    private static final String[] NUMBERS = {"0", "-1", "1", "-0", "-0.0", "0.5", "1.0", "1E2", "2147483647",
            "2147483648", "-2147483649", "9223372036854775807", "9223372036854775808", "-9223372036854775809",
            "18446744073709551616", "1e309", "-1e309", "1e-400", "1e999999999", "-1e-999999999",
            "123456789012345678901234567890.123456789", "1" + "0".repeat(900), "1" + "0".repeat(1200),
            "0." + "0".repeat(950) + "1"};
    private static final String[] BAD_TOKENS = {"NaN", "Infinity", "-Infinity", "0x10", "01", "+1", ".5", "1.",
            "1e", "--1", "undefined", "'single'", "True", "nul", "\"unterminated"};
    private static final String[] SERVER_TYPES = {"logged_in", "registered", "worlds", "world_joined", "welcome",
            "state", "map", "rejected", "transfer", "error", "world_hydrate", "snapshot_ack", "world_assign",
            "player_kick", "portal_granted", "world_shutdown"};
    private static final String[] ODD_TYPES = {"", " ", "REGISTER", "register ", "Login", "login\u0000", "hello\n",
            "move\u200b", "x".repeat(5000), "déjà", "𝄞", "__proto__", "constructor", "position", "logout"};
    private static final String UNICODE = "é€𝄞中ß\u0301\u202e";
    private static final byte[][] INVALID_SEQUENCES = {{(byte) 0xFF}, {(byte) 0xFE}, {(byte) 0xC0, (byte) 0x80},
            {(byte) 0xED, (byte) 0xA0, (byte) 0x80}, {(byte) 0xF4, (byte) 0x90, (byte) 0x80, (byte) 0x80},
            {(byte) 0xF8, (byte) 0x88, (byte) 0x80, (byte) 0x80, (byte) 0x80}, {(byte) 0x80},
            {(byte) 0xE0, (byte) 0x80, (byte) 0xAF}};
    private static final byte[][] TRUNCATED_SEQUENCES = {{(byte) 0xC3}, {(byte) 0xE2, (byte) 0x82},
            {(byte) 0xF0, (byte) 0x9D, (byte) 0x84}, {(byte) 0xF0}};

    private final Endpoint endpoint;
    private final Random random;
    private final MessageCodec codec;
    private final ForgedTickets tickets;
    /** Act frames, on {@link Endpoint#GAME_MODULES} only. */
    private final HostileActs acts;
    private final List<String> registerNames = new ArrayList<>();
    private int costlyLoginsLeft;

    /**
     * @param usedTickets real tickets a world has already admitted (shared, may grow): material for forgeries
     * @param costlyLogins how many well-formed logins (each a full password hash on the server) to send
     */
    HostileFrames(Endpoint endpoint, long seed, List<String> usedTickets, int costlyLogins) {
        this.endpoint = endpoint;
        this.random = new Random(seed);
        this.tickets = new ForgedTickets(random, usedTickets);
        this.costlyLoginsLeft = costlyLogins;
        this.codec = switch (endpoint) {
            case DIRECTOR -> DirectorMessages.serverCodec();
            case CONTROL -> ControlMessages.directorCodec();
            case GAME_LOBBY, GAME_IN_WORLD, GAME_MODULES -> GameMessages.serverCodec();
        };
        this.acts = endpoint == Endpoint.GAME_MODULES ? new HostileActs(random) : null;
    }

    /** The frames that follow go on a new connection, which has accepted no seq yet. */
    void connected() {
        if (acts != null) {
            acts.connected();
        }
    }

    /** Usernames that well-formed {@code register} frames carried (refused: weak passwords); none may exist after. */
    List<String> registerNames() {
        return registerNames;
    }

    Random random() {
        return random;
    }

    HostileFrame next() {
        // On a player's game connection a close costs a new join; closes are rarer there.
        int closeScale = endpoint == Endpoint.GAME_IN_WORLD || endpoint == Endpoint.GAME_MODULES ? 4 : 1;
        int roll = random.nextInt(1000);
        if ((roll -= 90) < 0) {
            return fragmented();
        }
        if ((roll -= 40) < 0) {
            return binary();
        }
        if ((roll -= 30) < 0) {
            return ping();
        }
        if ((roll -= 30 / closeScale) < 0) {
            return invalidUtf8();
        }
        if ((roll -= 20 / closeScale) < 0) {
            return truncatedUtf8();
        }
        if ((roll -= 4 / closeScale) < 0) {
            return oversizeFrame();
        }
        if ((roll -= 4 / closeScale) < 0) {
            return oversizeMessage();
        }
        if ((roll -= 40 / closeScale) < 0) {
            return protocolViolation();
        }
        if ((roll -= 4 / closeScale) < 0) {
            return clientClose();
        }
        Text text = delivered(text());
        return new HostileFrame("text", text.preview(), WsFrames.frame(WsFrames.TEXT, text.utf8(), random),
                text.answers, 0, text.closes, text.refusal);
    }

    /** Text the server reads intact: an act's seq it accepts is the connection's from now on. */
    private Text delivered(Text text) {
        if (text.refusal != null) {
            acts.delivered(text.refusal);
        }
        return text;
    }

    // ---- frame kinds ----------------------------------------------------------------------------------------------

    private HostileFrame fragmented() {
        Text text = delivered(text());
        byte[] bytes = text.utf8();
        List<byte[]> parts = split(bytes, 2 + random.nextInt(3));
        boolean withPing = random.nextInt(3) == 0;
        int pingAt = 1 + random.nextInt(parts.size() - 1);
        ByteArrayOutputStream wire = new ByteArrayOutputStream();
        for (int i = 0; i < parts.size(); i++) {
            if (withPing && i == pingAt) {
                wire.writeBytes(WsFrames.frame(WsFrames.PING, bytes("mid-message ping"), random));
            }
            wire.writeBytes(WsFrames.fragment(i == parts.size() - 1, i == 0 ? WsFrames.TEXT : WsFrames.CONTINUATION,
                    parts.get(i), random));
        }
        return new HostileFrame("fragmented×" + parts.size() + (withPing ? "+ping" : ""), text.preview(),
                wire.toByteArray(), text.answers, withPing ? 1 : 0, text.closes, text.refusal);
    }

    private HostileFrame binary() {
        byte[] payload;
        if (random.nextBoolean()) {
            payload = text().utf8();
        } else {
            payload = new byte[random.nextInt(300)];
            random.nextBytes(payload);
        }
        byte[] wire;
        if (random.nextInt(3) == 0 && payload.length > 1) {
            int cut = 1 + random.nextInt(payload.length - 1);
            wire = concat(WsFrames.fragment(false, WsFrames.BINARY, Arrays.copyOf(payload, cut), random),
                    WsFrames.fragment(true, WsFrames.CONTINUATION, Arrays.copyOfRange(payload, cut, payload.length),
                            random));
        } else {
            wire = WsFrames.frame(WsFrames.BINARY, payload, random);
        }
        // The control channel speaks text only and refuses anything else; the others answer with an error.
        return new HostileFrame("binary", payload.length + " bytes", wire, 1, 0,
                endpoint == Endpoint.CONTROL ? POLICY : Set.of());
    }

    private HostileFrame ping() {
        byte[] payload = new byte[random.nextInt(126)];
        random.nextBytes(payload);
        return new HostileFrame("ping", payload.length + " bytes", WsFrames.frame(WsFrames.PING, payload, random),
                0, 1, Set.of());
    }

    private HostileFrame invalidUtf8() {
        Text text = text();
        byte[] bytes = text.utf8();
        int at = random.nextInt(bytes.length + 1);
        byte[] bad = INVALID_SEQUENCES[random.nextInt(INVALID_SEQUENCES.length)];
        byte[] payload = concat(Arrays.copyOf(bytes, at), bad, Arrays.copyOfRange(bytes, at, bytes.length));
        return new HostileFrame("invalid-utf8", hex(bad) + " at " + at + " in " + text.preview(),
                textFrames(payload), 0, 0, INVALID_UTF8);
    }

    private HostileFrame truncatedUtf8() {
        Text text = text();
        byte[] cut = TRUNCATED_SEQUENCES[random.nextInt(TRUNCATED_SEQUENCES.length)];
        return new HostileFrame("truncated-utf8", hex(cut) + " at the end of " + text.preview(),
                textFrames(concat(text.utf8(), cut)), 0, 0, INVALID_UTF8);
    }

    /** One frame, or several fragments (then the split may fall inside a character, which is fine). */
    private byte[] textFrames(byte[] payload) {
        if (random.nextBoolean() || payload.length < 2) {
            return WsFrames.frame(WsFrames.TEXT, payload, random);
        }
        ByteArrayOutputStream wire = new ByteArrayOutputStream();
        List<byte[]> parts = split(payload, 2 + random.nextInt(2));
        for (int i = 0; i < parts.size(); i++) {
            wire.writeBytes(WsFrames.fragment(i == parts.size() - 1, i == 0 ? WsFrames.TEXT : WsFrames.CONTINUATION,
                    parts.get(i), random));
        }
        return wire.toByteArray();
    }

    private HostileFrame oversizeFrame() {
        int size = LIMIT + 1 + random.nextInt(4096);
        byte[] payload = new byte[size];
        Arrays.fill(payload, (byte) 'a');
        int opcode = random.nextBoolean() ? WsFrames.TEXT : WsFrames.BINARY;
        // Refused by the frame decoder on /ws and /game; on /control (whose frames may be 1 MiB, as worlds send big
        // snapshots in 1 MiB fragments) by the message limit, which holds unregistered peers to 64 KiB.
        return new HostileFrame("oversize-frame", size + " bytes", WsFrames.frame(opcode, payload, random), 0, 0,
                TOO_BIG);
    }

    private HostileFrame oversizeMessage() {
        int[] sizes = {30_000 + random.nextInt(10_000), 20_000 + random.nextInt(10_000), 20_000};
        ByteArrayOutputStream wire = new ByteArrayOutputStream();
        int opcode = random.nextBoolean() ? WsFrames.TEXT : WsFrames.BINARY;
        for (int i = 0; i < sizes.length; i++) {
            byte[] part = new byte[sizes[i]];
            Arrays.fill(part, (byte) ' ');
            wire.writeBytes(WsFrames.fragment(i == sizes.length - 1, i == 0 ? opcode : WsFrames.CONTINUATION, part,
                    random));
        }
        return new HostileFrame("oversize-message", Arrays.stream(sizes).sum() + " bytes in 3 fragments",
                wire.toByteArray(), 0, 0, TOO_BIG);
    }

    private HostileFrame protocolViolation() {
        byte[] small = bytes("{\"type\":\"x\"}");
        return switch (random.nextInt(12)) {
            case 0 -> violation("continuation without a start",
                    WsFrames.fragment(random.nextBoolean(), WsFrames.CONTINUATION, text().utf8(), random));
            case 1 -> violation("unmasked frame",
                    WsFrames.frame(true, 0, WsFrames.TEXT, text().utf8(), false, WsFrames.Length.MINIMAL, random));
            case 2 -> violation("reserved bits", WsFrames.frame(true, 1 + random.nextInt(7), WsFrames.TEXT, small,
                    true, WsFrames.Length.MINIMAL, random));
            case 3 -> {
                int[] reserved = {3, 4, 5, 6, 7, 0xB, 0xC, 0xD, 0xE, 0xF};
                int opcode = reserved[random.nextInt(reserved.length)];
                yield violation("reserved opcode " + opcode, WsFrames.frame(opcode, small, random));
            }
            case 4 -> violation("ping over 125 bytes",
                    WsFrames.frame(WsFrames.PING, new byte[126 + random.nextInt(200)], random));
            case 5 -> violation("fragmented ping", WsFrames.fragment(false, WsFrames.PING, bytes("p"), random));
            case 6 -> violation("non-minimal length", WsFrames.frame(true, 0, WsFrames.TEXT, small, true,
                    random.nextBoolean() ? WsFrames.Length.FORCE_16 : WsFrames.Length.FORCE_64, random));
            case 7 -> violation("new message inside a fragmented one",
                    concat(WsFrames.fragment(false, WsFrames.TEXT, bytes("{\"type\":"), random),
                            WsFrames.frame(WsFrames.TEXT, small, random)));
            case 8 -> violation("close with a 1-byte body", WsFrames.frame(WsFrames.CLOSE, new byte[] {3}, random));
            case 9 -> {
                int[] invalid = {0, 999, 1004, 1005, 1006, 1015, 1016, 2999};
                int status = invalid[random.nextInt(invalid.length)];
                // RFC 6455 makes this a protocol error (1002); Netty's close handling answers it with a normal
                // closure (1000). Either way the connection ends, cleanly and at once.
                yield new HostileFrame("violation", "close with status " + status,
                        WsFrames.frame(WsFrames.CLOSE, WsFrames.closePayload(status, new byte[0]), random), 0, 0,
                        Set.of(1000, 1002));
            }
            case 10 -> new HostileFrame("violation", "close with an invalid UTF-8 reason",
                    WsFrames.frame(WsFrames.CLOSE, WsFrames.closePayload(1000, new byte[] {'b', (byte) 0xFF}),
                            random), 0, 0, Set.of(1000, 1002, 1007));
            default -> new HostileFrame("violation", "64-bit length with the top bit set",
                    WsFrames.header(true, WsFrames.TEXT, Long.MIN_VALUE + random.nextInt(1000), random), 0, 0,
                    Set.of(1002, 1009));
        };
    }

    private static HostileFrame violation(String description, byte[] wire) {
        return new HostileFrame("violation", description, wire, 0, 0, PROTOCOL_ERROR);
    }

    private HostileFrame clientClose() {
        int[] valid = {1000, 1001, 3000, 4000, 4999};
        int status = valid[random.nextInt(valid.length)];
        // The server echoes a valid close: the connection ends with the client's own status.
        return new HostileFrame("close", "status " + status,
                WsFrames.frame(WsFrames.CLOSE, WsFrames.closePayload(status, bytes("bye")), random), 0, 0,
                Set.of(status));
    }

    // ---- text and what the endpoint must do with it ---------------------------------------------------------------

    /** Text that arrives intact, with the endpoint's required reaction (errors, a refusal, a close). */
    record Text(String text, int answers, Set<Integer> closes, HostileFrame.Refusal refusal) {

        Text(String text, int answers, Set<Integer> closes) {
            this(text, answers, closes, null);
        }

        byte[] utf8() {
            return text.getBytes(StandardCharsets.UTF_8);
        }

        String preview() {
            String shown = text.length() <= 100 ? text : text.substring(0, 100) + "…(" + text.length() + " chars)";
            return shown.replace("\n", "\\n").replace("\r", "\\r");
        }
    }

    Text text() {
        for (int attempt = 0; attempt < 100; attempt++) {
            // As the wire carries it: a surrogate the string surgery above left without its pair goes out as '?',
            // and the server's answer (a refusal, or a move it would apply) is to that text, not to this string.
            String text = new String(rawText().getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8);
            if (text.length() * 3 > MAX_TEXT_BYTES && text.getBytes(StandardCharsets.UTF_8).length > MAX_TEXT_BYTES) {
                continue;
            }
            Text expected = expect(text);
            if (expected != null) {
                return expected;
            }
        }
        throw new IllegalStateException("the generator found nothing to send in 100 attempts");
    }

    private String rawText() {
        int roll = random.nextInt(100);
        if (roll < 45) {
            // Acts changed by their own generator alone, half of them: their refusal is then the point.
            return render(acts != null && random.nextBoolean() ? base() : mutated(base()));
        }
        if (roll < 65) {
            return brokenJson(render(random.nextBoolean() ? base() : mutated(base())));
        }
        if (roll < 73) {
            return nonObject();
        }
        if (roll < 78) {
            return deepNesting();
        }
        if (roll < 90) {
            return render(unauthorised());
        }
        return junk();
    }

    /**
     * The endpoint's required reaction to intact text, or null for text the server would act on (changing state or
     * costing a password hash), which is not sent.
     */
    private Text expect(String text) {
        Message message;
        try {
            message = codec.decode(text);
        } catch (ProtocolException e) {
            return new Text(text, 1, endpoint == Endpoint.CONTROL ? POLICY : Set.of());
        }
        switch (endpoint) {
            case CONTROL:
                // Before registration every message is refused and the connection closed.
                return new Text(text, 1, POLICY);
            case DIRECTOR:
                if (message instanceof ListWorldsMessage) {
                    return null;
                }
                if (message instanceof RegisterMessage r) {
                    if (r.username().matches("[A-Za-z0-9_-]{3,32}")) {
                        int codePoints = r.password().codePointCount(0, r.password().length());
                        if (codePoints >= 8 && r.password().length() <= 1024) {
                            return null;
                        }
                        registerNames.add(r.username());
                    }
                }
                if (message instanceof LoginMessage l && l.password().length() <= 1024) {
                    if (costlyLoginsLeft == 0) {
                        return null;
                    }
                    costlyLoginsLeft--;
                }
                return new Text(text, 1, Set.of());
            case GAME_LOBBY:
                // A hello here carries no ticket the world would admit: bad_ticket, and the connection closes.
                return message instanceof HelloMessage ? new Text(text, 1, POLICY) : new Text(text, 1, Set.of());
            default:
                if (acts != null && message instanceof ActMessage act) {
                    return acts.expect(text, act);
                }
                return message instanceof MoveMessage ? null : new Text(text, 1, Set.of());
        }
    }

    /** A message the endpoint knows, as ordered key → raw JSON value pairs. */
    private List<String[]> base() {
        List<String[]> m = new ArrayList<>();
        switch (endpoint) {
            case DIRECTOR -> {
                switch (random.nextInt(5)) {
                    case 0, 1 -> {
                        m.add(field("type", quote(random.nextBoolean() ? "register" : "login")));
                        m.add(field("username", quote(username())));
                        m.add(field("password", quote(randomString())));
                    }
                    case 2 -> {
                        m.add(field("type", quote("resume")));
                        m.add(field("token", quote(token())));
                    }
                    case 3 -> {
                        m.add(field("type", quote("join_world")));
                        m.add(field("worldId", quote(pick("meadow", "start", "cellar", "bench", "nowhere", ""))));
                    }
                    default -> m.add(field("type", quote("list_worlds")));
                }
            }
            case CONTROL -> {
                String world = pick("meadow", "start", "nowhere");
                switch (random.nextInt(8)) {
                    case 0 -> {
                        m.add(field("type", quote("world_register")));
                        m.add(field("worldId", quote(world)));
                        m.add(field("spawnToken", quote(token())));
                        m.add(field("gamePort", "4000"));
                        m.add(field("pid", "4242"));
                    }
                    case 1 -> {
                        m.add(field("type", quote("spare_register")));
                        m.add(field("spawnToken", quote(token())));
                        m.add(field("pid", "4242"));
                    }
                    case 2 -> {
                        m.add(field("type", quote("world_snapshot")));
                        m.add(field("worldId", quote(world)));
                        m.add(field("seq", "99"));
                        m.add(field("last", "false"));
                        m.add(field("state", "{\"format\":1,\"tick\":5,\"nextEntityId\":1,\"players\":[]}"));
                    }
                    case 3 -> {
                        m.add(field("type", quote("world_ready")));
                        m.add(field("worldId", quote(world)));
                        m.add(field("hydratedSeq", "0"));
                    }
                    case 4 -> {
                        m.add(field("type", quote("world_heartbeat")));
                        m.add(field("worldId", quote(world)));
                        m.add(field("tick", "10"));
                    }
                    case 5 -> {
                        m.add(field("type", quote("player_roster")));
                        m.add(field("worldId", quote(world)));
                        m.add(field("accountIds", "[1,2,3]"));
                    }
                    case 6 -> {
                        m.add(field("type", quote("portal_transfer")));
                        m.add(field("worldId", quote(world)));
                        m.add(field("transferId", "1"));
                        m.add(field("accountId", "1"));
                        m.add(field("targetWorldId", quote("cellar")));
                        m.add(field("x", "1"));
                        m.add(field("y", "1"));
                        m.add(field("layer", "0"));
                    }
                    default -> {
                        m.add(field("type", quote("shutdown_ack")));
                        m.add(field("worldId", quote(world)));
                        m.add(field("lastSeq", "1"));
                    }
                }
            }
            case GAME_LOBBY, GAME_IN_WORLD, GAME_MODULES -> {
                if (acts != null && random.nextInt(4) != 0) {
                    return acts.base();
                }
                switch (random.nextInt(4)) {
                    case 0 -> {
                        m.add(field("type", quote("hello")));
                        m.add(field("ticket", quote(tickets.forged())));
                        if (random.nextBoolean()) {
                            m.add(field("encoding", quote(pick("json", "binary"))));
                        }
                    }
                    case 1, 2 -> {
                        m.add(field("type", quote("move")));
                        m.add(field("dir", quote(pick("N", "E", "S", "W"))));
                        m.add(field("seq", String.valueOf(random.nextInt(1000))));
                    }
                    default -> {
                        m.add(field("type", quote("position")));
                        m.add(field("x", "1"));
                        m.add(field("y", "1"));
                    }
                }
            }
        }
        if (random.nextInt(3) == 0) {
            m.add(field("ref", random.nextBoolean() ? quote("r" + random.nextInt(1000)) : number()));
        }
        return m;
    }

    /** Well-formed requests the connection has no right to make. */
    private List<String[]> unauthorised() {
        List<String[]> m = new ArrayList<>();
        switch (endpoint) {
            case DIRECTOR -> {
                if (random.nextBoolean()) {
                    m.add(field("type", quote("join_world")));
                    m.add(field("worldId", quote(pick("meadow", "start", "cellar"))));
                } else {
                    m.add(field("type", quote("resume")));
                    m.add(field("token", quote(token())));
                }
            }
            case CONTROL -> {
                if (random.nextBoolean()) {
                    m.add(field("type", quote("world_snapshot")));
                    m.add(field("worldId", quote("meadow")));
                    m.add(field("seq", String.valueOf(1 + random.nextInt(1_000_000))));
                    m.add(field("last", "true"));
                    m.add(field("state", "{\"format\":1,\"tick\":1,\"nextEntityId\":9,\"players\":"
                            + "[{\"accountId\":1,\"x\":0,\"y\":0,\"layer\":0}]}"));
                } else {
                    m.add(field("type", quote("world_register")));
                    m.add(field("worldId", quote("meadow")));
                    m.add(field("spawnToken", quote(token())));
                    m.add(field("gamePort", "1"));
                    m.add(field("pid", "1"));
                }
            }
            case GAME_LOBBY, GAME_IN_WORLD, GAME_MODULES -> {
                if (endpoint == Endpoint.GAME_LOBBY && random.nextBoolean()) {
                    m.add(field("type", quote("move")));
                    m.add(field("dir", quote("N")));
                    m.add(field("seq", "1"));
                } else {
                    m.add(field("type", quote("hello")));
                    m.add(field("ticket", quote(tickets.forged())));
                }
            }
        }
        m.add(field("ref", quote("u" + random.nextInt(100))));
        return m;
    }

    private List<String[]> mutated(List<String[]> m) {
        int mutations = 1 + random.nextInt(3);
        for (int i = 0; i < mutations; i++) {
            int at = random.nextInt(m.size());
            switch (random.nextInt(9)) {
                case 0, 1 -> m.get(at)[1] = value(0);
                case 2 -> m.remove(at);
                case 3 -> m.add(random.nextInt(m.size() + 1), field(randomKey(), value(0)));
                case 4 -> m.add(field(m.get(at)[0], value(0)));
                case 5 -> m.get(at)[1] = "null";
                case 6 -> setType(m, quote(random.nextBoolean() ? pick(SERVER_TYPES) : pick(ODD_TYPES)));
                case 7 -> setType(m, random.nextBoolean() ? number() : value(0));
                default -> m.add(field(pick("x", "y", "layer", "position", "ref", "type", "seq", "dir"), value(0)));
            }
            if (m.isEmpty()) {
                m.add(field("type", value(0)));
            }
        }
        return m;
    }

    private static void setType(List<String[]> m, String value) {
        for (String[] f : m) {
            if (f[0].equals("type")) {
                f[1] = value;
                return;
            }
        }
        m.add(0, field("type", value));
    }

    private String brokenJson(String json) {
        return switch (random.nextInt(7)) {
            case 0 -> json.substring(0, random.nextInt(Math.max(1, json.length())));
            case 1 -> json + pick(" x", "}", "]", ",", "{}", "\u0000", " // comment", "\n{\"type\":\"login\"}",
                    "\"", "\\");
            case 2 -> {
                int at = random.nextInt(json.length());
                yield json.substring(0, at) + json.substring(at + 1);
            }
            case 3 -> {
                int at = random.nextInt(json.length());
                yield json.substring(0, at) + pick("\"", "{", "}", "[", "]", ",", ":", "\\", "\u0001", "'")
                        + json.substring(at + 1);
            }
            case 4 -> json.replace('"', '\'');
            case 5 -> "\uFEFF" + json;
            default -> json.replace("\"type\"", "type");
        };
    }

    private String nonObject() {
        return pick("", " ", "null", "true", "false", "42", "-0", "1e309", "\"type\"", "[]", "[{\"type\":\"login\"}]",
                "{}", "{\"type\":null}", "{\"type\":42}", "{\"type\":[\"login\"]}", "{\"type\":{\"a\":1}}",
                "{\"type\":\"hello\",\"type\":\"move\"}", "\n\t ", "{\"\":\"\"}", "\"" + "a".repeat(5000) + "\"",
                "[" + "1,".repeat(10_000) + "1]");
    }

    private String deepNesting() {
        int depth = pickInt(600, 1_001, 2_000, 5_000, 10_000);
        String inner = switch (random.nextInt(4)) {
            case 0 -> "[".repeat(depth);
            case 1 -> "[".repeat(depth) + "]".repeat(depth);
            case 2 -> "{\"a\":".repeat(depth) + "1" + "}".repeat(depth);
            default -> "{\"a\":[".repeat(depth / 2) + "0" + "]}".repeat(depth / 2);
        };
        return random.nextBoolean() ? inner
                : "{\"type\":\"" + pick("login", "hello", "move", "world_register", "join_world") + "\",\"ref\":"
                + inner + "}";
    }

    private String junk() {
        StringBuilder out = new StringBuilder();
        int length = random.nextInt(200);
        for (int i = 0; i < length; i++) {
            int kind = random.nextInt(10);
            if (kind < 6) {
                out.append((char) (0x20 + random.nextInt(0x5F)));
            } else if (kind < 8) {
                out.append(pick("{", "}", "\"", ":", ",", "[", "]", "\\u", "type"));
            } else {
                out.appendCodePoint(UNICODE.codePointAt(UNICODE.offsetByCodePoints(0,
                        random.nextInt(UNICODE.codePointCount(0, UNICODE.length())))));
            }
        }
        return out.toString();
    }

    // ---- values ---------------------------------------------------------------------------------------------------

    private String value(int depth) {
        int roll = random.nextInt(depth > 2 ? 6 : 10);
        return switch (roll) {
            case 0, 1 -> number();
            case 2, 3 -> quote(randomString());
            case 4 -> pick("true", "false", "null");
            case 5 -> random.nextInt(4) == 0 ? pick(BAD_TOKENS) : rawString();
            case 6 -> "[" + value(depth + 1) + "," + value(depth + 1) + "]";
            case 7 -> "{\"" + randomKey() + "\":" + value(depth + 1) + "}";
            case 8 -> "[]";
            default -> "[".repeat(1_500) + "]".repeat(1_500);
        };
    }

    private String number() {
        return NUMBERS[random.nextInt(NUMBERS.length)];
    }

    /** String tokens Jackson's writer would not produce: escapes of lone surrogates, control characters. */
    private String rawString() {
        return pick("\"\\ud800\"", "\"\\udc00x\"", "\"\\u0000\"", "\"a\\u0000b\"", "\"\\uZZZZ\"", "\"tab\there\"",
                "\"\\/\\b\\f\\n\\r\\t\"", "\"\\x41\"");
    }

    private String randomString() {
        return switch (random.nextInt(9)) {
            case 0 -> "";
            case 1, 2 -> randomAscii(1 + random.nextInt(12));
            case 3 -> username();
            case 4 -> "a".repeat(pickInt(MAX_STRING - 1, MAX_STRING, MAX_STRING + 1, 8_000, 20_000));
            case 5 -> UNICODE.repeat(1 + random.nextInt(5));
            case 6 -> "𝄞".repeat(pickInt(4, 2048, 2049));
            case 7 -> "\u0000\n\t\u007f\u2028";
            default -> randomAscii(7);
        };
    }

    private String username() {
        String name = "fz" + randomAscii(2 + random.nextInt(10)).replaceAll("[^A-Za-z0-9]", "_");
        return random.nextInt(5) == 0 ? name + pick("!", " ", "é", "/", "") : name;
    }

    private String token() {
        return ForgedTickets.token(random);
    }

    private String randomKey() {
        return random.nextBoolean() ? pick("ref", "type", "x", "__proto__", "", "token", "ticket", "seq", "state")
                : randomAscii(1 + random.nextInt(10));
    }

    private String randomAscii(int length) {
        StringBuilder out = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            out.append((char) (0x21 + random.nextInt(0x5E)));
        }
        return out.toString();
    }

    // ---- helpers --------------------------------------------------------------------------------------------------

    static String[] field(String key, String rawValue) {
        return new String[] {key, rawValue};
    }

    private static String render(List<String[]> fields) {
        StringBuilder out = new StringBuilder("{");
        for (String[] f : fields) {
            if (out.length() > 1) {
                out.append(',');
            }
            out.append(quote(f[0])).append(':').append(f[1]);
        }
        return out.append('}').toString();
    }

    static String quote(String value) {
        return Json.MAPPER.writeValueAsString(value);
    }

    @SafeVarargs
    private <T> T pick(T... options) {
        return options[random.nextInt(options.length)];
    }

    private int pickInt(int... options) {
        return options[random.nextInt(options.length)];
    }

    /** {@code count} parts (some possibly empty) at random cut points, preferring cuts inside a character. */
    private List<byte[]> split(byte[] bytes, int count) {
        int[] cuts = new int[count - 1];
        for (int i = 0; i < cuts.length; i++) {
            cuts[i] = bytes.length == 0 ? 0 : random.nextInt(bytes.length + 1);
            for (int probe = 0; probe < 8 && bytes.length > 0; probe++) {
                int at = random.nextInt(bytes.length);
                if ((bytes[at] & 0xC0) == 0x80) {
                    cuts[i] = at;
                    break;
                }
            }
        }
        Arrays.sort(cuts);
        List<byte[]> parts = new ArrayList<>();
        int from = 0;
        for (int cut : cuts) {
            parts.add(Arrays.copyOfRange(bytes, from, cut));
            from = cut;
        }
        parts.add(Arrays.copyOfRange(bytes, from, bytes.length));
        return parts;
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] concat(byte[]... arrays) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] a : arrays) {
            out.writeBytes(a);
        }
        return out.toByteArray();
    }

    private static String hex(byte[] bytes) {
        StringBuilder out = new StringBuilder();
        for (byte b : bytes) {
            out.append(String.format("%02X", b & 0xFF));
        }
        return out.toString();
    }
}
