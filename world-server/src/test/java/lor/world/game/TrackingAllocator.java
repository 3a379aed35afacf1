package lor.world.game;

import java.util.ArrayList;
import java.util.List;

import io.netty.buffer.AbstractByteBufAllocator;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.CompositeByteBuf;
import io.netty.buffer.UnpooledHeapByteBuf;

/**
 * An unpooled heap allocator that remembers every buffer it hands out, so a test can tell exactly which buffers
 * are still referenced once it has let go of everything it was given.
 */
final class TrackingAllocator extends AbstractByteBufAllocator {

    private final List<ByteBuf> plain = new ArrayList<>();
    private final List<CompositeByteBuf> composites = new ArrayList<>();

    TrackingAllocator() {
        super(false);
    }

    @Override
    protected ByteBuf newHeapBuffer(int initialCapacity, int maxCapacity) {
        ByteBuf buffer = new UnpooledHeapByteBuf(this, initialCapacity, maxCapacity);
        plain.add(buffer);
        return buffer;
    }

    @Override
    protected ByteBuf newDirectBuffer(int initialCapacity, int maxCapacity) {
        return newHeapBuffer(initialCapacity, maxCapacity);
    }

    @Override
    public CompositeByteBuf compositeHeapBuffer(int maxNumComponents) {
        CompositeByteBuf composite = super.compositeHeapBuffer(maxNumComponents);
        composites.add(composite);
        return composite;
    }

    @Override
    public CompositeByteBuf compositeDirectBuffer(int maxNumComponents) {
        return compositeHeapBuffer(maxNumComponents);
    }

    @Override
    public boolean isDirectBufferPooled() {
        return false;
    }

    /** Every non-composite buffer allocated so far (heads and bodies, for the broadcaster). */
    List<ByteBuf> plainBuffers() {
        return List.copyOf(plain);
    }

    List<CompositeByteBuf> composites() {
        return List.copyOf(composites);
    }

    /** Buffers of any kind that are still referenced. */
    List<ByteBuf> unreleased() {
        List<ByteBuf> live = new ArrayList<>();
        plain.stream().filter(b -> b.refCnt() > 0).forEach(live::add);
        composites.stream().filter(b -> b.refCnt() > 0).forEach(live::add);
        return live;
    }
}
