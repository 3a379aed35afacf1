package lor.director.account;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import lor.director.account.AccountException.Reason;
import lor.director.db.Database;
import lor.director.db.TestDatabase;
import lor.protocol.ticket.Secrets;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Registration, login and sessions against PostgreSQL, with the production password hasher. */
class AccountServiceIT {

    private static final Duration TTL = Duration.ofHours(24);
    private static final Instant T0 = Instant.parse("2030-01-01T12:00:00Z");
    private static final String PASSWORD = "correct-horse";

    private static Database db;
    private final MovableClock clock = new MovableClock(T0);
    private AccountService service;

    @BeforeAll
    static void startDatabase() {
        // Eight concurrent registrations each hold a connection.
        db = TestDatabase.fresh(10);
    }

    @AfterAll
    static void closeDatabase() {
        db.close();
    }

    @BeforeEach
    void buildService() {
        service = serviceOn(db);
    }

    private AccountService serviceOn(Database database) {
        return new AccountService(new AccountRepository(database), new SessionRepository(database),
                new PasswordHasher(), TTL, clock);
    }

    @Test
    void registerReturnsIncreasingIds() throws AccountException {
        long first = service.register("ids_first", PASSWORD);
        long second = service.register("ids_second", PASSWORD);

        assertThat(first).isPositive();
        assertThat(second).isGreaterThan(first);
    }

