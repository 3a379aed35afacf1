package lor.world.game;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import lor.protocol.game.binary.BinaryState;
import lor.protocol.game.binary.Varints;
import lor.protocol.netty.ServerFrameHeader;
import lor.sim.grid.GridSize;
import lor.sim.world.EntityKind;
import lor.sim.world.World;

/**
 * Builds and writes {@link BinaryState} frames. Per broadcast it sorts the entities by region once and records, per
 * region, what changed since the previous broadcast (departures, arrivals, moves). The bytes that describe a region
 * (its snapshot, its changes) are encoded at most once per broadcast and copied into the frame of every connection
 * whose view holds it; a connection's own bytes are only its header and the list of regions its view left. The
 * changes of a row of regions are encoded back to back into one buffer, so the changes a view needs from that row are
 * one copy from it, not one per region. A connection whose previous frame was not written (new, or skipped while not
 * writable) gets a reset frame. Tick-thread confined.
 */
public final class BinaryStateBroadcaster {

    private final ByteBufAllocator alloc;
    private final int viewRadius;
    private final int regionsWide;
    private final int regionsHigh;
    private final int regionCount;
    private final UnwritableGuard unwritable;
    private final BinaryWorldWriter worldWriter;
    private final BinaryModuleWriter moduleWriter;

    // Current members of each region (slots), rebuilt per broadcast by counting sort.
    private final int[] memberStart;
    private int[] members = new int[64];
    // What changed per region since the previous broadcast: singly linked lists of entries, heads valid when the
    // region's stamp is this broadcast.
    private final long[] changeStamp;
    private final int[] departureHead;
    private final int[] arrivalHead;
    private final int[] moveHead;
    private int[] entryValue = new int[64];
    private int[] entryNext = new int[64];
    private int entries;
    // Encoded parts of this broadcast, shared by the connections that need them.
    private final long[] snapshotStamp;
    private final ByteBuf[] snapshots;
    // Per row of regions (layer * regionsHigh + ry): the changes of its regions back to back, and per region where its
    // changes start and end in that buffer and how many changed regions of the row come before it.
    private final long[] rowStamp;
    private final ByteBuf[] rows;
    private final int[] changeStart;
    private final int[] changeEnd;
    private final int[] changedBefore;
    private final List<ByteBuf> encoded = new ArrayList<>();
    private int[] scratch = new int[64];
    /** A connection's own bytes of the frame being built; on the heap, as nothing but a copy of it leaves. */
    private final ByteBuf head = Unpooled.buffer(256);
    private int[] fill;
    private long broadcast;
    private long partsEncoded;
    private long rowsEncoded;
    /** Every frame written: state frames and the world and modules frames before them. */
    private final FrameTally tally = new FrameTally();

    public BinaryStateBroadcaster(GridSize size, int viewRadius, ByteBufAllocator alloc) {
        this.alloc = alloc;
        this.viewRadius = viewRadius;
        this.worldWriter = new BinaryWorldWriter(alloc, tally);
        this.moduleWriter = new BinaryModuleWriter(size, alloc, tally);
        this.regionsWide = BinaryState.regionsWide(size.width());
        this.regionsHigh = BinaryState.regionsHigh(size.height());
        this.regionCount = regionsWide * regionsHigh * size.layers();
        this.memberStart = new int[regionCount + 1];
        this.changeStamp = new long[regionCount];
        Arrays.fill(changeStamp, -1);
        this.departureHead = new int[regionCount];
        this.arrivalHead = new int[regionCount];
        this.moveHead = new int[regionCount];
        this.snapshotStamp = new long[regionCount];
        Arrays.fill(snapshotStamp, -1);
        this.snapshots = new ByteBuf[regionCount];
        int rowCount = regionsHigh * size.layers();
        this.rowStamp = new long[rowCount];
        Arrays.fill(rowStamp, -1);
        this.rows = new ByteBuf[rowCount];
        this.changeStart = new int[regionCount];
        this.changeEnd = new int[regionCount];
        this.changedBefore = new int[regionCount];
        this.unwritable = new UnwritableGuard();
    }

