package lor.world.game;

import java.util.Arrays;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import lor.protocol.game.binary.BinaryState;
import lor.protocol.game.binary.Varints;
import lor.protocol.netty.ServerFrameHeader;
import lor.sim.grid.GridSize;
import lor.sim.module.ModuleField;
import lor.sim.world.World;

/**
 * Writes the {@link BinaryState#KIND_MODULES} frames of a world that runs game modules: per binary connection, the
 * attributes and field cells of the regions that entered its view (a region's snapshot) and what changed in the
 * regions still in it (a region's change: entities that arrived, those that stayed with the attributes that changed
 * since the mark, the field cells the modules' changed lists name); nothing when nothing did. An entity in a snapshot
 * or arriving carries only the attributes a connection may hold wrong: those off their declared default (one that
 * never knew it holds the default) and those changed since the mark (one that knew it holds the mark's). Most
 * entities of most games sit at their defaults, so a crowd walking across regions costs no attribute bytes.
 * Like the state frame's, each region's parts are encoded at most once per broadcast and copied into the frame of
 * every connection that needs them; they live in two buffers kept from one broadcast to the next, so a warm broadcast
 * allocates only the frames. {@link BinaryStateBroadcaster} feeds it the entities' changes while it records its own
 * and calls {@link #write} just before it writes the state frame, with the same view and reset. Tick-thread confined.
 */
final class BinaryModuleWriter {

    private static final int NONE = -1;

    private final ByteBufAllocator alloc;
    private final GridSize size;
    private final int regionsWide;
    private final int regionsHigh;
    private boolean active;
    private int attributeCount;
    /** Each attribute's declared default, in the world's order. */
    private int[] defaults = new int[0];
    private long broadcast;
    // What changed per region since the previous broadcast: singly linked lists, valid when the region's stamp is
    // this broadcast. Arrivals and stays hold slots, cells hold grid indices with their module beside.
    private final long[] changeStamp;
    private final int[] arrivalHead;
    private final int[] stayHead;
    private final int[] cellHead;
    private int[] entryValue = new int[64];
    private int[] entryModule = new int[64];
    private int[] entryNext = new int[64];
    private int entries;
    // The parts of this broadcast, back to back in two buffers, with where each region's starts and ends.
    private final ByteBuf snapshotParts = Unpooled.buffer(256);
    private final ByteBuf changeParts = Unpooled.buffer(256);
    private final long[] snapshotStamp;
    private final int[] snapshotStart;
    private final int[] snapshotEnd;
    private final long[] changeEncodedStamp;
    private final int[] changeStart;
    private final int[] changeEnd;
    /** The regions of the frame being built: a region's number, negated minus one for a change part. */
    private int[] parts = new int[64];
    private int[] memberStart;
    private int[] members;
    private final FrameTally tally;

    BinaryModuleWriter(GridSize size, ByteBufAllocator alloc, FrameTally tally) {
        this.alloc = alloc;
        this.tally = tally;
        this.size = size;
        this.regionsWide = BinaryState.regionsWide(size.width());
        this.regionsHigh = BinaryState.regionsHigh(size.height());
        int regionCount = regionsWide * regionsHigh * size.layers();
        this.changeStamp = stamps(regionCount);
        this.arrivalHead = new int[regionCount];
        this.stayHead = new int[regionCount];
        this.cellHead = new int[regionCount];
        this.snapshotStamp = stamps(regionCount);
        this.snapshotStart = new int[regionCount];
        this.snapshotEnd = new int[regionCount];
        this.changeEncodedStamp = stamps(regionCount);
        this.changeStart = new int[regionCount];
        this.changeEnd = new int[regionCount];
    }

    /**
     * Starts broadcast number {@code number}: forgets the previous one's parts and records the cells the modules'
     * fields list as changed since the previous broadcast.
     *
     * @param regionMembers where each region's members start in {@code slots} (and the next region's begin), as the
     *                      broadcaster sorted them for this broadcast
     */
    void begin(World world, long number, int[] regionMembers, int[] slots) {
        active = !world.modules().isEmpty();
        if (!active) {
            return;
        }
        broadcast = number;
        attributeCount = world.modules().attributeCount();
        if (defaults.length != attributeCount) {
            defaults = new int[attributeCount];
            for (int a = 0; a < attributeCount; a++) {
                defaults[a] = world.modules().attributes().get(a).defaultValue();
            }
        }
        memberStart = regionMembers;
        members = slots;
        entries = 0;
        snapshotParts.clear();
        changeParts.clear();
        for (int m = 0; m < world.modules().size(); m++) {
            ModuleField field = world.moduleField(m);
            for (int i = 0; i < field.changedCount(); i++) {
                int cell = field.changedCell(i);
                link(cellHead, regionOfCell(cell), cell, m);
            }
        }
    }

    /** An entity is in {@code region} and was not at the mark (added, or moved in from another region). */
    void arrived(int region, int slot) {
        if (active && attributeCount > 0) {
            link(arrivalHead, region, slot, 0);
        }
    }

