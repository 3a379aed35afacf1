package lor.testclient.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Pattern;

import lor.protocol.ErrorMessage;
import lor.protocol.Json;
import lor.protocol.Message;
import lor.protocol.Names;
import lor.protocol.director.ListWorldsMessage;
import lor.protocol.director.LoggedInMessage;
import lor.protocol.director.LoggedOutMessage;
import lor.protocol.director.LoginMessage;
import lor.protocol.director.LogoutMessage;
import lor.protocol.director.ResumeMessage;
import lor.protocol.director.WorldJoinedMessage;
import lor.protocol.director.WorldsMessage;
import lor.protocol.game.HelloMessage;
import lor.protocol.game.RejectedMessage;
import lor.protocol.game.WelcomeMessage;
import lor.testclient.net.WsClient;
import lor.testclient.scenario.ScenarioContext;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.ShrinkingMode;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.AfterProperty;
import net.jqwik.api.lifecycle.BeforeContainer;
import net.jqwik.api.lifecycle.BeforeProperty;
import tools.jackson.databind.JsonNode;

/**
 * Hostile strings ({@link HostileText}) in every string field of every request, on every endpoint a stranger can
 * reach: the director's {@code /ws}, a world's {@code /game}, the admin API and {@code /control} before
 * registration, against two real directors on one PostgreSQL, each try sent to one of them. Every answer must be
 * the documented one for the field (an id that cannot exist is unknown, a name that breaks the rules is refused,
 * a name that keeps them is stored exactly), the connection must stay usable where the contract says so, and after
 * each property no director has logged an ERROR line and nothing stored or shown has changed.
 */
class HostileStringsIT {

    private static final String ADMIN_TOKEN = "hostile-strings-admin-token";
    private static final String GAME_WORLD = "start";
    /** A world the admin properties rename, and name back. */
    private static final String VICTIM_WORLD = "hostile-victim";
    private static final String VICTIM_NAME = "Victim";
    private static final Duration ANSWER = Duration.ofSeconds(15);
    /** The README's longest string field a client may send. */
    private static final int MAX_STRING_CHARS = 4096;
    private static final Pattern BAD_LOG_LINE = Pattern.compile(" ERROR |LEAK:");
    private static final Set<String> CONTROL_REFUSALS = Set.of("bad_request", "not_allowed", "not_authenticated",
            "unknown_type");
    private static final Set<Integer> HTTP_REFUSALS = Set.of(400, 404, 405, 409, 413, 414, 431);

    private static Path root;
    private static DirectorCluster cluster;
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private static final Map<Integer, Director> DIRECTORS = new HashMap<>();
    private static final AtomicLong REFS = new AtomicLong();
    private static String victimUser;
    private static GamePlayer player;
    private static List<Object> stateBefore;
    private static List<LogTail> tails;

    /** One director's connections: anonymous, logged in, and the one whose logout marks its log. */
    private static final class Director {
        final DirectorCluster.Member member;
        final ScenarioContext ctx;
        final String username;
        final String token;
        WsClient anonymous;
        WsClient loggedIn;

        Director(DirectorCluster.Member member) throws Exception {
            this.member = member;
            this.ctx = member.context();
            ScenarioContext.Account account = ctx.newAccount("hostile" + member.index());
            this.username = account.username();
            this.token = account.token();
            this.loggedIn = account.client();
            this.anonymous = ctx.director();
        }

        WsClient connection(boolean authenticated) throws Exception {
            if (authenticated) {
                if (loggedIn.isClosed()) {
                    loggedIn = ctx.director();
                    loggedIn.send(new ResumeMessage(token, "resume"));
                    loggedIn.expect(LoggedInMessage.class, ANSWER);
                }
                return loggedIn;
            }
            if (anonymous.isClosed()) {
                anonymous = ctx.director();
            }
            return anonymous;
        }
    }

