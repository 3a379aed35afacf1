package lor.testclient.e2e.tripwire;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

import lor.sim.module.GameModule;

/**
 * A studio's module jar as docs/modules.md describes it, written from this build's compiled test classes: the
 * classes, and {@code META-INF/services/lor.sim.module.GameModule} naming the provider. No Maven project of its own.
 */
public final class ModuleJar {

    private ModuleJar() {
    }

    /**
     * @param provider the {@link GameModule} the service file names
     * @param classes  every other class it needs (top-level classes only: nested ones are not looked for)
     * @return the jar written
     */
    public static Path write(Path jar, Class<? extends GameModule> provider, Class<?>... classes) throws IOException {
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        try (OutputStream file = Files.newOutputStream(jar);
             JarOutputStream out = new JarOutputStream(file, manifest)) {
            out.putNextEntry(new JarEntry("META-INF/services/" + GameModule.class.getName()));
            out.write((provider.getName() + "\n").getBytes(StandardCharsets.UTF_8));
            out.closeEntry();
            addClass(out, provider);
            for (Class<?> c : classes) {
                addClass(out, c);
            }
        }
        return jar;
    }

    private static void addClass(JarOutputStream out, Class<?> c) throws IOException {
        String entry = c.getName().replace('.', '/') + ".class";
        try (InputStream bytes = c.getClassLoader().getResourceAsStream(entry)) {
            if (bytes == null) {
                throw new IOException("no class file " + entry + " on the test class path");
            }
            out.putNextEntry(new JarEntry(entry));
            bytes.transferTo(out);
            out.closeEntry();
        }
    }
}