    @Test
    void refusesATakenUsernameInAnyCaseAndKeepsTheFirstPassword() throws AccountException {
        long id = service.register("Alice_case", PASSWORD);

        for (String variant : List.of("Alice_case", "alice_case", "ALICE_CASE", "aLiCe_CaSe")) {
            assertThatThrownBy(() -> service.register(variant, "another-password"))
                    .isInstanceOf(AccountException.class)
                    .extracting(e -> ((AccountException) e).reason()).isEqualTo(Reason.USERNAME_TAKEN);
        }

        assertThat(service.login("Alice_case", PASSWORD).accountId()).isEqualTo(id);
        assertThat(reasonOf(() -> service.login("Alice_case", "another-password")))
                .isEqualTo(Reason.BAD_CREDENTIALS);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "ab", "abcdefghijklmnopqrstuvwxyz0123456", "with space", " padded", "jürgen",
        "名前名前", "dot.name", "semi;colon", "new\nline"})
    void refusesAnInvalidUsername(String username) {
        assertThat(reasonOf(() -> service.register(username, PASSWORD))).isEqualTo(Reason.INVALID_USERNAME);
    }

    @Test
    void acceptsUsernamesAtTheLengthLimits() throws AccountException {
        assertThat(service.register("abc", PASSWORD)).isPositive();
        assertThat(service.register("Z-_9".repeat(8), PASSWORD)).isPositive();
    }

    @ParameterizedTest
    // Characters, not UTF-16 units: four emoji are four characters.
    @ValueSource(strings = {"", "1", "seven77", "\uD83D\uDE00\uD83D\uDE00\uD83D\uDE00\uD83D\uDE00"})
    void refusesAPasswordUnderEightCharacters(String password) {
        assertThat(reasonOf(() -> service.register("weak_" + password.length(), password)))
                .isEqualTo(Reason.WEAK_PASSWORD);
    }

    @Test
    void acceptsAnEightCharacterPassword() throws AccountException {
        long id = service.register("eight_chars", "12345678");

        assertThat(service.login("eight_chars", "12345678").accountId()).isEqualTo(id);
    }

    @Test
    void loginWithTheRightPasswordOpensASession() throws AccountException {
        long id = service.register("login_ok", PASSWORD);

        AccountService.Session session = service.login("login_ok", PASSWORD);

        assertThat(session.accountId()).isEqualTo(id);
        assertThat(session.token()).hasSize(43).matches("[A-Za-z0-9_-]+");
        assertThat(session.toString()).doesNotContain(session.token());
    }

    @Test
    void loginIsCaseInsensitiveOnTheUsername() throws AccountException {
        long id = service.register("MixedCase", PASSWORD);

        assertThat(service.login("mixedcase", PASSWORD).accountId()).isEqualTo(id);
    }

    @Test
    void aSessionCarriesTheUsernameAsRegisteredWhateverCaseTheLoginUsed() throws AccountException {
        service.register("Named_Case", PASSWORD);

        AccountService.Session session = service.login("named_CASE", PASSWORD);

        assertThat(session.username()).as("the name world tickets carry").isEqualTo("Named_Case");
        assertThat(service.resume(session.token()).username()).as("resumed by token").isEqualTo("Named_Case");
    }

    @Test
    void wrongPasswordAndUnknownUserGetTheSameRefusal() throws AccountException {
        service.register("login_bad", PASSWORD);

        assertThat(reasonOf(() -> service.login("login_bad", "wrong-password"))).isEqualTo(Reason.BAD_CREDENTIALS);
        assertThat(reasonOf(() -> service.login("nobody_here", PASSWORD))).isEqualTo(Reason.BAD_CREDENTIALS);
        assertThat(reasonOf(() -> service.login("not a valid name", PASSWORD))).isEqualTo(Reason.BAD_CREDENTIALS);
    }

    @Test
    void storesAPbkdf2HashNeverThePassword() throws Exception {
        long id = service.register("stored_hash", PASSWORD);

        String stored = queryString("SELECT password_hash FROM accounts WHERE id = ?", id);

        assertThat(stored).startsWith("pbkdf2-sha256$").isNotEqualTo(PASSWORD).doesNotContain(PASSWORD);
    }

    @Test
    void storesOnlyTheSha256OfTheSessionToken() throws Exception {
        long id = service.register("token_hash", PASSWORD);
        String token = service.login("token_hash", PASSWORD).token();

        byte[] stored = queryBytes("SELECT token_hash FROM sessions WHERE account_id = ?", id);
        String wholeRow = queryString("SELECT s::text FROM sessions s WHERE account_id = ?", id);

        assertThat(stored).isEqualTo(Secrets.sha256(token));
        assertThat(wholeRow).doesNotContain(token);
    }

    @Test
    void resumeWithTheTokenReturnsTheSameAccount() throws AccountException {
        long id = service.register("resume_ok", PASSWORD);
        String token = service.login("resume_ok", PASSWORD).token();

        clock.advance(TTL.minusSeconds(1));
        AccountService.Session resumed = service.resume(token);

        assertThat(resumed.accountId()).isEqualTo(id);
        assertThat(resumed.username()).isEqualTo("resume_ok");
        assertThat(resumed.token()).isEqualTo(token);
    }

    @Test
    void resumeAfterTheSessionTtlIsRefused() throws AccountException {
        service.register("resume_late", PASSWORD);
        String token = service.login("resume_late", PASSWORD).token();

        clock.advance(TTL.plusMillis(1));

        assertThat(reasonOf(() -> service.resume(token))).isEqualTo(Reason.BAD_TOKEN);
    }

    @Test
    void logoutRevokesOnlyThatSessionsToken() throws AccountException {
        long id = service.register("logout_one", PASSWORD);
        String revoked = service.login("logout_one", PASSWORD).token();
        String other = service.login("logout_one", PASSWORD).token();

        service.logout(revoked);
        service.logout(revoked);

        assertThat(reasonOf(() -> service.resume(revoked))).isEqualTo(Reason.BAD_TOKEN);
        assertThat(service.resume(other).accountId()).as("another device's session lives on").isEqualTo(id);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "garbage", "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"})
    void resumeWithAnUnknownTokenIsRefused(String token) {
        assertThat(reasonOf(() -> service.resume(token))).isEqualTo(Reason.BAD_TOKEN);
    }

    @Test
    void purgeDeletesOnlyExpiredSessions() throws Exception {
        // Its own database, so that the count is not disturbed by the other tests' sessions.
        try (Database own = TestDatabase.fresh()) {
            AccountService purging = serviceOn(own);
            long id = purging.register("purger", PASSWORD);
            String early = purging.login("purger", PASSWORD).token();
            String alsoEarly = purging.login("purger", PASSWORD).token();
            clock.advance(Duration.ofHours(12));
            String late = purging.login("purger", PASSWORD).token();

            clock.advance(Duration.ofHours(12).plusSeconds(1));
            int purged = purging.purgeExpiredSessions();

            assertThat(purged).isEqualTo(2);
            assertThat(countSessions(own, id)).isEqualTo(1);
            assertThat(purging.resume(late).accountId()).isEqualTo(id);
            assertThat(reasonOf(() -> purging.resume(early))).isEqualTo(Reason.BAD_TOKEN);
            assertThat(reasonOf(() -> purging.resume(alsoEarly))).isEqualTo(Reason.BAD_TOKEN);
            assertThat(purging.purgeExpiredSessions()).isZero();
        }
    }

    @Test
    void concurrentRegistrationsOfOneNameLetExactlyOneWin() throws Exception {
        int threads = 8;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            CountDownLatch ready = new CountDownLatch(threads);
            CountDownLatch go = new CountDownLatch(1);
            List<Future<Long>> results = new ArrayList<>();
            for (int i = 0; i < threads; i++) {
                results.add(pool.submit(() -> {
                    ready.countDown();
                    go.await();
                    return service.register("contested", PASSWORD + "-" + Thread.currentThread().getId());
                }));
            }
            await().atMost(Duration.ofSeconds(10)).until(() -> ready.getCount() == 0);
            go.countDown();
            await().atMost(Duration.ofSeconds(60)).until(() -> results.stream().allMatch(Future::isDone));

            List<Long> ids = new ArrayList<>();
            List<Reason> refusals = new ArrayList<>();
            for (Future<Long> result : results) {
                try {
                    ids.add(result.get());
                } catch (ExecutionException e) {
                    assertThat(e.getCause()).isInstanceOf(AccountException.class);
                    refusals.add(((AccountException) e.getCause()).reason());
                }
            }
            assertThat(ids).hasSize(1);
            assertThat(refusals).hasSize(threads - 1).containsOnly(Reason.USERNAME_TAKEN);
            assertThat(queryString("SELECT count(*)::text FROM accounts WHERE lower(username) = ?", "contested"))
                    .isEqualTo("1");
        } finally {
            pool.shutdownNow();
            assertThat(pool.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
        }
    }

    private interface AccountCall {
        void run() throws AccountException;
    }

    private static Reason reasonOf(AccountCall call) {
        try {
            call.run();
        } catch (AccountException e) {
            return e.reason();
        }
        throw new AssertionError("expected an AccountException");
    }

    private static String queryString(String sql, Object parameter) throws SQLException {
        try (Connection c = db.dataSource().getConnection(); PreparedStatement s = c.prepareStatement(sql)) {
            s.setObject(1, parameter);
            try (ResultSet rs = s.executeQuery()) {
                assertThat(rs.next()).as("a row for %s", sql).isTrue();
                return rs.getString(1);
            }
        }
    }

    private static byte[] queryBytes(String sql, long parameter) throws SQLException {
        try (Connection c = db.dataSource().getConnection(); PreparedStatement s = c.prepareStatement(sql)) {
            s.setLong(1, parameter);
            try (ResultSet rs = s.executeQuery()) {
                assertThat(rs.next()).as("a row for %s", sql).isTrue();
                byte[] value = rs.getBytes(1);
                assertThat(rs.next()).as("only one row for %s", sql).isFalse();
                return value;
            }
        }
    }

    private static long countSessions(Database database, long accountId) throws SQLException {
        try (Connection c = database.dataSource().getConnection();
             PreparedStatement s = c.prepareStatement("SELECT count(*) FROM sessions WHERE account_id = ?")) {
            s.setLong(1, accountId);
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    /** A clock that stands still until a test moves it. */
    private static final class MovableClock extends Clock {

        private volatile Instant now;

        MovableClock(Instant start) {
            this.now = start;
        }

        void advance(Duration by) {
            now = now.plus(by);
        }

        @Override
        public Instant instant() {
            return now;
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            throw new UnsupportedOperationException("not needed by the tests");
        }
    }
}
