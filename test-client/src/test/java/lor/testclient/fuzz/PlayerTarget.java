package lor.testclient.fuzz;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import java.util.Set;

import lor.protocol.Json;
import lor.protocol.director.WorldJoinedMessage;
import lor.protocol.game.GameMessages;
import lor.protocol.game.HelloMessage;
import lor.testclient.scenario.ScenarioContext;
import tools.jackson.databind.JsonNode;

/**
 * A player's game connection, opened the legitimate way (join the world at the director, hello with the fresh
 * ticket) before the hostile frames follow. Every welcome must put the player where the first one did: nothing the
 * fuzz sends moves it. The tickets it used go to the pool the forgers draw from.
 */
final class PlayerTarget implements FuzzTarget {

    /** What the world sends a player unasked. */
    private static final Set<String> PUSHED = Set.of("welcome", "map", "state");

    private final ScenarioContext ctx;
    private final ScenarioContext.Account account;
    private final String worldId;
    private final List<String> usedTickets;
    private final Duration timeout;
    private volatile String gameUrl;
    private volatile String position;

    PlayerTarget(ScenarioContext ctx, ScenarioContext.Account account, String worldId, List<String> usedTickets,
                 Duration timeout) {
        this.ctx = ctx;
        this.account = account;
        this.worldId = worldId;
        this.usedTickets = usedTickets;
        this.timeout = timeout;
    }

    @Override
    public synchronized RawWebSocket connect(Random random) throws Exception {
        WorldJoinedMessage joined = ctx.join(account.client(), worldId);
        gameUrl = joined.gameUrl();
        RawWebSocket game = RawWebSocket.open(URI.create(joined.gameUrl()), timeout, random);
        try {
            String hello = GameMessages.clientCodec().encode(new HelloMessage(joined.ticket(), null));
            game.write(WsFrames.frame(WsFrames.TEXT, hello.getBytes(java.nio.charset.StandardCharsets.UTF_8),
                    random));
            game.flush();
            JsonNode welcome = awaitWelcome(game);
            String you = welcome.path("you").toString();
            if (position == null) {
                position = you;
            } else if (!position.equals(you)) {
                throw new AssertionError(account.username() + " was welcomed at " + you + ", first at " + position
                        + ": something moved it");
            }
        } catch (Exception | AssertionError e) {
            game.close();
            throw e;
        }
        synchronized (usedTickets) {
            usedTickets.add(joined.ticket());
        }
        return game;
    }

    private static JsonNode awaitWelcome(RawWebSocket game) throws Exception {
        while (true) {
            RawWebSocket.ServerFrame frame = game.read();
            if (frame == null || frame.isClose()) {
                throw new AssertionError("the world closed a valid hello's connection"
                        + (frame == null ? "" : " with " + frame.closeStatus()));
            }
            if (frame.opcode() == WsFrames.TEXT) {
                JsonNode message = Json.MAPPER.readTree(frame.text());
                String type = message.path("type").asString("");
                if (type.equals("welcome")) {
                    return message;
                }
                throw new AssertionError("a valid hello got " + frame.text());
            }
        }
    }

    @Override
    public boolean isAnswer(String type) {
        return !PUSHED.contains(type);
    }

    /** The game endpoint's URL, known after the first {@link #connect}. */
    String gameUrl() {
        return gameUrl;
    }

    /** The position of the first welcome, as JSON {@code {"x":…,"y":…,"layer":…}}. */
    String position() {
        return position;
    }

    ScenarioContext.Account account() {
        return account;
    }
}