    /**
     * Adds a frame for every binary session to {@code out}, the tick's, which the caller sends. Call
     * {@link World#markPositions()} after it (and after any other broadcaster that needs the previous marks): the
     * next broadcast's changes are relative to that mark.
     */
    public void broadcast(World world, Collection<PlayerSession> sessions, long nowNanos, BroadcastBatch out) {
        broadcast++;
        boolean any = false;
        for (PlayerSession session : sessions) {
            any |= session.binary();
        }
        if (!any) {
            return;
        }
        sortMembers(world);
        moduleWriter.begin(world, broadcast, memberStart, members);
        recordChanges(world);
        try {
            for (PlayerSession session : sessions) {
                if (session.binary() && unwritable.allows(session, nowNanos)) {
                    writeFrame(world, session, out);
                }
            }
        } finally {
            for (ByteBuf part : encoded) {
                part.release();
            }
            encoded.clear();
        }
    }

    /** Region parts encoded since start: each is shared by every connection whose view holds its region. */
    public long partsEncoded() {
        return partsEncoded;
    }

    /** The parts among {@link #partsEncoded()} that hold a row's changes (the others are region snapshots). */
    long rowsEncoded() {
        return rowsEncoded;
    }

    /** State frames, world frames and modules frames written. */
    public long framesWritten() {
        return tally.frames();
    }

    /** Bytes of every frame written, shared parts counted once per frame (what went on the wire). */
    public long bytesWritten() {
        return tally.bytes();
    }

    private void writeFrame(World world, PlayerSession session, BroadcastBatch out) {
        int slot = world.slotOf(session.entityId());
        if (slot < 0) {
            return;
        }
        int layer = world.layerAt(slot);
        int x0 = Math.max(0, (world.xAt(slot) - viewRadius) >> BinaryState.REGION_SHIFT);
        int y0 = Math.max(0, (world.yAt(slot) - viewRadius) >> BinaryState.REGION_SHIFT);
        int x1 = Math.min(regionsWide - 1, (world.xAt(slot) + viewRadius) >> BinaryState.REGION_SHIFT);
        int y1 = Math.min(regionsHigh - 1, (world.yAt(slot) + viewRadius) >> BinaryState.REGION_SHIFT);
        boolean reset = session.lastBroadcastWritten() != broadcast - 1 || session.viewLayer() != layer;
        // The objects of a world with content and the modules' values go first, so that the state frame finds them
        // applied.
        worldWriter.write(world, session, layer, x0, y0, x1, y1, reset, out);
        moduleWriter.write(world, session, layer, x0, y0, x1, y1, reset, out);

        // The connection's own bytes: header, the regions that left its view, and the count of those that entered.
        ByteBuf head = this.head.clear();
        head.writeByte(BinaryState.KIND_STATE);
        Varints.write(head, world.tick());
        Varints.write(head, session.ack());
        head.writeByte(reset ? BinaryState.FLAG_RESET : 0);
        int left = 0;
        if (!reset) {
            for (int ry = session.viewY0(); ry <= session.viewY1(); ry++) {
                for (int rx = session.viewX0(); rx <= session.viewX1(); rx++) {
                    if (rx < x0 || rx > x1 || ry < y0 || ry > y1) {
                        scratchPut(left++, region(rx, ry, layer));
                    }
                }
            }
        }
        Varints.write(head, left);
        for (int i = 0; i < left; i++) {
            Varints.write(head, scratch[i]);
        }
        int entered = 0;
        for (int ry = y0; ry <= y1; ry++) {
            for (int rx = x0; rx <= x1; rx++) {
                int region = region(rx, ry, layer);
                if ((reset || !session.viewed(layer, rx, ry)) && memberStart[region + 1] > memberStart[region]) {
                    scratchPut(entered++, region);
                }
            }
        }
        Varints.write(head, entered);
        // Regions still in view: per row, the columns both views share (one contiguous run, as both are rectangles).
        int keptX0 = reset ? 1 : Math.max(x0, session.viewX0());
        int keptX1 = reset ? 0 : Math.min(x1, session.viewX1());
        int keptY0 = Math.max(y0, session.viewY0());
        int keptY1 = Math.min(y1, session.viewY1());
        int changed = 0;
        if (keptX0 <= keptX1) {
            for (int ry = keptY0; ry <= keptY1; ry++) {
                row(world, layer, ry);
                int last = region(keptX1, ry, layer);
                changed += changedBefore[last] + (changeStamp[last] == broadcast ? 1 : 0)
                        - changedBefore[region(keptX0, ry, layer)];
            }
        }

        int length = head.readableBytes() + Varints.size(changed);
        for (int i = 0; i < entered; i++) {
            length += snapshot(world, scratch[i]).readableBytes();
        }
        if (keptX0 <= keptX1) {
            for (int ry = keptY0; ry <= keptY1; ry++) {
                length += Math.max(0, changeEnd[region(keptX1, ry, layer)] - changeStart[region(keptX0, ry, layer)]);
            }
        }
        // One buffer of its own per frame, the shared parts copied in: a few hundred bytes copy for less than a
        // composite of slices costs to build, to release and to hand the socket part by part. Room in front for the
        // WebSocket frame header, which the connection writes once it is sent.
        ByteBuf frame = alloc.buffer(ServerFrameHeader.MAX_BYTES + length);
        frame.setIndex(ServerFrameHeader.MAX_BYTES, ServerFrameHeader.MAX_BYTES);
        append(frame, head, head.readerIndex(), head.readableBytes());
        for (int i = 0; i < entered; i++) {
            ByteBuf snapshot = snapshot(world, scratch[i]);
            append(frame, snapshot, snapshot.readerIndex(), snapshot.readableBytes());
        }
        Varints.write(frame, changed);
        if (keptX0 <= keptX1) {
            for (int ry = keptY0; ry <= keptY1; ry++) {
                int from = changeStart[region(keptX0, ry, layer)];
                int to = changeEnd[region(keptX1, ry, layer)];
                if (to > from) {
                    append(frame, rows[layer * regionsHigh + ry], from, to - from);
                }
            }
        }
        tally.send(out, session, frame);
        session.wrote(broadcast, layer, x0, y0, x1, y1);
    }

