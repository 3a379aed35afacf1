package lor.protocol.game.binary;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Unsigned LEB128 and zigzag varints, on known bytes and in round trips. */
class VarintsTest {

    @ParameterizedTest
    @CsvSource({
        "0, 00",
        "1, 01",
        "127, 7f",
        "128, 8001",
        "300, ac02",
        "16383, ff7f",
        "16384, 808001",
        "2147483647, ffffffff07",
        "9223372036854775807, ffffffffffffffff7f",
        "-1, ffffffffffffffffff01",
        "-9223372036854775808, 80808080808080808001"})
    void writesUnsignedLeb128(long value, String hex) {
        ByteBuf out = Unpooled.buffer();

        Varints.write(out, value);

        assertThat(ByteBufUtil.hexDump(out)).isEqualTo(hex);
        assertThat(Varints.size(value)).isEqualTo(hex.length() / 2);
        assertThat(Varints.read(out)).isEqualTo(value);
        assertThat(out.isReadable()).isFalse();
    }

    @ParameterizedTest
    @CsvSource({
        "0, 00",
        "-1, 01",
        "1, 02",
        "-2, 03",
        "2, 04",
        "-64, 7f",
        "64, 8001",
        "9223372036854775807, feffffffffffffffff01",
        "-9223372036854775808, ffffffffffffffffff01"})
    void writesSignedValuesZigzagCoded(long value, String hex) {
        ByteBuf out = Unpooled.buffer();

        Varints.writeSigned(out, value);

        assertThat(ByteBufUtil.hexDump(out)).isEqualTo(hex);
        assertThat(Varints.readSigned(out)).isEqualTo(value);
    }

    @Property(tries = 2000, seed = "5")
    void roundTripsEveryLong(@ForAll long value) {
        ByteBuf out = Unpooled.buffer();

        Varints.write(out, value);

        assertThat(out.readableBytes()).isEqualTo(Varints.size(value)).isBetween(1, 10);
        assertThat(Varints.read(out)).isEqualTo(value);
        assertThat(out.isReadable()).isFalse();
    }

    @Property(tries = 2000, seed = "5")
    void roundTripsEverySignedLong(@ForAll long value) {
        ByteBuf out = Unpooled.buffer();

        Varints.writeSigned(out, value);

        assertThat(Varints.readSigned(out)).isEqualTo(value);
        assertThat(out.isReadable()).isFalse();
    }

    @Property(tries = 500, seed = "5")
    void smallDeltasTakeOneByteWhateverTheirSign(@ForAll @net.jqwik.api.constraints.IntRange(min = -64, max = 63)
                                                 int delta) {
        ByteBuf out = Unpooled.buffer();

        Varints.writeSigned(out, delta);

        assertThat(out.readableBytes()).isEqualTo(1);
    }

    @Test
    void readsConsecutiveValuesFromOneBuffer() {
        ByteBuf in = Unpooled.wrappedBuffer(new byte[] {(byte) 0xac, 0x02, 0x05, 0x03});

        assertThat(Varints.read(in)).isEqualTo(300);
        assertThat(Varints.readInt(in)).isEqualTo(5);
        assertThat(Varints.readSigned(in)).isEqualTo(-2);
        assertThat(in.isReadable()).isFalse();
    }

    @Test
    void refusesAnEmptyBuffer() {
        assertThatThrownBy(() -> Varints.read(Unpooled.EMPTY_BUFFER))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("truncated varint");
    }

    @Test
    void refusesAVarintCutAfterAContinuationByte() {
        ByteBuf in = Unpooled.wrappedBuffer(new byte[] {(byte) 0xac, (byte) 0x82});

        assertThatThrownBy(() -> Varints.read(in))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("truncated varint");
    }

    @Test
    void refusesAVarintLongerThanTenBytes() {
        ByteBuf in = Unpooled.buffer();
        for (int i = 0; i < 10; i++) {
            in.writeByte(0x80);
        }
        in.writeByte(0x01);

        assertThatThrownBy(() -> Varints.read(in))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("varint longer than 64 bits");
    }

    @Test
    void readIntAcceptsTheLargestInt() {
        ByteBuf in = Unpooled.buffer();
        Varints.write(in, Integer.MAX_VALUE);

        assertThat(Varints.readInt(in)).isEqualTo(Integer.MAX_VALUE);
    }

    @Test
    void readIntRefusesAValueBeyondThirtyOneBits() {
        ByteBuf in = Unpooled.buffer();
        Varints.write(in, Integer.MAX_VALUE + 1L);

        assertThatThrownBy(() -> Varints.readInt(in))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("value out of int range");
    }

    @Test
    void readIntRefusesAValueWithTheSixtyFourthBitSet() {
        // 2^64 - 1 reads back as the long -1: it is far out of int range and must not become a negative count.
        ByteBuf in = Unpooled.buffer();
        Varints.write(in, -1L);

        assertThatThrownBy(() -> Varints.readInt(in))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("value out of int range");
    }
}