    @BeforeContainer
    static void startCluster() throws Exception {
        Path target = Path.of("target");
        Files.createDirectories(target);
        root = Files.createTempDirectory(target, "hostile-strings");
        cluster = DirectorCluster.builder(root).directors(2).name("hostile-strings")
                .options("--admin-token", ADMIN_TOKEN, "--login-failures-per-address", "0",
                        "--max-new-connections-per-second", "0", "--idle-shutdown-ms", "0",
                        "--snapshot-interval-ms", "3600000")
                .start();
        for (DirectorCluster.Member member : cluster.directors()) {
            DIRECTORS.put(member.index(), new Director(member));
        }
        victimUser = DIRECTORS.get(1).ctx.newAccount("victim").username();
        HttpResponse<String> created = admin(1, "POST", "/api/admin/worlds", "{\"worldId\":\"" + VICTIM_WORLD
                + "\",\"name\":\"" + VICTIM_NAME + "\",\"settings\":{}}");
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        player = new GamePlayer(DIRECTORS.get(1).ctx.newAccount("hostile-player"), DIRECTORS.get(1).ctx);
        player.connect();
        // The other director knows the world made through the first once its catalog is read again.
        await().atMost(ANSWER).until(() -> DIRECTORS.get(2).member.listedWorlds().contains(VICTIM_WORLD));
    }

    @AfterContainer
    static void stopCluster() throws IOException {
        for (Director director : DIRECTORS.values()) {
            director.ctx.close();
        }
        if (player != null) {
            player.ctx.close();
        }
        if (cluster != null) {
            cluster.close();
        }
    }

    @BeforeProperty
    void recordState() throws Exception {
        stateBefore = state();
        tails = new ArrayList<>();
        for (DirectorCluster.Member member : cluster.directors()) {
            tails.add(new LogTail(member.log()));
        }
    }

    @AfterProperty
    void nothingChangedAndNothingWasLoggedAsAnError() throws Exception {
        for (Director director : DIRECTORS.values()) {
            WsClient client = director.connection(true);
            client.send(new ListWorldsMessage("still-usable"));
            assertThat(client.expect(WorldsMessage.class, ANSWER).ref()).isEqualTo("still-usable");
        }
        await().atMost(ANSWER).untilAsserted(() -> assertThat(state()).isEqualTo(stateBefore));
        for (int i = 0; i < tails.size(); i++) {
            Director director = DIRECTORS.get(i + 1);
            // Every line logged before the sentinel's is in the file once the sentinel's is.
            long account = sentinel(director);
            LogTail tail = tails.get(i);
            await().atMost(ANSWER).until(() -> tail.contains("account " + account + " logged out"));
            List<String> bad = tail.text().lines().filter(l -> BAD_LOG_LINE.matcher(l).find()).limit(10).toList();
            assertThat(bad).as("lines logged by " + director.member).isEmpty();
        }
    }

    // ---- /ws --------------------------------------------------------------------------------------------------

    /** What a {@code /ws} try sends a hostile string as. */
    enum WsField {
        REGISTER_USERNAME, REGISTER_PASSWORD, LOGIN_USERNAME, LOGIN_PASSWORD, RESUME_TOKEN, JOIN_ANONYMOUS,
        JOIN_LOGGED_IN, REF, TYPE
    }

