package lor.testclient.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import lor.protocol.ErrorMessage;
import lor.protocol.Message;
import lor.protocol.director.DirectorMessages;
import lor.protocol.director.JoinWorldMessage;
import lor.protocol.director.ListWorldsMessage;
import lor.protocol.director.LoggedInMessage;
import lor.protocol.director.LoggedOutMessage;
import lor.protocol.director.LoginMessage;
import lor.protocol.director.LogoutMessage;
import lor.protocol.director.RegisterMessage;
import lor.protocol.director.RegisteredMessage;
import lor.protocol.director.ResumeMessage;
import lor.protocol.director.WorldsMessage;
import lor.testclient.net.WsClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Login back-off and logout against {@code director.jar} as a real process, over real {@code /ws} sockets. The
 * back-off is configured short ({@code --login-backoff-ms 400}) so that the test can wait it out.
 */
class AccountProtectionIT {

    private static final Duration STEP = Duration.ofSeconds(20);
    private static final String PASSWORD = "protected password";

    @TempDir
    static Path dataDir;

    private static DirectorProcess director;
    private final HttpClient http = HttpClient.newHttpClient();

    @BeforeAll
    static void startDirector() throws Exception {
        // The real hashing cost: the sign-in storm is only a storm at that cost.
        director = DirectorProcess.start(dataDir, "account-protection", "--login-backoff-ms", "400",
                DirectorProcess.PASSWORD_ITERATIONS, Integer.toString(DirectorProcess.REAL_PASSWORD_ITERATIONS),
                "--warm-spares", "0");
    }

    @AfterAll
    static void stopDirector() {
        if (director != null) {
            director.close();
        }
    }

    @Test
    void fiveWrongPasswordsEarnABackOffThatRefusesEvenTheRightOneUntilItIsOver() throws Exception {
        String name = "victim-" + System.nanoTime() % 1_000_000;
        try (WsClient client = connect()) {
            client.send(new RegisterMessage(name, PASSWORD, "r"));
            client.expect(RegisteredMessage.class, STEP);
            for (int i = 0; i < 5; i++) {
                client.send(new LoginMessage(name, "guess number " + i, i));
                ErrorMessage wrong = client.expectError("bad_credentials", STEP);
                assertThat(wrong.ref()).hasToString(Integer.toString(i));
            }

            client.send(new LoginMessage(name, PASSWORD, "blocked"));
            ErrorMessage blocked = client.expectError("too_many_attempts", STEP);
            assertThat(blocked.message()).matches("too many failed logins; try again in \\d+ s");
            assertThat(blocked.ref()).hasToString("blocked");

            // The back-off is no lock-out: once it is over, the right password gets in.
            AtomicReference<Message> answer = new AtomicReference<>();
            await("login after the back-off").atMost(STEP).pollInterval(Duration.ofMillis(150)).until(() -> {
                client.send(new LoginMessage(name, PASSWORD, "again"));
                answer.set(client.next(STEP));
                return answer.get() instanceof LoggedInMessage;
            });
            assertThat(((LoggedInMessage) answer.get()).ref()).hasToString("again");

            // The success forgave the failures: one wrong password is a plain refusal again.
            client.send(new LoginMessage(name, "one more guess", "after"));
            client.expectError("bad_credentials", STEP);
        }
    }

    @Test
    void theBackOffOfOneAccountLeavesOtherAccountsAlone() throws Exception {
        String victim = "target-" + System.nanoTime() % 1_000_000;
        String bystander = "bystander-" + System.nanoTime() % 1_000_000;
        try (WsClient client = connect()) {
            client.send(new RegisterMessage(bystander, PASSWORD, null));
            client.expect(RegisteredMessage.class, STEP);
            for (int i = 0; i < 5; i++) {
                client.send(new LoginMessage(victim, "guess " + i, null));
                client.expectError("bad_credentials", STEP);
            }
            client.send(new LoginMessage(victim, "guess 5", null));
            client.expectError("too_many_attempts", STEP);

            client.send(new LoginMessage(bystander, PASSWORD, "b"));
            assertThat(client.expect(LoggedInMessage.class, STEP).ref()).hasToString("b");
        }
    }

