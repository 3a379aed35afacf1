package lor.world.content;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

import lor.sim.builtin.BuiltInModules;
import lor.sim.content.ContentException;
import lor.sim.content.ContentPack;
import lor.sim.content.PackDef;
import lor.sim.content.RuleRegistry;
import lor.sim.module.GameModule;
import lor.sim.module.ModuleApi;
import lor.sim.module.ModuleCatalog;
import lor.sim.module.ModuleException;
import lor.sim.module.ModuleNames;
import lor.sim.module.ModuleRules;
import lor.sim.module.ModuleSettings;
import lor.sim.module.ModuleSpec;
import lor.sim.module.WorldModules;

/**
 * The game modules a world runs: those its content pack names ({@code "modules"}), taken from the modules built into
 * this jar and from a studio's jars in the modules directory ({@code --modules-dir}). A jar declares its modules as
 * {@link ServiceLoader} providers of {@link GameModule} ({@code META-INF/services/lor.sim.module.GameModule}); the
 * directory's jars share one class loader, a child of this server's, so they may share a library jar.
 *
 * <p>Every failure is one {@link ContentLoadException} naming the pack's file and the module, so it stops only the
 * world whose pack names that module: a module this server does not have, one written for another API version, one
 * that refuses its settings, and one whose jar cannot be loaded. A jar that fails before it tells which modules it
 * provides (not a jar, a provider that cannot be made, a {@code spec()} that throws) cannot fail a world by name; its
 * error is part of the reason of every world whose pack names a module this server then lacks.
 */
public final class GameModules {

    static final String SERVICES = "META-INF/services/" + GameModule.class.getName();

    private GameModules() {
    }

    /** @see #resolve(ContentPack, String, Path) with the pack named by its name rather than by its file */
    public static WorldModules resolve(ContentPack pack, Path modulesDir) {
        return resolve(pack, "content pack " + pack.name(), modulesDir);
    }

    /**
     * @param packFile   how errors name the pack's file ({@link ContentPacks#label})
     * @param modulesDir the studio's jars, or null for the built-in modules only
     * @throws ContentLoadException naming the file, the entry and the module
     */
    public static WorldModules resolve(ContentPack pack, String packFile, Path modulesDir) {
        if (pack.modules().isEmpty()) {
            return WorldModules.none();
        }
        return take(Found.in(modulesDir), pack, packFile, modulesDir);
    }

    /** A world's pack and the game modules it names, loaded together ({@link #load}). */
    public record WorldContent(ContentPack pack, WorldModules modules) {
    }

    /**
     * A world's pack and its modules: the pack is read, the Java object rules of the modules it names are registered,
     * then the pack is compiled (an object kind's {@code "rule"} finds its module's rule), then the modules are made
     * with the pack's settings. A module the pack names and this server lacks is reported before the pack compiles,
     * so that the reason names the missing module rather than a rule it would have provided.
     *
     * @param contentDir the studio's packs, or null for the packs of this build only
     * @param modulesDir the studio's jars, or null for the built-in modules only
     * @throws ContentLoadException naming the file, the entry and, for a module's failure, the module
     */
    public static WorldContent load(String name, Path contentDir, Path modulesDir) {
        PackDef def = ContentPacks.read(name, contentDir);
        String label = ContentPacks.label(name, contentDir);
        List<String> named = def == null || def.modules() == null ? List.of() : def.modules();
        if (named.isEmpty()) {
            return new WorldContent(ContentPacks.compile(label, def, RuleRegistry.empty()), WorldModules.none());
        }
        Found found = Found.in(modulesDir);
        ContentPack pack;
        try {
            for (int i = 0; i < named.size(); i++) {
                // A name not of the form is the pack's own error, which compiling it reports.
                String problem = ModuleNames.isValid(named.get(i))
                        ? found.problem(def.name() == null ? name : def.name(), named.get(i), modulesDir) : null;
                if (problem != null) {
                    throw new ContentLoadException(label + ": modules[" + i + "]: " + problem);
                }
            }
            pack = ContentPacks.compile(label, def, found.catalog.objectRules(named));
        } catch (ModuleException e) {
            found.close();
            throw new ContentLoadException(label + ": " + e.getMessage());
        } catch (RuntimeException e) {
            found.close();
            throw e;
        }
        return new WorldContent(pack, take(found, pack, label, modulesDir));
    }

