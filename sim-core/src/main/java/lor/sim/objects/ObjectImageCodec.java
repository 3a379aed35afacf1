package lor.sim.objects;

import lor.sim.content.ContentPack;
import lor.sim.content.ObjectKind;
import lor.sim.util.VarBytes;

/**
 * The persisted form of an {@link ObjectImage}: varints, objects in id order, each as
 * <pre>
 * id gap (ids skipped since the previous object), kind, cell (zigzag delta from the previous object's cell),
 * recipe + 1, flags, [due tick − image tick, zigzag: when crafting or running a rule],
 * a bit mask of its non-empty stock slots, then item and count of each
 * </pre>
 * after a header {@code version, tick, line, objects}. Kinds, items and recipes are pack indices; a reader maps
 * them through the names persisted beside (a studio may reorder its pack between two runs).
 */
public final class ObjectImageCodec {

    static final int VERSION = 1;

    private ObjectImageCodec() {
    }

    public static byte[] encode(ObjectImage image, ContentPack pack) {
        VarBytes out = new VarBytes(64 + image.slotCount * 12);
        out.writeLong(VERSION);
        out.writeLong(image.tick);
        out.writeLong(image.line);
        out.writeLong(image.count());
        int previousSlot = -1;
        int previousCell = 0;
        for (int s = 0; s < image.slotCount; s++) {
            if (image.kind[s] == 0) {
                continue;
            }
            int kind = image.kind[s] - 1;
            ObjectKind k = pack.kind(kind);
            out.writeLong(s - previousSlot - 1);
            out.writeLong(kind);
            out.writeSigned((long) image.cell[s] - previousCell);
            out.writeLong(image.recipe[s]);
            out.writeLong(image.flags[s]);
            if (hasDue(image.flags[s], k)) {
                out.writeSigned(image.due[s] - image.tick);
            }
            int base = image.stockBase[s];
            int mask = 0;
            for (int i = 0; i < k.slots(); i++) {
                if (image.stockItems[base + i] != 0) {
                    mask |= 1 << i;
                }
            }
            out.writeLong(mask);
            for (int i = 0; i < k.slots(); i++) {
                if (image.stockItems[base + i] != 0) {
                    out.writeLong(image.stockItems[base + i] - 1);
                    out.writeLong(image.stockCounts[base + i]);
                }
            }
            previousSlot = s;
            previousCell = image.cell[s];
        }
        return out.toByteArray();
    }

