package lor.testclient.e2e;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Builds {@code examples/module-template} as a module author would, with Maven in a process of its own, against Lor's
 * artifacts as {@code mvn install} would publish them: the parent pom, sim-core, module-testkit, and sim-web and
 * protocol (for the page's script) of this build, laid out in a Maven repository under {@code target/} that the
 * template's build uses as its local repository. The third-party artifacts come from this build's own local
 * repository, mirrored as a file repository, so the build neither goes to the network nor writes into the machine's
 * repository (where a stale Lor snapshot would then shadow the reactor's for everyone).
 */
final class ModuleTemplateBuild {

    private static final String VERSION = "0.1.0-SNAPSHOT";
    private static final long TIMEOUT_SECONDS = 300;

    private final Path root;
    private final Path work;

    /** @param work where the copy of the template, its repository and its log go */
    ModuleTemplateBuild(Path work) {
        this.root = Path.of(property("lor.repositoryRoot")).toAbsolutePath().normalize();
        this.work = work.toAbsolutePath();
    }

    /** The template's own directory in this repository (its pack is deployed from there). */
    Path template() {
        return root.resolve("examples/module-template");
    }

    /**
     * Runs {@code mvn package} (the template's tests included) on a fresh copy of the template.
     *
     * @return the module's jar
     */
    Path packageJar() throws IOException, InterruptedException {
        Path repository = work.resolve("repository");
        publish(repository);
        Path project = work.resolve("project");
        DirectoryTrees.delete(project);
        copyTree(template(), project);
        Path settings = work.resolve("settings.xml");
        Files.writeString(settings, "<settings><mirrors><mirror><id>build-machine</id><mirrorOf>*</mirrorOf><url>"
                + Path.of(property("lor.localRepository")).toUri() + "</url></mirror></mirrors></settings>\n",
                StandardCharsets.UTF_8);
        Path log = work.resolve("mvn.log");
        Process mvn = new ProcessBuilder(Path.of(property("lor.mavenHome"), "bin", "mvn").toString(), "-B", "-s",
                settings.toString(), "-Dmaven.repo.local=" + repository, "package")
                .directory(project.toFile()).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        if (!mvn.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            mvn.destroyForcibly();
            throw new AssertionError("the template's build took over " + TIMEOUT_SECONDS + " s; see " + log);
        }
        if (mvn.exitValue() != 0) {
            throw new AssertionError("the template's build failed (" + mvn.exitValue() + "); see " + log + ":\n"
                    + tail(log));
        }
        return project.resolve("target/garden-module-1.0.0-SNAPSHOT.jar");
    }

    /** The page's script the template's build compiled with its module (after {@link #packageJar}). */
    Path pageScript() {
        return work.resolve("project/target/page/sim.js");
    }

    /** What {@code mvn install} of this repository would put in a local repository, for the template's build. */
    private void publish(Path repository) throws IOException {
        Path lor = repository.resolve("io/lor");
        copy(root.resolve("pom.xml"), lor.resolve("lor-parent/" + VERSION + "/lor-parent-" + VERSION + ".pom"));
        for (String module : List.of("sim-core", "module-testkit", "protocol", "sim-web")) {
            Path dir = lor.resolve(module + "/" + VERSION);
            copy(root.resolve(module + "/pom.xml"), dir.resolve(module + "-" + VERSION + ".pom"));
            copy(root.resolve(module + "/target/" + module + "-" + VERSION + ".jar"),
                    dir.resolve(module + "-" + VERSION + ".jar"));
        }
    }

    private static void copy(Path from, Path to) throws IOException {
        if (!Files.isRegularFile(from)) {
            throw new IllegalStateException(from + " does not exist: build the modules first (mvn -B verify)");
        }
        Files.createDirectories(to.getParent());
        Files.copy(from, to, StandardCopyOption.REPLACE_EXISTING);
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path file : (Iterable<Path>) files::iterator) {
                Path relative = from.relativize(file);
                if (relative.startsWith("target")) {
                    continue;
                }
                Path target = to.resolve(relative.toString());
                if (Files.isDirectory(file)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(file, target, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
    }

    private static String tail(Path log) throws IOException {
        List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
    }

    private static String property(String name) {
        String value = System.getProperty(name);
        if (value == null) {
            throw new IllegalStateException("system property " + name + " is not set (run through failsafe)");
        }
        return value;
    }
}