    @Property(tries = 400, seed = "31001", shrinking = ShrinkingMode.OFF)
    void everyDirectorRequestWithAHostileStringGetsItsDocumentedAnswer(
            @ForAll WsField field, @ForAll("hostile") String text, @ForAll("director") int director)
            throws Exception {
        String ref = field == WsField.REF ? text : "r" + REFS.incrementAndGet();
        String frame = switch (field) {
            case REGISTER_USERNAME -> request("register", ref, "username", text, "password", "a good password");
            case REGISTER_PASSWORD -> request("register", ref, "username", victimUser, "password", text);
            case LOGIN_USERNAME -> request("login", ref, "username", text, "password", "a good password");
            case LOGIN_PASSWORD -> request("login", ref, "username", victimUser, "password", text);
            case RESUME_TOKEN -> request("resume", ref, "token", text);
            case JOIN_ANONYMOUS, JOIN_LOGGED_IN -> request("join_world", ref, "worldId", text);
            case REF -> request("list_worlds", ref);
            case TYPE -> request(text, ref);
        };
        Set<String> expected = switch (field) {
            case REGISTER_USERNAME -> Set.of("invalid_username");
            case REGISTER_PASSWORD -> Set.of(HostileText.isPassword(text) ? "username_taken" : "weak_password");
            case LOGIN_USERNAME, LOGIN_PASSWORD -> Set.of("bad_credentials", "too_many_attempts");
            case RESUME_TOKEN -> Set.of("bad_token");
            case JOIN_ANONYMOUS -> Set.of("not_authenticated");
            case JOIN_LOGGED_IN -> Set.of("unknown_world");
            case REF -> Set.of();
            case TYPE -> Set.of("unknown_type");
        };
        WsClient client = DIRECTORS.get(director).connection(field == WsField.JOIN_LOGGED_IN);
        client.sendText(frame);
        if (HostileText.oversize(frame)) {
            assertThat(client.awaitClose(ANSWER)).as("close status of an oversize frame").isEqualTo(1009);
            return;
        }
        Message answer = client.next(ANSWER);
        if (Names.hasUnpairedSurrogate(text)) {
            assertThat(answer).isInstanceOfSatisfying(ErrorMessage.class,
                    e -> assertThat(e.code()).isEqualTo("bad_request"));
            return;
        }
        if (text.length() > MAX_STRING_CHARS && field != WsField.TYPE) {
            // The README: no string field a client sends may be longer (a type is only ever unknown).
            assertThat(answer).isInstanceOfSatisfying(ErrorMessage.class,
                    e -> assertThat(e.code()).isEqualTo("bad_request"));
            return;
        }
        assertThat(answer.ref()).as("the answer's ref").isEqualTo(ref);
        if (field == WsField.REF) {
            assertThat(answer).isInstanceOf(WorldsMessage.class);
        } else {
            assertThat(answer).isInstanceOfSatisfying(ErrorMessage.class,
                    e -> assertThat(e.code()).as(e.message()).isIn(expected));
        }
    }

    // ---- /game ------------------------------------------------------------------------------------------------

    /** What a {@code /game} try sends a hostile string as. */
    enum GameField {
        MOVE_DIR, BUILD_KIND, BUILD_DIR, PUT_ITEM, TAKE_ITEM, SET_RECIPE, DISMANTLE_DIR, REF, TYPE, HELLO_TICKET
    }

    @Property(tries = 250, seed = "31002", shrinking = ShrinkingMode.OFF)
    void everyWorldMessageWithAHostileStringIsRefusedAndChangesNothing(
            @ForAll GameField field, @ForAll("hostile") String text) throws Exception {
        if (field == GameField.HELLO_TICKET) {
            try (WsClient lobby = player.ctx.game(player.gameUrl)) {
                String frame = request("hello", "hello", "ticket", text);
                lobby.sendText(frame);
                if (!HostileText.oversize(frame)) {
                    ErrorMessage error = (ErrorMessage) lobby.next(ANSWER);
                    assertThat(error.code()).isIn(Names.hasUnpairedSurrogate(text) ? Set.of("bad_request")
                            : Set.of("bad_ticket"));
                }
                if (!Names.hasUnpairedSurrogate(text) || HostileText.oversize(frame)) {
                    assertThat(lobby.awaitClose(ANSWER)).isIn(1008, 1009);
                }
            }
            return;
        }
        long seq = player.nextSeq();
        String ref = field == GameField.REF ? text : "g" + REFS.incrementAndGet();
        String frame = switch (field) {
            case MOVE_DIR -> intent("move", seq, ref, "dir", text);
            case BUILD_KIND -> intent("build", seq, ref, "kind", text, "dir", "E");
            case BUILD_DIR -> intent("build", seq, ref, "kind", "chest", "dir", text);
            case PUT_ITEM -> intent("put", seq, ref, "dir", "E", "item", text, "count", 1);
            case TAKE_ITEM -> intent("take", seq, ref, "dir", "E", "item", text, "count", 1);
            case SET_RECIPE -> intent("set_recipe", seq, ref, "dir", "E", "recipe", text);
            case DISMANTLE_DIR -> intent("dismantle", seq, ref, "dir", text);
            case REF -> intent("move", seq, ref, "dir", "X");
            case TYPE -> request(text, ref);
            case HELLO_TICKET -> throw new AssertionError("sent above");
        };
        player.game.sendText(frame);
        if (HostileText.oversize(frame)) {
            assertThat(player.game.awaitClose(ANSWER)).as("close status of an oversize frame").isEqualTo(1009);
            player.connect();
            return;
        }
        player.expectRefusal(seq, ref, Names.hasUnpairedSurrogate(text));
    }