    /** The pack's modules from what was found; lets go of the jars unless the world runs a module of one. */
    private static WorldModules take(Found found, ContentPack pack, String packFile, Path modulesDir) {
        boolean keepLoader = false;
        try {
            List<String> names = pack.modules();
            for (int i = 0; i < names.size(); i++) {
                String problem = found.problem(pack.name(), names.get(i), modulesDir);
                if (problem != null) {
                    throw new ContentLoadException(packFile + ": modules[" + i + "]: " + problem);
                }
                keepLoader |= found.fromJar(names.get(i));
            }
            return found.catalog.resolve(pack.name(), names, pack.moduleSettings());
        } catch (ContentException | ModuleException e) {
            throw new ContentLoadException(packFile + ": " + e.getMessage());
        } finally {
            // A world that runs a studio's module loads its classes for as long as it runs; otherwise the jars are
            // let go of at once.
            if (!keepLoader) {
                found.close();
            }
        }
    }

    /** What the built-in modules and the modules directory offer, and what went wrong finding it. */
    private static final class Found {

        private static final String BUILT_IN = "built in";

        final ModuleCatalog catalog = BuiltInModules.catalog();
        /** Where each module of the catalog comes from: {@link #BUILT_IN} or its jar. */
        private final Map<String, String> origins = new HashMap<>();
        /** Modules a jar provides that no world may run, by name, with the reason. */
        private final Map<String, String> refused = new LinkedHashMap<>();
        /** Failures of jars that did not get as far as naming their module. */
        private final List<String> jarErrors = new ArrayList<>();
        /** The provider classes each jar declares: a failure or a module is put down to the jar declaring it. */
        private final Map<String, Path> declaredBy = new LinkedHashMap<>();
        private URLClassLoader loader;

        static Found in(Path modulesDir) {
            Found found = new Found();
            for (String name : found.catalog.names()) {
                found.origins.put(name, BUILT_IN);
            }
            if (modulesDir != null) {
                found.load(modulesDir);
            }
            return found;
        }

        /** Why a world may not run the module {@code name}, or null when it may. */
        String problem(String pack, String name, Path modulesDir) {
            String refusal = refused.get(name);
            if (refusal != null) {
                return refusal;
            }
            if (!catalog.names().contains(name)) {
                return "pack " + pack + " names the module " + name + ", which this server does not have (it has "
                        + catalog.names() + "); modules dir: " + (modulesDir == null ? "none" : modulesDir)
                        + (jarErrors.isEmpty() ? "" : "; not loaded there: " + String.join("; ", jarErrors));
            }
            return null;
        }

        boolean fromJar(String name) {
            return !BUILT_IN.equals(origins.get(name));
        }

        void close() {
            if (loader != null) {
                try {
                    loader.close();
                } catch (IOException e) {
                    // Nothing of it is in use; what could not be closed is closed when the process ends.
                }
            }
        }

        private void load(Path modulesDir) {
            List<Path> jars = new ArrayList<>();
            try (DirectoryStream<Path> files = Files.newDirectoryStream(modulesDir, "*.jar")) {
                for (Path file : files) {
                    if (Files.isRegularFile(file)) {
                        jars.add(file);
                    }
                }
            } catch (IOException e) {
                jarErrors.add(modulesDir + " cannot be read (" + e + ")");
                return;
            }
            // In name order, so which of two jars providing one module comes first does not depend on the disk.
            jars.sort(null);
            List<URL> urls = new ArrayList<>();
            for (Path jar : jars) {
                try {
                    for (String provider : providers(jar)) {
                        declaredBy.putIfAbsent(provider, jar);
                    }
                    urls.add(jar.toUri().toURL());
                } catch (IOException e) {
                    jarErrors.add(jar + " is not a readable jar (" + e.getMessage() + ")");
                }
            }
            if (declaredBy.isEmpty()) {
                return;
            }
            loader = new URLClassLoader("lor-modules", urls.toArray(URL[]::new), GameModules.class.getClassLoader());
            Iterator<GameModule> providers = ServiceLoader.load(GameModule.class, loader).iterator();
            // Each failure moves the loader past the provider at fault (its documented best effort); the bound only
            // keeps a loader that failed to do so from spinning.
            int failures = 0;
            while (failures <= declaredBy.size()) {
                GameModule module;
                try {
                    if (!providers.hasNext()) {
                        return;
                    }
                    module = providers.next();
                } catch (ServiceConfigurationError | LinkageError | RuntimeException e) {
                    failures++;
                    Path jar = declaring(e);
                    if (jar != null) {
                        jarErrors.add(jar + ": " + describe(e));
                    }
                    continue;
                }
                Path jar = declaredBy.get(module.getClass().getName());
                // A provider on this server's own class path, found through the parent loader, is not a studio's.
                if (jar != null) {
                    add(module, jar);
                }
            }
        }

