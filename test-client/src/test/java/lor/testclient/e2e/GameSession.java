package lor.testclient.e2e;

import java.net.URI;
import java.time.Duration;

import lor.protocol.director.WorldJoinedMessage;
import lor.protocol.game.HelloMessage;
import lor.protocol.game.WelcomeMessage;
import lor.testclient.net.WsClient;
import lor.testclient.scenario.ScenarioContext;

/** A player in a world: logged in at the director, joined, welcomed by the world. */
record GameSession(ScenarioContext.Account account, WorldJoinedMessage joined, WsClient game, WelcomeMessage welcome) {

    static GameSession enter(ScenarioContext ctx, ScenarioContext.Account account, String worldId) throws Exception {
        WorldJoinedMessage joined = ctx.join(account.client(), worldId);
        WsClient game = ctx.game(joined.gameUrl());
        game.send(new HelloMessage(joined.ticket(), null));
        WelcomeMessage welcome = game.expect(WelcomeMessage.class, ScenarioContext.STEP);
        return new GameSession(account, joined, game, welcome);
    }

    static ScenarioContext context(DirectorProcess director) {
        return new ScenarioContext(director.clientUrl(), Duration.ofSeconds(60));
    }

    URI gameUrl() {
        return URI.create(joined.gameUrl());
    }
}
