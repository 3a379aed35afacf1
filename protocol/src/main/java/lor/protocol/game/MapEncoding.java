package lor.protocol.game;

import java.io.ByteArrayOutputStream;
import java.util.Base64;

/**
 * The {@code rle-varint} encoding of a map's cells: the cells in index order as runs, each run two unsigned LEB128
 * varints, {@code length} (≥ 1) then {@code value}; the bytes base64 (RFC 4648, with padding). A 128×128 map of
 * rooms and corridors takes a few kilobytes.
 */
public final class MapEncoding {

    public static final String NAME = "rle-varint";

    private MapEncoding() {
    }

    public static String encode(int[] cells) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(cells.length / 8 + 16);
        int i = 0;
        while (i < cells.length) {
            int value = cells[i];
            int run = 1;
            while (i + run < cells.length && cells[i + run] == value) {
                run++;
            }
            writeVarint(out, run);
            writeVarint(out, value);
            i += run;
        }
        return Base64.getEncoder().encodeToString(out.toByteArray());
    }

    /**
     * @throws IllegalArgumentException when the data is not valid base64, a varint is truncated, a run is empty, or
     *                                  the runs do not add up to exactly {@code cellCount}
     */
    public static int[] decode(String data, int cellCount) {
        byte[] bytes = Base64.getDecoder().decode(data);
        int[] cells = new int[cellCount];
        int[] position = {0};
        int filled = 0;
        while (position[0] < bytes.length) {
            long run = readVarint(bytes, position);
            long value = readVarint(bytes, position);
            if (run < 1 || run > cellCount - filled || value > Integer.MAX_VALUE) {
                throw new IllegalArgumentException("bad run at byte " + position[0]);
            }
            for (int k = 0; k < run; k++) {
                cells[filled++] = (int) value;
            }
        }
        if (filled != cellCount) {
            throw new IllegalArgumentException("runs cover " + filled + " cells, expected " + cellCount);
        }
        return cells;
    }

    private static void writeVarint(ByteArrayOutputStream out, int value) {
        long v = value & 0xFFFFFFFFL;
        while (v >= 0x80) {
            out.write((int) (v & 0x7F) | 0x80);
            v >>>= 7;
        }
        out.write((int) v);
    }

    private static long readVarint(byte[] bytes, int[] position) {
        long result = 0;
        for (int shift = 0; shift < 35; shift += 7) {
            if (position[0] >= bytes.length) {
                throw new IllegalArgumentException("truncated varint");
            }
            int b = bytes[position[0]++] & 0xFF;
            result |= (long) (b & 0x7F) << shift;
            if ((b & 0x80) == 0) {
                return result;
            }
        }
        throw new IllegalArgumentException("varint too long");
    }
}
