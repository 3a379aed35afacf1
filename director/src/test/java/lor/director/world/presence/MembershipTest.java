package lor.director.world.presence;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

class MembershipTest {

    private final Membership membership = new Membership();

    @Test
    void firstJoinRecordsTheAccountAndNamesNoWorldToKickFrom() {
        assertThat(membership.join(42, "start")).isNull();

        assertThat(membership.worldOf(42)).isEqualTo("start");
        assertThat(membership.count("start")).isEqualTo(1);
        assertThat(membership.online()).isEqualTo(1);
        assertThat(membership.accountsIn("start")).containsExactly(42L);
    }

    @Test
    void joiningTheSameWorldAgainNamesNoWorldToKickFrom() {
        membership.join(42, "start");

        assertThat(membership.join(42, "start")).isNull();
        assertThat(membership.count("start")).isEqualTo(1);
    }

    @Test
    void joiningAnotherWorldMovesTheAccountAndNamesTheWorldToKickItFrom() {
        membership.join(42, "start");

        assertThat(membership.join(42, "cellar")).isEqualTo("start");

        assertThat(membership.worldOf(42)).isEqualTo("cellar");
        assertThat(membership.count("start")).isZero();
        assertThat(membership.count("cellar")).isEqualTo(1);
        assertThat(membership.online()).isEqualTo(1);
    }

    @Test
    void leaveReportedByTheAccountsWorldForgetsIt() {
        membership.join(42, "start");
        membership.join(7, "start");

        membership.leave(42, "start");

        assertThat(membership.worldOf(42)).isNull();
        assertThat(membership.accountsIn("start")).containsExactly(7L);
        assertThat(membership.online()).isEqualTo(1);
    }

    @Test
    void leaveReportedByAWorldTheAccountAlreadyLeftIsIgnored() {
        // Through a portal: the cellar's join can arrive before start's leave.
        membership.join(42, "start");
        membership.join(42, "cellar");

        membership.leave(42, "start");

        assertThat(membership.worldOf(42)).isEqualTo("cellar");
        assertThat(membership.count("cellar")).isEqualTo(1);
    }

    @Test
    void leaveOfAnUnknownAccountChangesNothing() {
        membership.join(42, "start");

        membership.leave(43, "start");

        assertThat(membership.online()).isEqualTo(1);
    }

    @Test
    void replaceWorldMakesItsMembersExactlyTheRosterAndNamesTheDisplaced() {
        membership.join(1, "start");
        membership.join(2, "start");
        membership.join(3, "cellar");
        membership.join(4, "meadow");

        Map<Long, String> displaced = membership.replaceWorld("start", List.of(2L, 3L, 5L));

        assertThat(displaced).containsExactly(Map.entry(3L, "cellar"));
        assertThat(membership.accountsIn("start")).containsExactlyInAnyOrder(2L, 3L, 5L);
        assertThat(membership.worldOf(1)).as("not on the roster any more").isNull();
        assertThat(membership.count("cellar")).isZero();
        assertThat(membership.count("meadow")).isEqualTo(1);
        assertThat(membership.online()).isEqualTo(4);
    }

    @Test
    void anEmptyRosterEmptiesTheWorld() {
        membership.join(1, "start");
        membership.join(2, "cellar");

        assertThat(membership.replaceWorld("start", List.of())).isEmpty();

        assertThat(membership.count("start")).isZero();
        assertThat(membership.count("cellar")).isEqualTo(1);
    }

    @Test
    void clearWorldForgetsEveryoneInItAndNobodyElse() {
        membership.join(1, "start");
        membership.join(2, "start");
        membership.join(3, "cellar");

        membership.clearWorld("start");

        assertThat(membership.count("start")).isZero();
        assertThat(membership.accountsIn("start")).isEmpty();
        assertThat(membership.worldOf(3)).isEqualTo("cellar");
        assertThat(membership.online()).isEqualTo(1);
    }

