package lor.sim;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Which package uses which, read from the constant pools of compiled classes: every class, field and method type a
 * class names is spelled there, so this sees what the compiler linked rather than what the imports say. Compile-time
 * constants are the exception (javac copies their value into the user), which is why a test built on this also
 * checks the edges it expects to see.
 */
final class PackageGraph {

    private static final Pattern CLASS_NAME = Pattern.compile("lor/sim/[A-Za-z0-9_/$]*");

    private final Map<String, Set<String>> edges = new TreeMap<>();

    /** The graph of the {@code lor.sim} classes under {@code root}, a class-output directory. */
    static PackageGraph ofClasses(Path root) throws IOException {
        PackageGraph graph = new PackageGraph();
        List<Path> classes;
        try (Stream<Path> files = Files.walk(root)) {
            classes = files.filter(f -> f.toString().endsWith(".class")).toList();
        }
        for (Path file : classes) {
            String from = packageOf(root.relativize(file).toString().replace(file.getFileSystem().getSeparator(), "/"));
            if (!from.startsWith("lor.sim")) {
                continue;
            }
            try (InputStream in = Files.newInputStream(file)) {
                for (String name : namesIn(new DataInputStream(in))) {
                    Matcher m = CLASS_NAME.matcher(name);
                    while (m.find()) {
                        graph.add(from, packageOf(m.group()));
                    }
                }
            }
        }
        return graph;
    }

    void add(String from, String to) {
        edges.computeIfAbsent(from, k -> new TreeSet<>());
        edges.computeIfAbsent(to, k -> new TreeSet<>());
        if (!from.equals(to)) {
            edges.get(from).add(to);
        }
    }

    Set<String> uses(String from) {
        return edges.getOrDefault(from, Set.of());
    }

    /** Each set of packages that reach one another, so form a loop; empty when the graph is acyclic. */
    List<Set<String>> cycles() {
        Map<String, Set<String>> reach = new TreeMap<>();
        for (String p : edges.keySet()) {
            reach.put(p, reachableFrom(p));
        }
        List<Set<String>> loops = new ArrayList<>();
        Set<String> placed = new TreeSet<>();
        for (String p : edges.keySet()) {
            if (placed.contains(p) || !reach.get(p).contains(p)) {
                continue;
            }
            Set<String> loop = new TreeSet<>();
            for (String q : reach.get(p)) {
                if (reach.get(q).contains(p)) {
                    loop.add(q);
                }
            }
            placed.addAll(loop);
            loops.add(loop);
        }
        return loops;
    }

    private Set<String> reachableFrom(String start) {
        Set<String> seen = new TreeSet<>();
        List<String> todo = new ArrayList<>(uses(start));
        while (!todo.isEmpty()) {
            String p = todo.remove(todo.size() - 1);
            if (seen.add(p)) {
                todo.addAll(uses(p));
            }
        }
        return seen;
    }

    private static String packageOf(String internalName) {
        int slash = internalName.lastIndexOf('/');
        return slash < 0 ? "" : internalName.substring(0, slash).replace('/', '.');
    }

    /** The constant pool's UTF-8 entries except string literals' text: class names and type descriptors. */
    private static List<String> namesIn(DataInputStream in) throws IOException {
        in.readInt(); // magic
        in.readUnsignedShort(); // minor
        in.readUnsignedShort(); // major
        int count = in.readUnsignedShort();
        String[] utf8 = new String[count];
        BitSet literals = new BitSet(count);
        for (int i = 1; i < count; i++) {
            int tag = in.readUnsignedByte();
            switch (tag) {
                case 1 -> utf8[i] = in.readUTF();
                case 8 -> literals.set(in.readUnsignedShort());
                case 7, 16, 19, 20 -> in.readUnsignedShort();
                case 15 -> in.skipNBytes(3);
                case 3, 4, 9, 10, 11, 12, 17, 18 -> in.skipNBytes(4);
                case 5, 6 -> {
                    in.skipNBytes(8);
                    i++; // a long or double takes two slots
                }
                default -> throw new IOException("unknown constant pool tag " + tag);
            }
        }
        List<String> names = new ArrayList<>();
        for (int i = 1; i < count; i++) {
            if (utf8[i] != null && !literals.get(i)) {
                names.add(utf8[i]);
            }
        }
        return names;
    }
}