    /** Copies {@code length} bytes of {@code part} from {@code index} to the end of {@code frame}, buffer to buffer. */
    private static void append(ByteBuf frame, ByteBuf part, int index, int length) {
        part.getBytes(index, frame, frame.writerIndex(), length);
        frame.writerIndex(frame.writerIndex() + length);
    }

    /** Counting sort of the live entities by their current region. */
    private void sortMembers(World world) {
        Arrays.fill(memberStart, 0);
        int live = 0;
        int count = world.slotCount();
        for (int slot = 0; slot < count; slot++) {
            if (world.isLive(slot)) {
                memberStart[currentRegion(world, slot) + 1]++;
                live++;
            }
        }
        for (int r = 1; r <= regionCount; r++) {
            memberStart[r] += memberStart[r - 1];
        }
        if (members.length < live) {
            members = new int[Math.max(live, members.length * 2)];
        }
        int[] fill = scratchOfSize(regionCount);
        System.arraycopy(memberStart, 0, fill, 0, regionCount);
        for (int slot = 0; slot < count; slot++) {
            if (world.isLive(slot)) {
                members[fill[currentRegion(world, slot)]++] = slot;
            }
        }
    }

    private void recordChanges(World world) {
        entries = 0;
        int count = world.slotCount();
        for (int slot = 0; slot < count; slot++) {
            if (!world.isLive(slot)) {
                continue;
            }
            int now = currentRegion(world, slot);
            if (!world.isMarkedAt(slot)) {
                link(arrivalHead, now, slot);
                moduleWriter.arrived(now, slot);
                continue;
            }
            int before = BinaryState.region(world.markedXAt(slot), world.markedYAt(slot), world.markedLayerAt(slot),
                    regionsWide, regionsHigh);
            if (before != now) {
                link(departureHead, before, world.idAt(slot));
                link(arrivalHead, now, slot);
                moduleWriter.arrived(now, slot);
                continue;
            }
            if (world.xAt(slot) != world.markedXAt(slot) || world.yAt(slot) != world.markedYAt(slot)) {
                link(moveHead, now, slot);
            }
            moduleWriter.stayed(world, now, slot);
        }
        GridSize size = world.grid().size();
        for (int i = 0; i < world.removedSinceMark(); i++) {
            int cell = world.removedCellAt(i);
            int x = cell % size.width();
            int y = (cell / size.width()) % size.height();
            int layer = cell / (size.width() * size.height());
            link(departureHead, BinaryState.region(x, y, layer, regionsWide, regionsHigh), world.removedIdAt(i));
        }
    }

