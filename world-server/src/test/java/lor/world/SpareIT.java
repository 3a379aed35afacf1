package lor.world;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import io.netty.channel.Channel;
import lor.protocol.ErrorCode;
import lor.protocol.ErrorMessage;
import lor.protocol.control.SnapshotAckMessage;
import lor.protocol.control.SpareRegisterMessage;
import lor.protocol.control.WorldAssignMessage;
import lor.protocol.control.WorldHydrateMessage;
import lor.protocol.control.WorldReadyMessage;
import lor.protocol.control.WorldRegisterMessage;
import lor.protocol.control.WorldSnapshotMessage;
import lor.protocol.control.WorldSpec;
import lor.protocol.game.HelloMessage;
import lor.protocol.game.MapMessage;
import lor.protocol.game.WelcomeMessage;
import lor.protocol.ticket.Secrets;
import lor.protocol.ticket.Ticket;
import lor.protocol.ticket.TicketSigner;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A warm spare over sockets: how it registers, its warm-up, and (against a director the test plays) the whole path
 * from {@code spare_register} to a world registered, hydrated and admitting players under the assigned ticket
 * secret. The config an assignment gives is {@link SpareTest}'s.
 *
 * <p>{@code WorldServerMain.main} itself is not run here: every way out of its spare path ends in
 * {@code System.exit}. The component test runs exactly the steps it runs ({@link Spare#start},
 * {@link Spare#assignment}, {@link Spare#become}) in this JVM.
 */
class SpareIT {

    private static final Duration STEP = Duration.ofSeconds(20);
    private static final String TOKEN = "spare-spawn-token-for-this-test";
    private static final String ASSIGNED_SECRET = Secrets.random256();

    private ScriptedDirector director;
    private Spare spare;
    private Channel worldControl;
    private WorldServer world;
    private GameClient client;

    @AfterEach
    void stop() throws Exception {
        if (spare != null) {
            spare.release();
        }
        if (client != null) {
            client.close();
        }
        if (world != null) {
            CompletableFuture<Integer> exit = world.shutdown("test over");
            if (worldControl != null) {
                WorldSnapshotMessage last = nextLastSnapshot();
                director.send(worldControl, new SnapshotAckMessage(last.worldId(), last.seq()));
            }
            assertThat(exit.get(60, TimeUnit.SECONDS)).as("exit status").isZero();
        }
        if (director != null) {
            director.close();
        }
    }

    @Test
    void theWarmUpLetsOneLoopbackPlayerInThenClosesTheEndpointToPlayersAgain() throws Exception {
        WorldHost host = WorldHost.start(Spare.provisionalConfig(spareArgs("ws://127.0.0.1:9/control", "127.0.0.1"),
                TOKEN, Map.of()));
        try {
            assertThat(Spare.warmGameEndpoint(host)).as("the loopback player got its welcome").isTrue();

            String ticket = TicketSigner.fromEncodedSecret(ASSIGNED_SECRET)
                    .sign(new Ticket(42, Spare.NO_WORLD_YET, System.currentTimeMillis() + 30_000, "n1"));
            assertThatThrownBy(() -> LoopbackPlayer.enterAndLeave(host.gameServer().port(), ticket))
                    .as("nobody gets in before an assignment").isInstanceOf(IOException.class);
        } finally {
            host.release();
        }
    }

    // ---- against a director -------------------------------------------------------------------------------------

    @Test
    void aSpareRegistersThenBecomesTheWorldItIsAssignedOnTheSameConnection() throws Exception {
        director = new ScriptedDirector();
        spare = Spare.start(spareArgs(director.controlUrl().toString(), "127.0.0.1"), TOKEN, Map.of(), true);

        ScriptedDirector.Received registered = director.next(SpareRegisterMessage.class, STEP);
        SpareRegisterMessage hello = (SpareRegisterMessage) registered.message();
        assertThat(hello.spawnToken()).isEqualTo(TOKEN);
        assertThat(hello.pid()).isEqualTo(ProcessHandle.current().pid());
        assertThat(spare.assignment()).isNotDone();

        director.send(registered.connection(), new WorldAssignMessage(
                new WorldSpec("meadow", "meadow", null, null, 0, 24, "nearest", 30_000), ASSIGNED_SECRET));
        world = spare.become(spare.assignment().get(STEP.toSeconds(), TimeUnit.SECONDS));
        spare = null;

        // The process registers as the world with the same spawn token, on the connection it already has.
        ScriptedDirector.Received asWorld = director.next(WorldRegisterMessage.class, STEP);
        WorldRegisterMessage register = (WorldRegisterMessage) asWorld.message();
        worldControl = asWorld.connection();
        assertThat(register.worldId()).isEqualTo("meadow");
        assertThat(register.spawnToken()).isEqualTo(TOKEN);
        assertThat(register.gamePort()).isEqualTo(world.gameServer().port()).isPositive();
        assertThat(worldControl).isSameAs(registered.connection());

        director.send(worldControl, new WorldHydrateMessage("meadow", 0, null));
        assertThat(((WorldReadyMessage) director.next(WorldReadyMessage.class, STEP).message()).hydratedSeq())
                .isZero();

        // A ticket signed with the assigned secret is admitted.
        client = GameClient.connect(world.gameServer().port(), STEP);
        client.send(new HelloMessage(TicketSigner.fromEncodedSecret(ASSIGNED_SECRET)
                .sign(new Ticket(42, "meadow", System.currentTimeMillis() + 30_000, "n1")), "h"));
        WelcomeMessage welcome = client.next(WelcomeMessage.class, STEP);
        assertThat(welcome.you()).isEqualTo(new WelcomeMessage.Position(16, 16, 0));
        assertThat(client.next(MapMessage.class, STEP).width()).isEqualTo(32);
    }

    @Test
    void anAssignedSpareWhoseConnectionIsGoneRegistersOnANewOne() throws Exception {
        director = new ScriptedDirector();
        spare = Spare.start(spareArgs(director.controlUrl().toString(), "127.0.0.1"), TOKEN, Map.of(), false);
        ScriptedDirector.Received registered = director.next(SpareRegisterMessage.class, STEP);
        director.send(registered.connection(), new WorldAssignMessage(
                new WorldSpec("meadow", "meadow", null, null, 0, 24, "nearest", 30_000), ASSIGNED_SECRET));
        WorldAssignMessage assign = spare.assignment().get(STEP.toSeconds(), TimeUnit.SECONDS);
        registered.connection().close().sync();

        world = spare.become(assign);
        spare = null;

        ScriptedDirector.Received asWorld = director.next(WorldRegisterMessage.class, STEP);
        worldControl = asWorld.connection();
        assertThat(((WorldRegisterMessage) asWorld.message()).worldId()).isEqualTo("meadow");
        assertThat(worldControl).isNotSameAs(registered.connection());
        director.send(worldControl, new WorldHydrateMessage("meadow", 0, null));
        director.next(WorldReadyMessage.class, STEP);
    }

    @Test
    void anUnassignedSpareClosesEveryGameConnection() throws Exception {
        director = new ScriptedDirector();
        spare = Spare.start(spareArgs(director.controlUrl().toString(), "127.0.0.1"), TOKEN, Map.of(), false);
        director.next(SpareRegisterMessage.class, STEP);

        try (Socket socket = new Socket("127.0.0.1", spare.gamePort())) {
            socket.setSoTimeout((int) STEP.toMillis());
            socket.getOutputStream().write(("GET /game HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n"
                    + "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                    + "Sec-WebSocket-Version: 13\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            assertThat(socket.getInputStream().read()).as("closed without an answer").isEqualTo(-1);
        }
    }

    @Test
    void aTicketSignedWithAnotherSecretIsRefusedByTheAssignedWorld() throws Exception {
        director = new ScriptedDirector();
        spare = Spare.start(spareArgs(director.controlUrl().toString(), "127.0.0.1"), TOKEN, Map.of(), false);
        ScriptedDirector.Received registered = director.next(SpareRegisterMessage.class, STEP);
        director.send(registered.connection(), new WorldAssignMessage(
                new WorldSpec("meadow", "meadow", null, null, 0, 24, "nearest", 30_000), ASSIGNED_SECRET));
        world = spare.become(spare.assignment().get(STEP.toSeconds(), TimeUnit.SECONDS));
        spare = null;
        ScriptedDirector.Received asWorld = director.next(WorldRegisterMessage.class, STEP);
        worldControl = asWorld.connection();
        director.send(worldControl, new WorldHydrateMessage("meadow", 0, null));
        director.next(WorldReadyMessage.class, STEP);

        client = GameClient.connect(world.gameServer().port(), STEP);
        client.send(new HelloMessage(TicketSigner.fromEncodedSecret(Secrets.random256())
                .sign(new Ticket(42, "meadow", System.currentTimeMillis() + 30_000, "n1")), "h"));

        assertThat(client.next(ErrorMessage.class, STEP).code()).isEqualTo(ErrorCode.BAD_TICKET.wireName());
    }

    @Test
    void aRefusalFailsTheAssignment() throws Exception {
        director = new ScriptedDirector();
        spare = Spare.start(spareArgs(director.controlUrl().toString(), "127.0.0.1"), TOKEN, Map.of(), false);
        ScriptedDirector.Received registered = director.next(SpareRegisterMessage.class, STEP);

        director.send(registered.connection(), ErrorMessage.of(ErrorCode.NOT_ALLOWED, "unknown spare", null));

        assertThatThrownBy(() -> spare.assignment().get(STEP.toSeconds(), TimeUnit.SECONDS))
                .isInstanceOf(ExecutionException.class)
                .cause().hasMessage("refused: unknown spare");
    }

    @Test
    void aDirectorThatHangsUpFailsTheAssignment() throws Exception {
        director = new ScriptedDirector();
        spare = Spare.start(spareArgs(director.controlUrl().toString(), "127.0.0.1"), TOKEN, Map.of(), false);
        ScriptedDirector.Received registered = director.next(SpareRegisterMessage.class, STEP);

        registered.connection().close().sync();

        assertThatThrownBy(() -> spare.assignment().get(STEP.toSeconds(), TimeUnit.SECONDS))
                .isInstanceOf(ExecutionException.class)
                .cause().hasMessageContaining("closed the spare connection");
    }

    @Test
    void aSpareWithoutADirectorFailsItsAssignment() throws Exception {
        spare = Spare.start(spareArgs("ws://127.0.0.1:9/control", "127.0.0.1"), TOKEN, Map.of(), false);

        assertThatThrownBy(() -> spare.assignment().get(STEP.toSeconds(), TimeUnit.SECONDS))
                .isInstanceOf(ExecutionException.class);
    }

    private static List<String> spareArgs(String controlUrl, String bind) {
        return SpareTest.spareArgs(controlUrl, bind);
    }

    private WorldSnapshotMessage nextLastSnapshot() throws InterruptedException {
        while (true) {
            WorldSnapshotMessage snapshot = (WorldSnapshotMessage) director.next(WorldSnapshotMessage.class, STEP)
                    .message();
            if (snapshot.last()) {
                return snapshot;
            }
        }
    }
}