    @Test
    void logoutRevokesTheTokenAndLeavesTheConnectionAnonymous() throws Exception {
        String name = "leaver-" + System.nanoTime() % 1_000_000;
        String token;
        try (WsClient client = connect()) {
            client.send(new LogoutMessage("early"));
            assertThat(client.expectError("not_authenticated", STEP).ref()).hasToString("early");
            client.send(new RegisterMessage(name, PASSWORD, null));
            client.expect(RegisteredMessage.class, STEP);
            client.send(new LoginMessage(name, PASSWORD, null));
            token = client.expect(LoggedInMessage.class, STEP).token();

            client.send(new LogoutMessage("bye"));
            assertThat(client.expect(LoggedOutMessage.class, STEP).ref()).hasToString("bye");

            client.send(new JoinWorldMessage("start", "j"));
            assertThat(client.expectError("not_authenticated", STEP).ref()).hasToString("j");
            client.send(new ListWorldsMessage("w"));
            assertThat(client.expect(WorldsMessage.class, STEP).ref()).as("the connection stays open").hasToString("w");
        }
        try (WsClient other = connect()) {
            other.send(new ResumeMessage(token, "r"));
            assertThat(other.expectError("bad_token", STEP).ref()).hasToString("r");
        }
    }

    /**
     * Forty registrations at once queue up seconds of hashing. They wait for their own pool: the
     * database work of the rest of the director (here the readiness probe; in production lease renewals and
     * snapshot commits) is not queued behind them.
     */
    @Test
    void aSignInStormDoesNotQueueTheRestOfTheDirectorsDatabaseWorkAndEveryRightPasswordGetsIn() throws Exception {
        int storm = 40;
        String prefix = "storm" + System.nanoTime() % 1_000_000 + "-";
        List<WsClient> clients = new ArrayList<>();
        try {
            for (int i = 0; i < storm; i++) {
                clients.add(connect());
            }
            for (int i = 0; i < storm; i++) {
                clients.get(i).send(new RegisterMessage(prefix + i, PASSWORD, i));
            }
            HttpResponse<String> ready = http.send(HttpRequest.newBuilder(director.baseUrl().resolve("/readyz"))
                    .timeout(STEP).build(), HttpResponse.BodyHandlers.ofString());
            boolean[] answered = new boolean[storm];
            for (int i = 0; i < storm; i++) {
                answered[i] = clients.get(i).poll(Duration.ZERO) != null;
            }

            assertThat(ready.statusCode()).as("/readyz during the storm: %s", ready.body()).isEqualTo(200);
            int early = 0;
            for (boolean a : answered) {
                early += a ? 1 : 0;
            }
            assertThat(early).as("registrations already answered when /readyz was").isLessThan(storm / 2);
            for (int i = 0; i < storm; i++) {
                if (!answered[i]) {
                    assertThat(clients.get(i).expect(RegisteredMessage.class, STEP).ref()).hasToString(
                            Integer.toString(i));
                }
            }

            // Then every one of them signs in at once, all from 127.0.0.1 as players behind one NAT would: right
            // passwords are never taken for guessing, however many arrive together.
            for (int i = 0; i < storm; i++) {
                clients.get(i).send(new LoginMessage(prefix + i, PASSWORD, "login" + i));
            }
            for (int i = 0; i < storm; i++) {
                Message answer = clients.get(i).next(STEP);
                assertThat(answer).as("login %d of %d at once", i, storm).isInstanceOf(LoggedInMessage.class);
            }
        } finally {
            clients.forEach(WsClient::close);
        }
    }

    private WsClient connect() throws Exception {
        URI url = director.clientUrl();
        return WsClient.connect(http, url, DirectorMessages.clientCodec(), STEP);
    }
}