    /** A player in {@link #GAME_WORLD}, connected again whenever a refusal closed its connection. */
    private static final class GamePlayer {
        final ScenarioContext.Account account;
        final ScenarioContext ctx;
        WsClient game;
        String gameUrl;
        long seq;
        WelcomeMessage.Position at;

        GamePlayer(ScenarioContext.Account account, ScenarioContext ctx) {
            this.account = account;
            this.ctx = ctx;
        }

        void connect() throws Exception {
            WorldJoinedMessage joined = ctx.join(account.client(), GAME_WORLD);
            gameUrl = joined.gameUrl();
            game = ctx.game(gameUrl);
            game.send(new HelloMessage(joined.ticket(), null));
            WelcomeMessage welcome = game.expect(WelcomeMessage.class, ANSWER);
            if (at != null) {
                assertThat(welcome.you()).as("where the player is after hostile intents").isEqualTo(at);
            }
            at = welcome.you();
            seq = 0;
        }

        long nextSeq() {
            return ++seq;
        }

        /**
         * The intent's refusal: an error at once, or a {@code rejected} at its tick; never applied. A flood of
         * refusals closes the connection with {@code rate_limited}, as the contract says: then it connects again.
         */
        void expectRefusal(long seq, String ref, boolean unreadable) throws Exception {
            long deadline = System.nanoTime() + ANSWER.toNanos();
            while (System.nanoTime() < deadline) {
                Message message = game.poll(Duration.ofMillis(200));
                if (message == null && game.isClosed()) {
                    throw new AssertionError("connection closed without a refusal");
                }
                if (message instanceof ErrorMessage error) {
                    if (error.code().equals("rate_limited")) {
                        assertThat(game.awaitClose(ANSWER)).isEqualTo(1008);
                        connect();
                        return;
                    }
                    assertThat(error.code()).as(error.message()).isIn(unreadable ? Set.of("bad_request")
                            : Set.of("bad_request", "unknown_type"));
                    if (!unreadable) {
                        assertThat(error.ref()).isEqualTo(ref);
                    }
                    return;
                }
                if (message instanceof RejectedMessage rejected && rejected.seq() == seq) {
                    return;
                }
            }
            throw new AssertionError("no refusal of intent " + seq + " within " + ANSWER.toMillis() + " ms");
        }
    }

    // ---- /control before registration -------------------------------------------------------------------------

    /** What a {@code /control} try sends a hostile string as. */
    enum ControlField { REGISTER_WORLD, REGISTER_TOKEN, SPARE_TOKEN, TYPE }

