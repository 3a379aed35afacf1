package lor.director.world.presence;

import java.util.Collection;

/**
 * Which world each account is in across every director sharing the database ({@link Membership} is this
 * director's own view). Each report a world makes of its players is written here too, and an account that enters a
 * world is let go by the world it was in, whichever director runs that one. A world's next spawn starts with no
 * members (its claim clears them), so an exit needs no entry here. Blocking: called off the event loops.
 */
public interface MembershipLedger {

    /** One director alone: its {@link Membership} is the whole truth. */
    MembershipLedger NONE = new MembershipLedger() {
        @Override
        public void joined(long accountId, String worldId) {
        }

        @Override
        public void left(long accountId, String worldId) {
        }

        @Override
        public void replaced(String worldId, Collection<Long> accountIds) {
        }
    };

    /** The account is in {@code worldId} now: the world it was in before, anywhere, is told to let it go. */
    void joined(long accountId, String worldId);

    void left(long accountId, String worldId);

    /** {@code worldId}'s players are exactly {@code accountIds}, as the world reported them. */
    void replaced(String worldId, Collection<Long> accountIds);
}
