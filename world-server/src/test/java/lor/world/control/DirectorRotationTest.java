package lor.world.control;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

class DirectorRotationTest {

    private static final URI A = URI.create("ws://127.0.0.1:1/control");
    private static final URI B = URI.create("ws://127.0.0.1:2/control");
    private static final URI C = URI.create("ws://127.0.0.1:3/control");
    private static final URI D = URI.create("ws://127.0.0.1:4/control");

    @Test
    void startsWithTheSpawningDirectorAndCyclesThroughAllOnFailures() {
        DirectorRotation rotation = new DirectorRotation(List.of(A, B, C), new Random(1));

        assertThat(rotation.current()).isEqualTo(A);
        assertThat(List.of(rotation.next(), rotation.next(), rotation.next(), rotation.next()))
                .containsExactly(B, C, A, B);
    }

    @Test
    void afterLosingADirectorTriesEveryOtherBeforeItThenKeepsCycling() {
        DirectorRotation rotation = new DirectorRotation(List.of(A, B, C, D), new Random(1));
        rotation.next();

        List<URI> order = new ArrayList<>(List.of(rotation.lost(B)));
        for (int i = 0; i < 7; i++) {
            order.add(rotation.next());
        }

        assertThat(order.subList(0, 3)).containsExactlyInAnyOrder(A, C, D);
        assertThat(order.get(3)).isEqualTo(B);
        assertThat(order.subList(4, 8)).as("the same cycle again").isEqualTo(order.subList(0, 4));
    }

    @Test
    void worldsLosingOneDirectorSpreadOverTheOthers() {
        Set<URI> firstTried = new HashSet<>();
        for (int seed = 0; seed < 20; seed++) {
            // SplittableRandom: java.util.Random's first draw hardly differs between neighbouring seeds.
            DirectorRotation rotation = new DirectorRotation(List.of(A, B, C), new SplittableRandom(seed));

            firstTried.add(rotation.lost(A));
        }

        assertThat(firstTried).containsExactlyInAnyOrder(B, C);
    }

    @Test
    void withOneDirectorEveryAttemptGoesToIt() {
        DirectorRotation rotation = new DirectorRotation(List.of(A), new Random(1));

        assertThat(List.of(rotation.current(), rotation.next(), rotation.lost(A), rotation.next()))
                .containsOnly(A);
    }

    @Test
    void needsADirector() {
        assertThatThrownBy(() -> new DirectorRotation(List.of(), new Random(1)))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theDirectorsAnnouncedReplaceTheListTheConnectedOneFirst() {
        DirectorRotation rotation = new DirectorRotation(List.of(A), new Random(1));

        assertThat(rotation.update(A, List.of(B, A, C))).isTrue();
        assertThat(rotation.known()).containsExactly(A, B, C);
        assertThat(rotation.update(A, List.of(B, C))).as("the same directors: nothing changes").isFalse();
        assertThat(rotation.current()).isEqualTo(A);
        assertThat(List.of(rotation.next(), rotation.next())).containsExactly(B, C);

        rotation.update(B, List.of(D));
        assertThat(rotation.known()).as("a director gone from the list is forgotten").containsExactly(B, D);
    }
}