    private void link(int[] heads, int region, int value) {
        if (changeStamp[region] != broadcast) {
            changeStamp[region] = broadcast;
            departureHead[region] = -1;
            arrivalHead[region] = -1;
            moveHead[region] = -1;
        }
        if (entries == entryValue.length) {
            entryValue = Arrays.copyOf(entryValue, entries * 2);
            entryNext = Arrays.copyOf(entryNext, entries * 2);
        }
        entryValue[entries] = value;
        entryNext[entries] = heads[region];
        heads[region] = entries++;
    }

    private ByteBuf snapshot(World world, int region) {
        if (snapshotStamp[region] == broadcast) {
            return snapshots[region];
        }
        int start = memberStart[region];
        int end = memberStart[region + 1];
        ByteBuf out = alloc.buffer(8 + (end - start) * 12);
        Varints.write(out, region);
        Varints.write(out, end - start);
        for (int i = start; i < end; i++) {
            writeEntity(out, world, members[i]);
        }
        return keep(snapshots, snapshotStamp, region, out);
    }

    /**
     * Encodes, once per broadcast, the changes of every region of row {@code ry} back to back, and notes where each
     * region's changes start and end in that buffer and how many changed regions of the row come before it.
     */
    private void row(World world, int layer, int ry) {
        int row = layer * regionsHigh + ry;
        if (rowStamp[row] == broadcast) {
            return;
        }
        ByteBuf out = alloc.buffer(64);
        int first = region(0, ry, layer);
        int changedSoFar = 0;
        for (int rx = 0; rx < regionsWide; rx++) {
            int region = first + rx;
            changeStart[region] = out.writerIndex();
            changedBefore[region] = changedSoFar;
            if (changeStamp[region] == broadcast) {
                writeChanges(out, world, region);
                changedSoFar++;
            }
            changeEnd[region] = out.writerIndex();
        }
        rows[row] = out;
        rowStamp[row] = broadcast;
        encoded.add(out);
        partsEncoded++;
        rowsEncoded++;
    }

    private void writeChanges(ByteBuf out, World world, int region) {
        Varints.write(out, region);
        Varints.write(out, length(departureHead[region]));
        for (int e = departureHead[region]; e >= 0; e = entryNext[e]) {
            Varints.write(out, entryValue[e]);
        }
        Varints.write(out, length(arrivalHead[region]));
        for (int e = arrivalHead[region]; e >= 0; e = entryNext[e]) {
            writeEntity(out, world, entryValue[e]);
        }
        Varints.write(out, length(moveHead[region]));
        for (int e = moveHead[region]; e >= 0; e = entryNext[e]) {
            int slot = entryValue[e];
            Varints.write(out, world.idAt(slot));
            Varints.writeSigned(out, world.xAt(slot) - world.markedXAt(slot));
            Varints.writeSigned(out, world.yAt(slot) - world.markedYAt(slot));
        }
    }

    private ByteBuf keep(ByteBuf[] cache, long[] stamps, int region, ByteBuf part) {
        cache[region] = part;
        stamps[region] = broadcast;
        encoded.add(part);
        partsEncoded++;
        return part;
    }

    private int length(int head) {
        int n = 0;
        for (int e = head; e >= 0; e = entryNext[e]) {
            n++;
        }
        return n;
    }

    private static void writeEntity(ByteBuf out, World world, int slot) {
        Varints.write(out, world.idAt(slot));
        Varints.write(out, world.xAt(slot));
        Varints.write(out, world.yAt(slot));
        Varints.write(out, world.layerAt(slot));
        out.writeByte(world.kindAt(slot) == EntityKind.PLAYER ? BinaryState.ENTITY_PLAYER : BinaryState.ENTITY_NPC);
    }

    private int currentRegion(World world, int slot) {
        return BinaryState.region(world.xAt(slot), world.yAt(slot), world.layerAt(slot), regionsWide, regionsHigh);
    }

    private int region(int rx, int ry, int layer) {
        return (layer * regionsHigh + ry) * regionsWide + rx;
    }

    private void scratchPut(int i, int value) {
        if (i >= scratch.length) {
            scratch = Arrays.copyOf(scratch, scratch.length * 2);
        }
        scratch[i] = value;
    }

    private int[] scratchOfSize(int size) {
        if (fill == null || fill.length < size) {
            fill = new int[size];
        }
        return fill;
    }
}
