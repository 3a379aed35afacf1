package lor.testclient.scenario;

import static lor.testclient.scenario.Checks.check;
import static lor.testclient.scenario.ScenarioContext.STEP;

/** How the scenarios crash a world: SIGKILL of its process once what they want kept is in a persisted snapshot. */
final class WorldKills {

    private WorldKills() {
    }

    /**
     * Waits for a snapshot of {@code world} newer than {@code sinceSeq} ({@code what} it must hold), kills the
     * world's process, and waits until its player has lost the connection and the director has seen the exit.
     *
     * @return the killed process's pid
     */
    static long afterNextSnapshot(ScenarioContext ctx, GamePlayer player, String world, long sinceSeq, String what)
            throws Exception {
        ctx.await("a snapshot of " + world + " after " + what, ctx.lifecycleTimeout(),
                () -> ctx.http().world(world).lastSnapshotSeq() > sinceSeq);
        Long pid = ctx.http().world(world).pid();
        check(pid != null, world + " has a process");
        long killed = pid;
        check(ProcessHandle.of(killed).isPresent(), "world pid " + killed + " is on this host");
        ProcessHandle.of(killed).orElseThrow().destroyForcibly();
        check(player.connection().awaitClose(STEP) > 0, "the killed world's player lost its connection");
        ctx.await("the director to see the exit", STEP, () -> !"running".equals(ctx.http().world(world).status())
                || !Long.valueOf(killed).equals(ctx.http().world(world).pid()));
        return killed;
    }
}
