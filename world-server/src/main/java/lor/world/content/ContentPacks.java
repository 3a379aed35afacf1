package lor.world.content;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

import lor.sim.content.ContentException;
import lor.sim.content.ContentPack;
import lor.sim.content.PackDef;
import lor.sim.content.RuleRegistry;

/**
 * Loads a world's content pack by name: {@code DIR/NAME.json}, else {@code DIR/NAME.yaml}, else {@code DIR/NAME.yml}
 * from the directory a studio edits ({@code --content-dir}), else {@code content/NAME.json} shipped in this jar.
 * The file is read strictly ({@link PackReader}), then validated and compiled by {@link ContentPack#compile}. Every
 * failure is one {@link ContentLoadException} whose message starts with the file, then the entry and what is wrong.
 *
 * <p>Studio files are read again on every load (an edit takes effect the next time a world starts); built-in packs
 * are parsed once per process and compiled on every load, since the compiled form depends on the rule registry.
 */
public final class ContentPacks {

    private static final Pattern NAME = Pattern.compile("[a-z0-9_-]{1,32}");
    /** The studio's file forms, in the order they are looked for. */
    private static final List<String> EXTENSIONS = List.of(".json", ".yaml", ".yml");
    private static final Map<String, PackDef> BUILT_IN = new ConcurrentHashMap<>();

    private ContentPacks() {
    }

    /**
     * @param name       1-32 of {@code a-z}, {@code 0-9}, {@code _} and {@code -}
     * @param contentDir the studio's directory, or null for the packs of this build only
     * @param rules      the Java rules the pack may name
     * @throws ContentLoadException naming the file, the entry at fault and what is wrong with it
     */
    public static ContentPack load(String name, Path contentDir, RuleRegistry rules) {
        Objects.requireNonNull(rules, "rules");
        PackDef def = read(name, contentDir);
        return compile(label(name, contentDir), def, rules);
    }

    /**
     * The pack as written, read and checked for form but not compiled: a world reads which modules it names, fills
     * the rule registry from them, then compiles it ({@link #compile}).
     *
     * @throws ContentLoadException naming the file, the entry at fault and what is wrong with it
     */
    public static PackDef read(String name, Path contentDir) {
        if (name == null || !NAME.matcher(name).matches()) {
            throw new ContentLoadException("a content pack name is 1-32 of [a-z0-9_-], not \"" + name + "\"");
        }
        Path file = studioFile(name, contentDir);
        if (file != null) {
            String label = file.toString();
            PackReader.Format format = label.endsWith(".json") ? PackReader.Format.JSON : PackReader.Format.YAML;
            return PackReader.read(label, readFile(label, file), format);
        }
        String resource = "content/" + name + ".json";
        PackDef def = BUILT_IN.computeIfAbsent(name, n -> readBuiltIn(builtInLabel(name), resource));
        if (def == null) {
            throw new ContentLoadException("no content pack named " + name + " (looked in "
                    + (contentDir == null ? "" : contentDir + " and in ") + "this build)");
        }
        return def;
    }

    /**
     * How errors name the file {@link #load} reads for this pack: the studio's file, or the built-in resource; so that
     * an error found later, when a world takes the modules its pack names, names the file as the pack's own do.
     */
    public static String label(String name, Path contentDir) {
        Path file = name == null || !NAME.matcher(name).matches() ? null : studioFile(name, contentDir);
        return file != null ? file.toString() : builtInLabel(name);
    }

    /** The studio's file of that pack, the first form found, or null. */
    private static Path studioFile(String name, Path contentDir) {
        if (contentDir == null) {
            return null;
        }
        for (String extension : EXTENSIONS) {
            Path file = contentDir.resolve(name + extension);
            if (Files.isRegularFile(file)) {
                return file;
            }
        }
        return null;
    }

    private static String builtInLabel(String name) {
        return "content/" + name + ".json (built in)";
    }

    /**
     * Compiles a pack {@link #read} gave.
     *
     * @param label how errors name the pack's file ({@link #label})
     * @throws ContentLoadException naming the file, the entry at fault and what is wrong with it
     */
    public static ContentPack compile(String label, PackDef def, RuleRegistry rules) {
        try {
            return ContentPack.compile(def, rules);
        } catch (ContentException e) {
            throw new ContentLoadException(label + ": " + e.getMessage());
        }
    }

    /** The parsed resource, or null when this build ships no such pack. */
    private static PackDef readBuiltIn(String label, String resource) {
        try (InputStream in = ContentPacks.class.getClassLoader().getResourceAsStream(resource)) {
            return in == null ? null : PackReader.read(label, in.readAllBytes(), PackReader.Format.JSON);
        } catch (IOException e) {
            throw new ContentLoadException(label + ": cannot be read (" + e.getMessage() + ")");
        }
    }

    private static byte[] readFile(String label, Path file) {
        try {
            return Files.readAllBytes(file);
        } catch (AccessDeniedException e) {
            throw new ContentLoadException(label + ": cannot be read (permission denied)");
        } catch (IOException e) {
            throw new ContentLoadException(label + ": cannot be read (" + e.getMessage() + ")");
        }
    }
}
