package lor.world;

import java.io.IOException;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import lor.protocol.ticket.Ticket;
import lor.protocol.ticket.TicketSigner;

/**
 * Run once at package time with {@code -XX:ArchiveClassesAtExit}: starts a world (map {@code start}, NPCs, the
 * game endpoint, a control client that finds no director), lets one player in and out, ticks for a moment and
 * stops it, so that the
 * class-data-sharing archive holds what a real world start loads. Not used at run time.
 */
public final class CdsTraining {

    private CdsTraining() {
    }

    public static void main(String[] args) throws Exception {
        Spare.warmUp();
        WorldConfig config = WorldConfig.parse(new String[] {"--world-id", "training",
            "--control-url", "ws://127.0.0.1:9/control", "--map", "start", "--npcs", "24",
            "--shutdown-ack-timeout-ms", "100"},
                Map.of(WorldConfig.ENV_SPAWN_TOKEN, "training", WorldConfig.ENV_TICKET_SECRET,
                        "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"));
        WorldServer server = WorldServer.start(config);
        server.runtime().hydrate(0, null);
        // A player's first connection too: the upgrade, the ticket check and the welcome.
        TicketSigner signer = TicketSigner.fromEncodedSecret(config.ticketSecret());
        try {
            LoopbackPlayer.enterAndLeave(server.gamePort(), signer.sign(new Ticket(1, config.worldId(),
                    System.currentTimeMillis() + 60_000, "training")));
        } catch (IOException e) {
            System.err.println("CDS training: the loopback player did not get in (" + e.getMessage()
                    + "); the archive lacks the game connection's classes");
        }
        TimeUnit.MILLISECONDS.sleep(500);
        server.shutdown("training done").get(10, TimeUnit.SECONDS);
        System.exit(0);
    }
}