    @Property(tries = 150, seed = "31003", shrinking = ShrinkingMode.OFF)
    void everyControlMessageWithAHostileStringBeforeRegistrationIsRefusedAndClosed(
            @ForAll ControlField field, @ForAll("hostile") String text, @ForAll("director") int director)
            throws Exception {
        String frame = switch (field) {
            case REGISTER_WORLD -> "{\"type\":\"world_register\",\"worldId\":" + HostileText.json(text)
                    + ",\"spawnToken\":\"" + "a".repeat(43) + "\",\"gamePort\":40000,\"pid\":4242}";
            case REGISTER_TOKEN -> "{\"type\":\"world_register\",\"worldId\":\"start\",\"spawnToken\":"
                    + HostileText.json(text) + ",\"gamePort\":40000,\"pid\":4242}";
            case SPARE_TOKEN -> "{\"type\":\"spare_register\",\"spawnToken\":" + HostileText.json(text)
                    + ",\"pid\":4242}";
            case TYPE -> "{\"type\":" + HostileText.json(text) + "}";
        };
        try (WsClient control = DIRECTORS.get(director).ctx.control()) {
            control.sendText(frame);
            if (!HostileText.oversize(frame)) {
                Message answer = control.next(ANSWER);
                assertThat(answer).isInstanceOfSatisfying(ErrorMessage.class,
                        e -> assertThat(e.code()).as(e.message()).isIn(CONTROL_REFUSALS));
            }
            assertThat(control.awaitClose(ANSWER)).isIn(1008, 1009);
        }
    }

    // ---- /api/admin -------------------------------------------------------------------------------------------

    /** Where an admin try puts a hostile string. */
    enum AdminField {
        CREATE_WORLD_ID, CREATE_WORLD_NAME, CREATE_MAP, CREATE_CONTENT, CREATE_SPAWN, CREATE_SEED_KIND,
        CREATE_SEED_KEY, CREATE_SETTINGS_KEY, PATCH_PATH, PATCH_NAME, PATCH_MAP, DELETE_PATH, STOP_PATH, CLEAR_PATH,
        TEMPLATE_ID, TEMPLATE_NAME, TEMPLATE_PATCH_PATH, TEMPLATE_DELETE_PATH, TEMPLATE_INSTANCE_PATH
    }

