package lor.director.world.process;

import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.charset.StandardCharsets;

/**
 * The main class of a stand-in for the world-server jar, for supervisor tests: it does not open a game port or
 * speak {@code /control}; it hands its spawn secrets to the test (an HTTP POST to the {@code --control-url} it was
 * given) so that the test can register it, then lives until it is signalled or its stdin closes (when the test
 * JVM exits), or exits at once with the status the test answered. JDK classes only: it runs from a jar holding this
 * one class.
 */
public final class StandInWorld {

    private StandInWorld() {
    }

    public static void main(String[] args) throws Exception {
        String worldId = null;
        String controlUrl = null;
        for (int i = 0; i + 1 < args.length; i++) {
            if (args[i].equals("--world-id")) {
                worldId = args[i + 1];
            } else if (args[i].equals("--control-url")) {
                controlUrl = args[i + 1];
            }
        }
        String body = String.join("\n", worldId, System.getenv("LOR_SPAWN_TOKEN"), System.getenv("LOR_TICKET_SECRET"),
                Long.toString(ProcessHandle.current().pid()));
        HttpURLConnection post = (HttpURLConnection) URI.create(controlUrl).toURL().openConnection();
        post.setRequestMethod("POST");
        post.setDoOutput(true);
        try (OutputStream out = post.getOutputStream()) {
            out.write(body.getBytes(StandardCharsets.UTF_8));
        }
        // A body from the test is an exit status to end with at once, as a world that cannot start would, and
        // possibly a line to print first.
        String exitWith = post.getResponseCode() == 200
                ? new String(post.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim() : "";
        post.disconnect();
        if (!exitWith.isEmpty()) {
            String[] answer = exitWith.split("\n", 2);
            if (answer.length > 1) {
                System.out.println(answer[1]);
                System.out.flush();
            }
            System.exit(Integer.parseInt(answer[0]));
        }
        while (System.in.read() >= 0) {
            // Nothing comes; the read returns -1 once the parent is gone.
        }
    }
}