        private void add(GameModule module, Path jar) {
            String origin = jar.toString();
            ModuleSpec spec;
            try {
                spec = module.spec();
            } catch (RuntimeException | LinkageError e) {
                jarErrors.add(origin + ": " + module.getClass().getName() + ".spec() failed: " + describe(e));
                return;
            }
            if (spec == null || !ModuleNames.isValid(spec.name())) {
                jarErrors.add(origin + ": " + module.getClass().getName() + " declares "
                        + (spec == null ? "no spec" : "a module named \"" + spec.name() + "\", which must match "
                        + ModuleNames.PATTERN));
                return;
            }
            String name = spec.name();
            String first = origins.get(name);
            if (first != null) {
                refused.putIfAbsent(name, "module " + name + " is provided twice: " + describeOrigin(first) + " and by "
                        + origin);
                return;
            }
            if (spec.apiVersion() != ModuleApi.VERSION) {
                refused.put(name, "module " + name + " (" + origin + ") was written for module API version "
                        + spec.apiVersion() + "; this server runs version " + ModuleApi.VERSION);
                return;
            }
            try {
                catalog.register(new JarModule(module, spec, origin));
            } catch (RuntimeException e) {
                refused.put(name, "module " + name + " (" + origin + "): " + e.getMessage());
                return;
            }
            origins.put(name, origin);
        }

        /** The jar declaring the provider a loading error names, or null for a provider not of the directory. */
        private Path declaring(Throwable e) {
            String message = String.valueOf(e.getMessage());
            Path jar = null;
            int longest = 0;
            for (Map.Entry<String, Path> provider : declaredBy.entrySet()) {
                String name = provider.getKey();
                boolean named = message.contains(name) || message.contains(name.replace('.', '/'));
                if (named && name.length() > longest) {
                    jar = provider.getValue();
                    longest = name.length();
                }
            }
            return jar;
        }

        private static String describeOrigin(String origin) {
            return BUILT_IN.equals(origin) ? "built in" : "by " + origin;
        }

        /** The provider class names a jar declares, as {@link ServiceLoader} reads them. */
        private static List<String> providers(Path jar) throws IOException {
            List<String> names = new ArrayList<>();
            try (JarFile file = new JarFile(jar.toFile())) {
                JarEntry entry = file.getJarEntry(SERVICES);
                if (entry == null) {
                    return names;
                }
                try (BufferedReader in = new BufferedReader(new InputStreamReader(file.getInputStream(entry),
                        StandardCharsets.UTF_8))) {
                    for (String line = in.readLine(); line != null; line = in.readLine()) {
                        int comment = line.indexOf('#');
                        String name = (comment < 0 ? line : line.substring(0, comment)).trim();
                        if (!name.isEmpty()) {
                            names.add(name);
                        }
                    }
                }
            }
            return names;
        }
    }

    /** What a loading failure says, with the exception that caused it (a module's own constructor's, say). */
    private static String describe(Throwable e) {
        String message = e instanceof ServiceConfigurationError ? e.getMessage() : e.toString();
        return e.getCause() == null ? message : message + " (" + e.getCause() + ")";
    }

    /**
     * A studio's module as its world sees it: its declaration read once (a world and its clients must agree on it),
     * and a failure to make its rules named as its own.
     */
    private static final class JarModule implements GameModule {

        private final GameModule module;
        private final ModuleSpec spec;
        private final String origin;

        JarModule(GameModule module, ModuleSpec spec, String origin) {
            this.module = module;
            this.spec = spec;
            this.origin = origin;
        }

        @Override
        public ModuleSpec spec() {
            return spec;
        }

        @Override
        public ModuleRules rules(ModuleSettings settings) {
            ModuleRules rules;
            try {
                rules = module.rules(settings);
            } catch (ContentException e) {
                throw e;
            } catch (RuntimeException | LinkageError e) {
                throw new ModuleException("module " + spec.name() + " (" + origin + ") failed to make its rules: "
                        + e);
            }
            if (rules == null) {
                throw new ModuleException("module " + spec.name() + " (" + origin + ") made no rules");
            }
            return rules;
        }
    }
}
