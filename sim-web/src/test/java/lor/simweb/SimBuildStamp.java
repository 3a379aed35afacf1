package lor.simweb;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * Ties {@code sim-test.js} to the {@code sim.js} of the same build: the build runs this file with the JDK's source
 * launcher (exec-maven-plugin, phase {@code generate-test-sources}: after TeaVM compiled {@code sim.js}, before the
 * test classes compile) and it writes {@code SimBuild.java}, which {@code sim-test.js} is then compiled with. It
 * holds a digest of the sim-core classes on the module's classpath, which both scripts were compiled from, and the
 * SHA-256 of {@code sim.js}. The browser parity test reads them back from the test script ({@link SimTestApi#build})
 * and fails unless they match the {@code sim.js} the director ships and the sim-core the test runs on the JVM.
 *
 * <p>Only the JDK: the source launcher compiles this one file.
 */
public final class SimBuildStamp {

    /** The classpath element that holds this class is sim-core (its classes, or its jar). */
    static final String SIM_CORE_CLASS = "lor/sim/world/World.class";
    private static final String SIM_CORE_PACKAGE = "lor/sim/";

    private SimBuildStamp() {
    }

    /** Arguments: the module's classpath, the compiled {@code sim.js}, the directory to write the source into. */
    public static void main(String[] args) throws IOException {
        if (args.length != 3) {
            throw new IllegalArgumentException("usage: SimBuildStamp CLASSPATH SIM_JS OUTPUT_DIRECTORY");
        }
        String simCore = simCoreDigest(simCoreOn(args[0]));
        String simJs = sha256(Files.readAllBytes(Path.of(args[1])));
        Path source = Path.of(args[2], "lor", "simweb", "SimBuild.java");
        Files.createDirectories(source.getParent());
        Files.writeString(source, """
                package lor.simweb;

                /** Written by SimBuildStamp when the build had compiled sim.js: what sim-test.js belongs to. */
                final class SimBuild {

                    static final String SIM_CORE = "%s";
                    static final String SIM_JS = "%s";

                    private SimBuild() {
                    }
                }
                """.formatted(simCore, simJs));
    }

    /** The element of a classpath (as {@code java.class.path} writes one) that holds sim-core. */
    static Path simCoreOn(String classpath) {
        for (String element : classpath.split(File.pathSeparator)) {
            Path path = Path.of(element);
            if (Files.isDirectory(path) ? Files.exists(path.resolve(SIM_CORE_CLASS)) : holds(path, SIM_CORE_CLASS)) {
                return path;
            }
        }
        throw new IllegalArgumentException("no " + SIM_CORE_CLASS + " on the classpath " + classpath);
    }

    /**
     * SHA-256 over sim-core's class files in name order (each name, a zero byte, its length and its bytes), from its
     * classes directory or its jar alike: what the compiled scripts were made from.
     */
    public static String simCoreDigest(Path classesOrJar) {
        MessageDigest digest = sha256();
        try {
            if (Files.isDirectory(classesOrJar)) {
                List<String> names;
                try (Stream<Path> walk = Files.walk(classesOrJar)) {
                    names = walk.filter(Files::isRegularFile)
                            .map(f -> classesOrJar.relativize(f).toString().replace(File.separatorChar, '/'))
                            .filter(SimBuildStamp::isSimCoreClass).sorted().toList();
                }
                for (String name : names) {
                    add(digest, name, Files.readAllBytes(classesOrJar.resolve(name)));
                }
            } else {
                try (ZipFile jar = new ZipFile(classesOrJar.toFile())) {
                    List<String> names = jar.stream().map(ZipEntry::getName).filter(SimBuildStamp::isSimCoreClass)
                            .sorted().toList();
                    for (String name : names) {
                        try (InputStream in = jar.getInputStream(jar.getEntry(name))) {
                            add(digest, name, in.readAllBytes());
                        }
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("reading sim-core's classes at " + classesOrJar, e);
        }
        return HexFormat.of().formatHex(digest.digest());
    }

    public static String sha256(byte[] bytes) {
        return HexFormat.of().formatHex(sha256().digest(bytes));
    }

    private static boolean isSimCoreClass(String name) {
        return name.startsWith(SIM_CORE_PACKAGE) && name.endsWith(".class");
    }

    private static boolean holds(Path jar, String entry) {
        if (!Files.isRegularFile(jar)) {
            return false;
        }
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            return zip.getEntry(entry) != null;
        } catch (IOException e) {
            return false;
        }
    }

    private static void add(MessageDigest digest, String name, byte[] bytes) {
        digest.update(name.getBytes(StandardCharsets.UTF_8));
        digest.update((byte) 0);
        digest.update(Integer.toString(bytes.length).getBytes(StandardCharsets.US_ASCII));
        digest.update((byte) 0);
        digest.update(bytes);
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