    @Test
    void aWorldNobodyJoinedCountsZero() {
        assertThat(membership.count("start")).isZero();
        assertThat(membership.accountsIn("start")).isEmpty();
        assertThat(membership.online()).isZero();
    }

    @Test
    void concurrentJoinsAndLeavesLoseNothing() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<CompletableFuture<Void>> done = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                int thread = t;
                done.add(CompletableFuture.runAsync(() -> {
                    for (long account = thread * 10_000L; account < thread * 10_000L + 5_000; account++) {
                        membership.join(account, "start");
                        membership.join(account, "cellar");
                        if (account % 2 == 0) {
                            membership.leave(account, "cellar");
                        }
                    }
                }, pool));
            }
            CompletableFuture.allOf(done.toArray(CompletableFuture[]::new)).get(30, TimeUnit.SECONDS);
        } finally {
            pool.shutdownNow();
        }

        assertThat(membership.count("start")).isZero();
        assertThat(membership.count("cellar")).isEqualTo(4 * 2_500);
        assertThat(membership.online()).isEqualTo(4 * 2_500);
    }

    // ---- against a model ----------------------------------------------------------------------------------------

    private static final List<String> WORLDS = List.of("start", "meadow", "cellar");

    /** One call on a membership; accounts and worlds from small sets so that they collide often. */
    record Op(int kind, long account, String world, List<Long> roster) {
    }

    @Provide
    Arbitrary<List<Op>> operations() {
        Arbitrary<Long> accounts = Arbitraries.longs().between(1, 8);
        Arbitrary<String> worlds = Arbitraries.of(WORLDS);
        Arbitrary<List<Long>> rosters = accounts.list().ofMaxSize(5).uniqueElements();
        return Combinators.combine(Arbitraries.integers().between(0, 3), accounts, worlds, rosters).as(Op::new)
                .list().ofMaxSize(60);
    }

    /**
     * Whatever the order of joins, leaves, rosters and exits, the membership agrees with the plainest model of
     * "each account is in at most one world": its answers, its counts, and who is where.
     */
    @Property(tries = 500, seed = "20261202")
    void agreesWithAMapOfAccountToWorld(@ForAll("operations") List<Op> operations) {
        Membership membership = new Membership();
        Map<Long, String> model = new HashMap<>();

        for (Op op : operations) {
            switch (op.kind()) {
                case 0 -> {
                    String before = model.put(op.account(), op.world());
                    String expected = before == null || before.equals(op.world()) ? null : before;
                    assertThat(membership.join(op.account(), op.world())).isEqualTo(expected);
                }
                case 1 -> {
                    if (op.world().equals(model.get(op.account()))) {
                        model.remove(op.account());
                    }
                    membership.leave(op.account(), op.world());
                }
                case 2 -> {
                    Map<Long, String> expected = new HashMap<>();
                    model.values().removeIf(op.world()::equals);
                    for (long account : op.roster()) {
                        String before = model.put(account, op.world());
                        if (before != null) {
                            expected.put(account, before);
                        }
                    }
                    assertThat(membership.replaceWorld(op.world(), op.roster())).isEqualTo(expected);
                }
                default -> {
                    model.values().removeIf(op.world()::equals);
                    membership.clearWorld(op.world());
                }
            }

            int total = 0;
            Set<Long> seen = new HashSet<>();
            for (String world : WORLDS) {
                int inModel = (int) model.values().stream().filter(world::equals).count();
                assertThat(membership.count(world)).as("count of %s after %s", world, op).isEqualTo(inModel);
                Set<Long> members = membership.accountsIn(world);
                assertThat(members).hasSize(inModel);
                for (long account : members) {
                    assertThat(seen.add(account)).as("account %d in one world at most", account).isTrue();
                }
                total += membership.count(world);
            }
            assertThat(membership.online()).isEqualTo(model.size()).isEqualTo(total);
            for (long account = 1; account <= 8; account++) {
                assertThat(membership.worldOf(account)).isEqualTo(model.get(account));
            }
        }
    }
}
