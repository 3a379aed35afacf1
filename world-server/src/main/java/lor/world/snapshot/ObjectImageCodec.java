package lor.world.snapshot;

import lor.sim.content.ContentPack;
import lor.sim.content.ObjectKind;
import lor.sim.objects.ObjectImage;
import lor.sim.util.VarBytes;

/**
 * The persisted form of an {@link ObjectImage}: varints, objects in id order, each as
 * <pre>
 * id gap (ids skipped since the previous object), kind, cell (zigzag delta from the previous object's cell),
 * recipe + 1, state, [due tick − image tick, zigzag: when crafting or running a rule],
 * a bit mask of its non-empty stock slots, then item and count of each
 * </pre>
 * after a header {@code version, tick, line, objects}. Kinds, items and recipes are pack indices; a reader maps
 * them through the names persisted beside (a studio may reorder its pack between two runs). {@link SnapshotCodec}
 * carries these bytes in a snapshot's {@code objects}.
 */
public final class ObjectImageCodec {

    static final int VERSION = 1;

    private ObjectImageCodec() {
    }

    public static byte[] encode(ObjectImage image, ContentPack pack) {
        VarBytes out = new VarBytes(64 + image.slots() * 12);
        out.writeLong(VERSION);
        out.writeLong(image.tick());
        out.writeLong(image.line());
        out.writeLong(image.count());
        int previousSlot = -1;
        int previousCell = 0;
        for (int s = 0; s < image.slots(); s++) {
            if (!image.holds(s)) {
                continue;
            }
            ObjectKind k = pack.kind(image.kind(s));
            out.writeLong(s - previousSlot - 1);
            out.writeLong(image.kind(s));
            out.writeSigned((long) image.cell(s) - previousCell);
            out.writeLong(image.recipe(s) + 1);
            out.writeLong(image.state(s));
            if (image.timed(s)) {
                out.writeSigned(image.due(s) - image.tick());
            }
            int mask = 0;
            for (int i = 0; i < k.slots(); i++) {
                if (image.stockItem(s, i) >= 0) {
                    mask |= 1 << i;
                }
            }
            out.writeLong(mask);
            for (int i = 0; i < k.slots(); i++) {
                if (image.stockItem(s, i) >= 0) {
                    out.writeLong(image.stockItem(s, i));
                    out.writeLong(image.stockCount(s, i));
                }
            }
            previousSlot = s;
            previousCell = image.cell(s);
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
        ObjectImage.Builder image = ObjectImage.builder(pack, tick, line, count);
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
            int recipe = r == 0 ? -1 : recipeMap[r - 1];
            if (r != 0 && recipe < 0) {
                throw new IllegalArgumentException(what + ": its recipe is not in the pack");
            }
            int state = in.readInt(127, what + " flags");
            long due = ObjectImage.timed(pack, k, state) ? tick + in.readSigned() : 0;
            image.add(slot, k, (int) c, recipe, state, due);
            int mask = in.readInt(0xFFFF, what + " stock mask");
            if (mask >>> ok.slots() != 0) {
                throw new IllegalArgumentException(what + ": its stock uses more slots than kind " + ok.id()
                        + " has (" + ok.slots() + ")");
            }
            for (int i = 0; i < ok.slots(); i++) {
                if ((mask & (1 << i)) != 0) {
                    int item = itemMap[in.readInt(itemMap.length - 1, what + " item")];
                    if (item < 0) {
                        throw new IllegalArgumentException(what + ": it holds an item that is not in the pack");
                    }
                    image.stock(i, item, in.readInt(ContentPack.MAX_COUNT, what + " count"));
                }
            }
            previousCell = (int) c;
        }
        if (!in.atEnd()) {
            throw new IllegalArgumentException("objects: bytes left after the last object");
        }
        return image.build();
    }
}
