package lor.sim;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import lor.sim.world.World;
import org.junit.jupiter.api.Test;

/**
 * sim-core's packages form layers: {@code util} at the bottom, {@code grid} (the map, its directions and walls)
 * above it, then content, the clock, objects, paths, and {@code world} and {@code predict} on top. A loop between
 * packages means none of them can be read, tested or reused without the others.
 */
class PackageCyclesTest {

    @Test
    void noPackageOfTheMainCodeDependsOnItselfThroughOthers() throws Exception {
        Path classes = Path.of(World.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        PackageGraph graph = PackageGraph.ofClasses(classes);

        // The graph was read at all: edges every version of the simulation has.
        assertThat(graph.uses("lor.sim.world")).contains("lor.sim.grid", "lor.sim.path", "lor.sim.objects");
        assertThat(graph.uses("lor.sim.path")).contains("lor.sim.grid");
        assertThat(graph.cycles()).as("packages that depend on one another in a loop").isEmpty();
    }

    @Test
    void findsEveryPackageOfALoopAndNothingElse() {
        PackageGraph graph = new PackageGraph();
        graph.add("grid", "path");
        graph.add("path", "world");
        graph.add("world", "grid");
        graph.add("world", "util");
        graph.add("predict", "world");
        graph.add("util", "util");
        graph.add("a", "b");
        graph.add("b", "a");

        assertThat(graph.cycles()).containsExactly(Set.of("a", "b"), Set.of("grid", "path", "world"));
        assertThat(new PackageGraph().cycles()).isEqualTo(List.of());
    }
}
