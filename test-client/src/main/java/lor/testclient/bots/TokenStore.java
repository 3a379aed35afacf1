package lor.testclient.bots;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.TreeMap;

import lor.protocol.Json;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The bots' session tokens, kept between runs so that a later run resumes sessions (cheap) instead of logging in
 * (a 600,000-iteration PBKDF2 on the director each). The file is JSON, {@code {"format":1,"tokens":{"bot-0":T,…}}},
 * readable by its owner only (tokens are credentials), and replaced atomically: a run killed while writing it
 * leaves the previous file whole. A token the director no longer knows just costs that bot a login.
 */
final class TokenStore {

    private TokenStore() {
    }

    /** The tokens in {@code file}; none when it does not exist or cannot be read (a warning then). */
    static Map<String, String> load(Path file) {
        Map<String, String> tokens = new TreeMap<>();
        if (!Files.isRegularFile(file)) {
            return tokens;
        }
        try {
            JsonNode root = Json.MAPPER.readTree(Files.readString(file, StandardCharsets.UTF_8));
            for (Map.Entry<String, JsonNode> e : root.path("tokens").properties()) {
                if (e.getValue().isString()) {
                    tokens.put(e.getKey(), e.getValue().stringValue());
                }
            }
        } catch (IOException | JacksonException e) {
            System.err.println("bots: ignoring unreadable token file " + file + ": " + e.getMessage());
        }
        return tokens;
    }

    /** Writes {@code tokens} to {@code file} through a temporary file in the same directory and an atomic rename. */
    static void save(Path file, Map<String, String> tokens) throws IOException {
        ObjectNode root = Json.MAPPER.createObjectNode();
        root.put("format", 1);
        ObjectNode out = root.putObject("tokens");
        new TreeMap<>(tokens).forEach(out::put);
        Path absolute = file.toAbsolutePath();
        Path dir = absolute.getParent();
        Files.createDirectories(dir);
        Path temp = createPrivateTemp(dir, absolute.getFileName().toString());
        try {
            Files.writeString(temp, Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(root),
                    StandardCharsets.UTF_8);
            try {
                Files.move(temp, absolute, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, absolute, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(temp);
        }
    }

    private static Path createPrivateTemp(Path dir, String name) throws IOException {
        try {
            return Files.createTempFile(dir, "." + name + ".", ".tmp",
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        } catch (UnsupportedOperationException e) {
            return Files.createTempFile(dir, "." + name + ".", ".tmp");
        } catch (FileAlreadyExistsException e) {
            throw new IOException("cannot create a temporary file beside " + name, e);
        }
    }
}
