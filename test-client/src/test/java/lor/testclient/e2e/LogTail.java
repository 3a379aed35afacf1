package lor.testclient.e2e;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** What a director's log says from the moment this is made: read incrementally, as it grows. */
final class LogTail {
    private final Path log;
    private long offset;
    private final StringBuilder text = new StringBuilder();

    LogTail(Path log) throws IOException {
        this.log = log;
        this.offset = Files.size(log);
    }

    synchronized boolean contains(String needle) throws IOException {
        try (RandomAccessFile file = new RandomAccessFile(log.toFile(), "r")) {
            long length = file.length();
            if (length > offset) {
                byte[] bytes = new byte[(int) (length - offset)];
                file.seek(offset);
                file.readFully(bytes);
                offset = length;
                text.append(new String(bytes, StandardCharsets.UTF_8));
            }
        }
        return text.indexOf(needle) >= 0;
    }

    synchronized String text() {
        return text.toString();
    }
}