    /** An entity was in {@code region} at the mark and still is: its attributes go out when some changed. */
    void stayed(World world, int region, int slot) {
        if (active && attributeCount > 0 && changedAttributes(world, slot) > 0) {
            link(stayHead, region, slot, 0);
        }
    }

    /**
     * Adds the connection's modules frame to {@code out} when its view's regions hold something new to it, or it is
     * reset. Call before the connection's view is updated to {@code x0..x1, y0..y1} (regions, inclusive).
     */
    void write(World world, PlayerSession session, int layer, int x0, int y0, int x1, int y1, boolean reset,
               BroadcastBatch out) {
        if (!active) {
            return;
        }
        int count = 0;
        int length = 0;
        for (int ry = y0; ry <= y1; ry++) {
            for (int rx = x0; rx <= x1; rx++) {
                int region = (layer * regionsHigh + ry) * regionsWide + rx;
                if (!reset && session.viewed(layer, rx, ry)) {
                    if (changeStamp[region] == broadcast) {
                        encodeChange(world, region);
                        if (changeEnd[region] > changeStart[region]) {
                            parts = BinaryWorldWriter.put(parts, count++, -region - 1);
                            length += changeEnd[region] - changeStart[region];
                        }
                    }
                } else {
                    encodeSnapshot(world, region);
                    if (snapshotEnd[region] > snapshotStart[region]) {
                        parts = BinaryWorldWriter.put(parts, count++, region);
                        length += snapshotEnd[region] - snapshotStart[region];
                    }
                }
            }
        }
        if (!reset && count == 0) {
            return;
        }
        ByteBuf frame = alloc.buffer(ServerFrameHeader.MAX_BYTES + 24 + length);
        frame.setIndex(ServerFrameHeader.MAX_BYTES, ServerFrameHeader.MAX_BYTES);
        frame.writeByte(BinaryState.KIND_MODULES);
        Varints.write(frame, world.tick());
        frame.writeByte(reset ? BinaryState.MODULES_RESET : 0);
        Varints.write(frame, count);
        for (int i = 0; i < count; i++) {
            int region = parts[i];
            if (region < 0) {
                region = -region - 1;
                frame.writeBytes(changeParts, changeStart[region], changeEnd[region] - changeStart[region]);
            } else {
                frame.writeBytes(snapshotParts, snapshotStart[region], snapshotEnd[region] - snapshotStart[region]);
            }
        }
        tally.send(out, session, frame);
    }

    /**
     * The attributes of the region's entities a connection may not know ({@link #unknownAttributes}) and every
     * non-empty cell of it, unless it holds neither.
     */
    private void encodeSnapshot(World world, int region) {
        if (snapshotStamp[region] == broadcast) {
            return;
        }
        snapshotStamp[region] = broadcast;
        ByteBuf out = snapshotParts;
        snapshotStart[region] = out.writerIndex();
        int entities = 0;
        for (int i = memberStart[region]; attributeCount > 0 && i < memberStart[region + 1]; i++) {
            entities += unknownAttributes(world, members[i]) > 0 ? 1 : 0;
        }
        int cells = 0;
        for (int m = 0; m < world.modules().size(); m++) {
            cells += cellsIn(world.moduleField(m), region, null, m);
        }
        if (entities > 0 || cells > 0) {
            Varints.write(out, region);
            Varints.write(out, entities);
            for (int i = memberStart[region]; entities > 0 && i < memberStart[region + 1]; i++) {
                writeUnknownAttributes(out, world, members[i]);
            }
            Varints.write(out, cells);
            for (int m = 0; m < world.modules().size(); m++) {
                cellsIn(world.moduleField(m), region, out, m);
            }
        }
        snapshotEnd[region] = out.writerIndex();
    }

    /**
     * Counts the non-empty cells of a module's field in a region and, when {@code out} is not null, writes each one.
     */
    private int cellsIn(ModuleField field, int region, ByteBuf out, int module) {
        if (field.occupied() == 0) {
            return 0;
        }
        int layer = region / (regionsWide * regionsHigh);
        int cx0 = region % regionsWide * BinaryState.REGION_SIZE;
        int cy0 = region / regionsWide % regionsHigh * BinaryState.REGION_SIZE;
        int count = 0;
        for (int y = cy0, yEnd = Math.min(size.height(), cy0 + BinaryState.REGION_SIZE); y < yEnd; y++) {
            for (int x = cx0, xEnd = Math.min(size.width(), cx0 + BinaryState.REGION_SIZE); x < xEnd; x++) {
                int value = field.valueAt(size.index(x, y, layer));
                if (value != 0) {
                    count++;
                    if (out != null) {
                        writeCell(out, module, x, y, value);
                    }
                }
            }
        }
        return count;
    }