    @Property(tries = 300, seed = "31004", shrinking = ShrinkingMode.OFF)
    void everyAdminRequestWithAHostileStringIsRefusedOrStoredExactly(
            @ForAll AdminField field, @ForAll("hostile") String text, @ForAll("director") int director)
            throws Exception {
        String fresh = "hostile-" + REFS.incrementAndGet();
        String s = HostileText.json(text);
        String path = pathSegment(text);
        HttpResponse<String> response = switch (field) {
            case CREATE_WORLD_ID -> admin(director, "POST", "/api/admin/worlds",
                    "{\"worldId\":" + s + ",\"name\":\"n\",\"settings\":{}}");
            case CREATE_WORLD_NAME -> admin(director, "POST", "/api/admin/worlds",
                    "{\"worldId\":\"" + fresh + "\",\"name\":" + s + ",\"settings\":{}}");
            case CREATE_MAP -> createWorld(director, fresh, "{\"map\":" + s + "}");
            case CREATE_CONTENT -> createWorld(director, fresh, "{\"content\":" + s + "}");
            case CREATE_SPAWN -> createWorld(director, fresh, "{\"spawn\":" + s + "}");
            case CREATE_SEED_KIND -> createWorld(director, fresh,
                    "{\"content\":\"default\",\"seedObjects\":{\"kind\":" + s + ",\"count\":1,\"fromLayer\":0}}");
            case CREATE_SEED_KEY -> createWorld(director, fresh, "{\"content\":\"default\",\"seedObjects\":"
                    + "{\"kind\":\"chest\",\"count\":1,\"fromLayer\":0," + s + ":\"x\"}}");
            case CREATE_SETTINGS_KEY -> createWorld(director, fresh, "{" + s + ":1}");
            case PATCH_PATH -> admin(director, "PATCH", "/api/admin/worlds/" + path, "{\"name\":\"n\"}");
            case PATCH_NAME -> admin(director, "PATCH", "/api/admin/worlds/" + VICTIM_WORLD, "{\"name\":" + s + "}");
            case PATCH_MAP -> admin(director, "PATCH", "/api/admin/worlds/" + VICTIM_WORLD,
                    "{\"settings\":{\"map\":" + s + "}}");
            case DELETE_PATH -> admin(director, "DELETE", "/api/admin/worlds/" + path, "");
            case STOP_PATH -> admin(director, "POST", "/api/admin/worlds/" + path + "/stop", "");
            case CLEAR_PATH -> admin(director, "POST", "/api/admin/worlds/" + path + "/clear", "");
            case TEMPLATE_ID -> admin(director, "POST", "/api/admin/templates",
                    "{\"templateId\":" + s + ",\"name\":\"n\",\"settings\":{}}");
            case TEMPLATE_NAME -> admin(director, "POST", "/api/admin/templates",
                    "{\"templateId\":\"" + fresh + "\",\"name\":" + s + ",\"settings\":{}}");
            case TEMPLATE_PATCH_PATH -> admin(director, "PATCH", "/api/admin/templates/" + path, "{\"name\":\"n\"}");
            case TEMPLATE_DELETE_PATH -> admin(director, "DELETE", "/api/admin/templates/" + path, "");
            case TEMPLATE_INSTANCE_PATH -> admin(director, "POST", "/api/admin/templates/" + path + "/instances",
                    "");
        };
        boolean validName = HostileText.isDisplayName(text) && !HostileText.oversize(s);
        switch (field) {
            case CREATE_WORLD_NAME, TEMPLATE_NAME, PATCH_NAME -> {
                if (validName) {
                    assertThat(response.statusCode()).as(response.body()).isIn(200, 201);
                    assertThat(Json.MAPPER.readTree(response.body()).path("name").asString())
                            .as("the name as stored").isEqualTo(text.strip());
                    undo(director, field, fresh);
                    return;
                }
            }
            default -> {
            }
        }
        assertThat(response.statusCode()).as(field + ": " + Names.shorten(response.body(), 200))
                .isIn(HTTP_REFUSALS);
        if (response.statusCode() != 431 && response.statusCode() != 414 && response.statusCode() != 413) {
            assertThat(response.headers().firstValue("content-type")).as(field + ": " + response.body())
                    .hasValueSatisfying(type -> assertThat(type).startsWith("application/json"));
            JsonNode body = Json.MAPPER.readTree(response.body());
            assertThat(body.path("error").isString()).as(response.body()).isTrue();
        }
    }

    private static void undo(int director, AdminField field, String fresh) throws Exception {
        HttpResponse<String> undone = switch (field) {
            case CREATE_WORLD_NAME -> admin(director, "DELETE", "/api/admin/worlds/" + fresh, "");
            case TEMPLATE_NAME -> admin(director, "DELETE", "/api/admin/templates/" + fresh, "");
            case PATCH_NAME -> admin(director, "PATCH", "/api/admin/worlds/" + VICTIM_WORLD,
                    "{\"name\":\"" + VICTIM_NAME + "\"}");
            default -> throw new AssertionError(field + " changes nothing");
        };
        assertThat(undone.statusCode()).as(undone.body()).isEqualTo(200);
    }

    private static HttpResponse<String> createWorld(int director, String worldId, String settings)
            throws Exception {
        return admin(director, "POST", "/api/admin/worlds", "{\"worldId\":\"" + worldId + "\",\"name\":\"n\","
                + "\"settings\":" + settings + "}");
    }

    private static HttpResponse<String> admin(int director, String method, String path, String body)
            throws Exception {
        URI uri = URI.create(cluster.director(director).baseUrl() + path);
        HttpRequest request = HttpRequest.newBuilder(uri).timeout(ANSWER)
                .header("Authorization", "Bearer " + ADMIN_TOKEN)
                .header("Content-Type", "application/json")
                .method(method, body.isEmpty() ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8))
                .build();
        return HTTP.send(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    }