    /**
     * @param kindMap   persisted kind index → the pack's index
     * @param itemMap   persisted item index → the pack's
     * @param recipeMap persisted recipe index → the pack's
     * @param cells     cells of the world's grid: every object must stand on one
     * @throws IllegalArgumentException for data this pack and grid cannot hold, naming the object
     */
    public static ObjectImage decode(byte[] data, ContentPack pack, int[] kindMap, int[] itemMap, int[] recipeMap,
                                     int cells) {
        VarBytes in = VarBytes.reading(data);
        int version = in.readInt(Integer.MAX_VALUE, "version");
        if (version != VERSION) {
            throw new IllegalArgumentException("objects are in version " + version + ", this build reads "
                    + VERSION);
        }
        long tick = in.readLong();
        int line = in.readInt(pack.clock().lineCount() - 1, "line");
        int count = in.readInt(cells, "object count");
        short[] kind = new short[count];
        int[] slotOf = new int[count];
        int[] cell = new int[count];
        short[] recipe = new short[count];
        byte[] flags = new byte[count];
        long[] due = new long[count];
        int[] stockBase = new int[count];
        int stockSize = 0;
        int[] stockItemsTmp = new int[Math.max(16, count * 4)];
        int[] stockCountsTmp = new int[stockItemsTmp.length];
        int slot = -1;
        int previousCell = 0;
        for (int o = 0; o < count; o++) {
            long gap = in.readLong();
            if (gap < 0 || slot + 1 + gap >= cells) {
                throw new IllegalArgumentException("object " + (o + 1) + " of " + count + ": bad id gap " + gap);
            }
            slot += 1 + (int) gap;
            String what = "object " + (slot + 1);
            int persistedKind = in.readInt(kindMap.length - 1, what + " kind");
            int k = kindMap[persistedKind];
            if (k < 0) {
                throw new IllegalArgumentException(what + ": its kind is not in the pack");
            }
            ObjectKind ok = pack.kind(k);
            long c = previousCell + in.readSigned();
            if (c < 0 || c >= cells) {
                throw new IllegalArgumentException(what + ": cell " + c + " is off the grid");
            }
            int r = in.readInt(recipeMap.length, what + " recipe");
            int mappedRecipe = r == 0 ? 0 : recipeMap[r - 1] + 1;
            if (r != 0 && mappedRecipe == 0) {
                throw new IllegalArgumentException(what + ": its recipe is not in the pack");
            }
            if (mappedRecipe != 0 && !ok.canRun(mappedRecipe - 1)) {
                throw new IllegalArgumentException(what + ": kind " + ok.id() + " cannot run recipe "
                        + pack.recipe(mappedRecipe - 1).id());
            }
            int f = in.readInt(127, what + " flags");
            if ((f & ObjectColumns.CRAFTING) != 0 && mappedRecipe == 0) {
                throw new IllegalArgumentException(what + ": crafting without a recipe");
            }
            kind[o] = (short) (k + 1);
            slotOf[o] = slot;
            cell[o] = (int) c;
            recipe[o] = (short) mappedRecipe;
            flags[o] = (byte) f;
            if (hasDue((byte) f, ok)) {
                due[o] = tick + in.readSigned();
            }
            int mask = in.readInt(0xFFFF, what + " stock mask");
            if (mask >>> ok.slots() != 0) {
                throw new IllegalArgumentException(what + ": its stock uses more slots than kind " + ok.id()
                        + " has (" + ok.slots() + ")");
            }
            if (stockSize + ok.slots() > stockItemsTmp.length) {
                stockItemsTmp = java.util.Arrays.copyOf(stockItemsTmp, (stockSize + ok.slots()) * 2);
                stockCountsTmp = java.util.Arrays.copyOf(stockCountsTmp, stockItemsTmp.length);
            }
            stockBase[o] = stockSize;
            for (int i = 0; i < ok.slots(); i++) {
                if ((mask & (1 << i)) != 0) {
                    int item = itemMap[in.readInt(itemMap.length - 1, what + " item")];
                    if (item < 0) {
                        throw new IllegalArgumentException(what + ": it holds an item that is not in the pack");
                    }
                    stockItemsTmp[stockSize + i] = item + 1;
                    stockCountsTmp[stockSize + i] = in.readInt(ContentPack.MAX_COUNT, what + " count");
                }
            }
            stockSize += ok.slots();
            previousCell = (int) c;
        }
        if (!in.atEnd()) {
            throw new IllegalArgumentException("objects: bytes left after the last object");
        }
        return dense(pack, tick, line, count, slotOf, kind, cell, recipe, flags, due, stockBase, stockSize,
                stockItemsTmp, stockCountsTmp);
    }

    /** Spreads the decoded objects onto their slots, as the engine's columns hold them. */
    private static ObjectImage dense(ContentPack pack, long tick, int line, int count, int[] slotOf, short[] kind,
                                     int[] cell,
                                     short[] recipe, byte[] flags, long[] due, int[] stockBase, int stockSize,
                                     int[] items, int[] counts) {
        int slots = count == 0 ? 0 : slotOf[count - 1] + 1;
        short[] k = new short[slots];
        int[] c = new int[slots];
        short[] r = new short[slots];
        byte[] f = new byte[slots];
        long[] d = new long[slots];
        int[] b = new int[slots];
        for (int o = 0; o < count; o++) {
            int s = slotOf[o];
            k[s] = kind[o];
            c[s] = cell[o];
            r[s] = recipe[o];
            f[s] = flags[o];
            d[s] = due[o];
            b[s] = stockBase[o];
        }
        short[] stockItems = new short[stockSize];
        int[] stockCounts = new int[stockSize];
        for (int i = 0; i < stockSize; i++) {
            stockItems[i] = (short) items[i];
            stockCounts[i] = counts[i];
        }
        return new ObjectImage(pack, tick, line, slots, k, c, r, f, d, b, stockItems, stockCounts);
    }

    private static boolean hasDue(byte flags, ObjectKind k) {
        return (flags & ObjectColumns.CRAFTING) != 0 || k.rule() != null;
    }
}