    /**
     * Arrivals with the attributes a connection may not know, stays with the changed ones, changed cells with their
     * value now; nothing for a region where that is nothing.
     */
    private void encodeChange(World world, int region) {
        if (changeEncodedStamp[region] == broadcast) {
            return;
        }
        changeEncodedStamp[region] = broadcast;
        ByteBuf out = changeParts;
        changeStart[region] = out.writerIndex();
        int arrivals = 0;
        for (int e = arrivalHead[region]; e != NONE; e = entryNext[e]) {
            arrivals += unknownAttributes(world, entryValue[e]) > 0 ? 1 : 0;
        }
        int entities = arrivals + length(stayHead[region]);
        int cells = length(cellHead[region]);
        if (entities == 0 && cells == 0) {
            changeEnd[region] = out.writerIndex();
            return;
        }
        Varints.write(out, region);
        Varints.write(out, entities);
        for (int e = arrivalHead[region]; arrivals > 0 && e != NONE; e = entryNext[e]) {
            writeUnknownAttributes(out, world, entryValue[e]);
        }
        for (int e = stayHead[region]; e != NONE; e = entryNext[e]) {
            int slot = entryValue[e];
            Varints.write(out, world.idAt(slot));
            Varints.write(out, changedAttributes(world, slot));
            for (int a = 0; a < attributeCount; a++) {
                if (world.attributeAt(slot, a) != world.markedAttributeAt(slot, a)) {
                    Varints.write(out, a);
                    Varints.writeSigned(out, world.attributeAt(slot, a));
                }
            }
        }
        Varints.write(out, cells);
        for (int e = cellHead[region]; e != NONE; e = entryNext[e]) {
            int cell = entryValue[e];
            int module = entryModule[e];
            writeCell(out, module, cell % size.width(), cell / size.width() % size.height(),
                    world.moduleField(module).valueAt(cell));
        }
        changeEnd[region] = out.writerIndex();
    }

    /** Writes an entity's {@link #unknownAttributes}, if it has any. */
    private void writeUnknownAttributes(ByteBuf out, World world, int slot) {
        int count = unknownAttributes(world, slot);
        if (count == 0) {
            return;
        }
        Varints.write(out, world.idAt(slot));
        Varints.write(out, count);
        boolean marked = world.isMarkedAt(slot);
        for (int a = 0; a < attributeCount; a++) {
            int value = world.attributeAt(slot, a);
            if (value != defaults[a] || marked && value != world.markedAttributeAt(slot, a)) {
                Varints.write(out, a);
                Varints.writeSigned(out, value);
            }
        }
    }

    /**
     * How many of an entity's attributes a connection that sees it come into a region may hold wrong: those off their
     * default (a connection that never knew the entity holds the default) and those changed since the mark (one that
     * knew it holds the mark's value; an entity added since the mark nobody knew).
     */
    private int unknownAttributes(World world, int slot) {
        boolean marked = world.isMarkedAt(slot);
        int count = 0;
        for (int a = 0; a < attributeCount; a++) {
            int value = world.attributeAt(slot, a);
            count += value != defaults[a] || marked && value != world.markedAttributeAt(slot, a) ? 1 : 0;
        }
        return count;
    }

    private static void writeCell(ByteBuf out, int module, int x, int y, int value) {
        Varints.write(out, module);
        Varints.write(out, (y & (BinaryState.REGION_SIZE - 1)) * BinaryState.REGION_SIZE
                + (x & (BinaryState.REGION_SIZE - 1)));
        Varints.write(out, value);
    }

    private int changedAttributes(World world, int slot) {
        int changed = 0;
        for (int a = 0; a < attributeCount; a++) {
            changed += world.attributeAt(slot, a) != world.markedAttributeAt(slot, a) ? 1 : 0;
        }
        return changed;
    }

    private int regionOfCell(int cell) {
        int x = cell % size.width();
        int y = cell / size.width() % size.height();
        int layer = cell / (size.width() * size.height());
        return BinaryState.region(x, y, layer, regionsWide, regionsHigh);
    }

    private void link(int[] heads, int region, int value, int module) {
        if (changeStamp[region] != broadcast) {
            changeStamp[region] = broadcast;
            arrivalHead[region] = NONE;
            stayHead[region] = NONE;
            cellHead[region] = NONE;
        }
        if (entries == entryValue.length) {
            entryValue = Arrays.copyOf(entryValue, entries * 2);
            entryModule = Arrays.copyOf(entryModule, entries * 2);
            entryNext = Arrays.copyOf(entryNext, entries * 2);
        }
        entryValue[entries] = value;
        entryModule[entries] = module;
        entryNext[entries] = heads[region];
        heads[region] = entries++;
    }

    private int length(int head) {
        int n = 0;
        for (int e = head; e != NONE; e = entryNext[e]) {
            n++;
        }
        return n;
    }

    private static long[] stamps(int count) {
        long[] stamps = new long[count];
        Arrays.fill(stamps, -1);
        return stamps;
    }
}