    /**
     * {@code text} percent-encoded as one path segment, byte by byte: an unpaired surrogate as the three bytes a
     * careless encoder writes for it (not UTF-8), a slash as {@code %2F}.
     */
    private static String pathSegment(String text) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            byte[] bytes;
            if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                bytes = text.substring(i, i + 2).getBytes(StandardCharsets.UTF_8);
                i++;
            } else if (Character.isSurrogate(c)) {
                bytes = new byte[] {(byte) (0xE0 | c >> 12), (byte) (0x80 | c >> 6 & 0x3F), (byte) (0x80 | c & 0x3F)};
            } else if (c < 0x80 && (Character.isLetterOrDigit(c) || c == '-' || c == '_')) {
                out.append(c);
                continue;
            } else {
                bytes = String.valueOf(c).getBytes(StandardCharsets.UTF_8);
            }
            for (byte b : bytes) {
                out.append('%').append(String.format("%02X", b & 0xFF));
            }
        }
        return out.toString();
    }

    // ---- arbitraries, frames and checks ------------------------------------------------------------------------

    @Provide
    Arbitrary<String> hostile() {
        return HostileText.strings();
    }

    @Provide
    Arbitrary<Integer> director() {
        return Arbitraries.integers().between(1, 2);
    }

    /** A request frame: {@code type}, {@code ref}, then string fields as name-value pairs. */
    private static String request(String type, String ref, String... fields) {
        StringBuilder out = new StringBuilder("{\"type\":").append(HostileText.json(type));
        out.append(",\"ref\":").append(HostileText.json(ref));
        for (int i = 0; i < fields.length; i += 2) {
            out.append(',').append(HostileText.json(fields[i])).append(':').append(HostileText.json(fields[i + 1]));
        }
        return out.append('}').toString();
    }

    /** An intent frame: strings and numbers as given. */
    private static String intent(String type, long seq, String ref, Object... fields) {
        StringBuilder out = new StringBuilder("{\"type\":\"").append(type).append("\",\"seq\":").append(seq)
                .append(",\"ref\":").append(HostileText.json(ref));
        for (int i = 0; i < fields.length; i += 2) {
            out.append(',').append(HostileText.json((String) fields[i])).append(':');
            out.append(fields[i + 1] instanceof String v ? HostileText.json(v) : fields[i + 1]);
        }
        return out.append('}').toString();
    }

    /** Logs the director's sentinel account in and out: the logout's log line marks how far the log is read. */
    private static long sentinel(Director director) throws Exception {
        try (WsClient client = director.ctx.director()) {
            client.send(new LoginMessage(director.username, "correct horse battery", "sentinel-in"));
            long account = client.expect(LoggedInMessage.class, ANSWER).accountId();
            client.send(new LogoutMessage("sentinel-out"));
            client.expect(LoggedOutMessage.class, ANSWER);
            return account;
        }
    }

    /**
     * What hostile requests must leave as it was: accounts, sessions, worlds, templates and memberships as stored,
     * and the worlds each director shows.
     */
    private static List<Object> state() throws Exception {
        SharedDatabase db = cluster.database();
        List<Object> state = new ArrayList<>();
        state.add(db.query("SELECT id, username, password_hash FROM accounts ORDER BY id"));
        state.add(db.query("SELECT count(*) FROM sessions"));
        state.add(db.query("SELECT world_id, name, settings::text, template_id, instance_no FROM worlds "
                + "ORDER BY world_id"));
        state.add(db.query("SELECT template_id, name, settings::text, next_instance FROM world_templates "
                + "ORDER BY template_id"));
        state.add(db.query("SELECT account_id, world_id FROM memberships ORDER BY account_id"));
        for (DirectorCluster.Member member : cluster.directors()) {
            List<String> shown = new ArrayList<>();
            for (JsonNode w : Json.MAPPER.readTree(member.http().get("/api/worlds").body())) {
                shown.add(w.path("worldId").asString() + " " + w.path("name").asString());
            }
            state.add(shown);
        }
        return state;
    }
}
