package lor.world.game;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.CompositeByteBuf;
import io.netty.buffer.Unpooled;
import lor.sim.module.AttributeSpec;
import lor.sim.world.EntityKind;
import lor.sim.world.World;

/**
 * Builds and writes the 10 Hz {@code state} frames. A frame is three parts: a small per-connection head (tick and
 * ack), the body (the entities in view), and a constant tail. Each distinct body is encoded once per broadcast and
 * shared, as a retained duplicate inside a composite buffer, by every connection that sees exactly those entities;
 * no connection copies another's bytes. A connection that is not writable skips the broadcast (latest state wins)
 * and is cut off when it is not reading ({@link UnwritableGuard}). Tick-thread confined.
 */
public final class StateBroadcaster {

    static final long UNWRITABLE_LIMIT_NANOS = UnwritableGuard.LIMIT_NANOS;

    private static final byte[] HEAD_START = "{\"type\":\"state\",\"tick\":".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] HEAD_ACK = ",\"ack\":".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] HEAD_END = ",\"entities\":[".getBytes(StandardCharsets.US_ASCII);
    private static final ByteBuf TAIL = Unpooled.unreleasableBuffer(
            Unpooled.wrappedBuffer("]}".getBytes(StandardCharsets.US_ASCII)).asReadOnly());
    private static final byte[] ID = "{\"id\":".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] X = ",\"x\":".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] Y = ",\"y\":".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] LAYER = ",\"layer\":".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KIND_PLAYER = ",\"kind\":\"player\"}".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KIND_NPC = ",\"kind\":\"npc\"}".getBytes(StandardCharsets.US_ASCII);
    /** In a world with module attributes the entity goes on: its {@code attrs} close it. */
    private static final byte[] KIND_PLAYER_OPEN = ",\"kind\":\"player\"".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KIND_NPC_OPEN = ",\"kind\":\"npc\"".getBytes(StandardCharsets.US_ASCII);

    private static final byte[] ATTRS_END = "}}".getBytes(StandardCharsets.US_ASCII);

    private final int viewRadius;
    private final ByteBufAllocator alloc;
    /** Each module attribute's name with what comes before it: {@code ,"attrs":{"hp":} then {@code ,"mana":}. */
    private byte[][] attributeNames = new byte[0][];
    private final Map<Long, List<Body>> bodies = new HashMap<>();
    private final UnwritableGuard unwritable = new UnwritableGuard();
    private final WorldPartsWriter worldParts;
    private int[] slots;
    private long bodiesEncoded;
    private long framesWritten;
    private long bytesWritten;

    public StateBroadcaster(int viewRadius, ByteBufAllocator alloc) {
        this.viewRadius = viewRadius;
        this.alloc = alloc;
        this.worldParts = new WorldPartsWriter(viewRadius, alloc);
        int side = 2 * viewRadius + 1;
        this.slots = new int[side * side];
    }

    /** A distinct set of entities in view, encoded once. */
    private record Body(int[] ids, ByteBuf bytes) {
    }

    /** Adds a frame for every JSON session to {@code out}, the tick's, which the caller sends. */
    public void broadcast(World world, Collection<PlayerSession> sessions, long nowNanos, BroadcastBatch out) {
        if (attributeNames.length != world.modules().attributeCount()) {
            attributeNames = attributeNames(world.modules().attributes());
        }
        try {
            for (PlayerSession session : sessions) {
                if (session.binary() || !unwritable.allows(session, nowNanos)) {
                    continue;
                }
                PlayerConnection connection = session.connection();
                int slot = world.slotOf(session.entityId());
                if (slot < 0) {
                    continue;
                }
                int count = world.entitiesNear(world.xAt(slot), world.yAt(slot), world.layerAt(slot), viewRadius,
                        slots);
                ByteBuf body = bodyFor(world, count);
                CompositeByteBuf frame = alloc.compositeBuffer(4);
                frame.addComponents(true, head(world.tick(), session.ack()), body.retainedDuplicate());
                if (!world.pack().isEmpty()) {
                    int x = world.xAt(slot);
                    int y = world.yAt(slot);
                    int layer = world.layerAt(slot);
                    frame.addComponents(true, worldParts.objectsAndClock(world, x, y, layer).retainedDuplicate(),
                            worldParts.playerPart(world, session, x, y, layer));
                } else {
                    frame.addComponent(true, TAIL.duplicate());
                }
                bytesWritten += frame.readableBytes();
                out.add(connection, frame, false);
                framesWritten++;
            }
        } finally {
            for (List<Body> same : bodies.values()) {
                for (Body b : same) {
                    b.bytes().release();
                }
            }
            bodies.clear();
            worldParts.clear();
        }
    }

    private static byte[][] attributeNames(List<AttributeSpec> attributes) {
        byte[][] names = new byte[attributes.size()][];
        for (int a = 0; a < names.length; a++) {
            String name = (a == 0 ? ",\"attrs\":{\"" : ",\"") + attributes.get(a).name() + "\":";
            names[a] = name.getBytes(StandardCharsets.US_ASCII);
        }
        return names;
    }

    /** Bodies encoded since start: fewer than frames written when connections share a view. */
    long bodiesEncoded() {
        return bodiesEncoded;
    }

    public long framesWritten() {
        return framesWritten;
    }

    /** Bytes of every frame written (what went on the wire, WebSocket framing aside). */
    public long bytesWritten() {
        return bytesWritten;
    }

    private ByteBuf bodyFor(World world, int count) {
        int[] ids = new int[count];
        long hash = 0xcbf29ce484222325L;
        for (int i = 0; i < count; i++) {
            ids[i] = world.idAt(slots[i]);
            hash = (hash ^ ids[i]) * 0x100000001b3L;
        }
        List<Body> candidates = bodies.computeIfAbsent(hash, h -> new ArrayList<>(1));
        for (Body candidate : candidates) {
            if (Arrays.equals(candidate.ids(), ids)) {
                return candidate.bytes();
            }
        }
        ByteBuf bytes = alloc.buffer(count * 48 + 8);
        for (int i = 0; i < count; i++) {
            int slot = slots[i];
            if (i > 0) {
                bytes.writeByte(',');
            }
            bytes.writeBytes(ID);
            writeNumber(bytes, world.idAt(slot));
            bytes.writeBytes(X);
            writeNumber(bytes, world.xAt(slot));
            bytes.writeBytes(Y);
            writeNumber(bytes, world.yAt(slot));
            bytes.writeBytes(LAYER);
            writeNumber(bytes, world.layerAt(slot));
            boolean player = world.kindAt(slot) == EntityKind.PLAYER;
            if (attributeNames.length == 0) {
                bytes.writeBytes(player ? KIND_PLAYER : KIND_NPC);
            } else {
                bytes.writeBytes(player ? KIND_PLAYER_OPEN : KIND_NPC_OPEN);
                writeAttributes(bytes, world, slot);
            }
        }
        candidates.add(new Body(ids, bytes));
        bodiesEncoded++;
        return bytes;
    }

    /** {@code ,"attrs":{"hp":100}} and the entity's closing brace. */
    private void writeAttributes(ByteBuf bytes, World world, int slot) {
        for (int a = 0; a < attributeNames.length; a++) {
            bytes.writeBytes(attributeNames[a]);
            writeNumber(bytes, world.attributeAt(slot, a));
        }
        bytes.writeBytes(ATTRS_END);
    }

    private ByteBuf head(long tick, long ack) {
        ByteBuf head = alloc.buffer(64);
        head.writeBytes(HEAD_START);
        writeNumber(head, tick);
        head.writeBytes(HEAD_ACK);
        writeNumber(head, ack);
        head.writeBytes(HEAD_END);
        return head;
    }

    /** Decimal ASCII without allocating a String. */
    static void writeNumber(ByteBuf out, long value) {
        if (value < 0) {
            out.writeByte('-');
            if (value == Long.MIN_VALUE) {
                out.writeCharSequence("9223372036854775808", StandardCharsets.US_ASCII);
                return;
            }
            value = -value;
        }
        if (value < 10) {
            out.writeByte('0' + (int) value);
            return;
        }
        int start = out.writerIndex();
        while (value > 0) {
            out.writeByte('0' + (int) (value % 10));
            value /= 10;
        }
        // Digits went in least significant first: reverse them in place.
        for (int i = start, j = out.writerIndex() - 1; i < j; i++, j--) {
            byte tmp = out.getByte(i);
            out.setByte(i, out.getByte(j));
            out.setByte(j, tmp);
        }
    }
}
