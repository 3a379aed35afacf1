package lor.world.control;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * Which director a world's next control connection goes to. The first is the one that spawned it; every failed
 * attempt moves on to the next, cycling through the whole list. Losing the director that had accepted the world
 * reorders the cycle: the others first, from a random one of them (many worlds losing one director then spread
 * over the survivors instead of all trying the same one), and the lost one last, in case it comes back.
 * Not thread-safe: the control client uses it on its event loop only.
 */
final class DirectorRotation {

    /** As many as {@code --control-url} takes. */
    static final int MAX = 16;

    private List<URI> urls;
    private final RandomGenerator random;
    private List<URI> cycle;
    private int position;

    DirectorRotation(List<URI> urls, RandomGenerator random) {
        if (urls.isEmpty()) {
            throw new IllegalArgumentException("a world needs at least one director URL");
        }
        this.urls = List.copyOf(urls);
        this.random = random;
        this.cycle = this.urls;
    }

    /**
     * The directors are now {@code announced}, as the one at {@code from} says: it first (this world is connected
     * to it), then the others in their order, at most {@link #MAX}.
     *
     * @return whether the list changed
     */
    boolean update(URI from, List<URI> announced) {
        List<URI> fresh = new ArrayList<>();
        fresh.add(from);
        for (URI url : announced) {
            if (!fresh.contains(url) && fresh.size() < MAX) {
                fresh.add(url);
            }
        }
        if (fresh.equals(urls)) {
            return false;
        }
        urls = List.copyOf(fresh);
        cycle = urls;
        position = 0;
        return true;
    }

    /** Every director known, the one connected to (or first tried) first. */
    List<URI> known() {
        return urls;
    }

    /** The director the next attempt goes to. */
    URI current() {
        return cycle.get(position);
    }

    /** The attempt on {@link #current} failed, or that director cannot take the world now. */
    URI next() {
        position = (position + 1) % cycle.size();
        return current();
    }

    /** The director at {@code lost}, which had accepted the world, is gone: the others next, it last. */
    URI lost(URI lost) {
        int count = urls.size();
        int at = urls.indexOf(lost);
        if (count == 1 || at < 0) {
            return next();
        }
        int start = random.nextInt(count - 1);
        List<URI> reordered = new ArrayList<>(count);
        for (int i = 0; i < count - 1; i++) {
            reordered.add(urls.get((at + 1 + (start + i) % (count - 1)) % count));
        }
        reordered.add(lost);
        cycle = List.copyOf(reordered);
        position = 0;
        return current();
    }
}
