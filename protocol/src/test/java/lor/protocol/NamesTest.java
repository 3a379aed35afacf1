package lor.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class NamesTest {

    @Test
    void identifiersTakeTheirDocumentedFormsOnly() {
        assertThat(Names.isWorldId("start")).isTrue();
        assertThat(Names.isWorldId("a".repeat(32))).isTrue();
        assertThat(Names.isWorldId("a".repeat(33))).isFalse();
        assertThat(Names.isWorldId("Start")).isFalse();
        assertThat(Names.isWorldId("start\u0000")).isFalse();
        assertThat(Names.isWorldId("")).isFalse();
        assertThat(Names.isWorldId(null)).isFalse();
        assertThat(Names.isTemplateId("a".repeat(24))).isTrue();
        assertThat(Names.isTemplateId("a".repeat(25))).isFalse();
        assertThat(Names.isUsername("Ab_-9")).isTrue();
        assertThat(Names.isUsername("ab")).isFalse();
        assertThat(Names.isUsername("a b c")).isFalse();
        assertThat(Names.isContentName("default")).isTrue();
        assertThat(Names.isContentName("../default")).isFalse();
        assertThat(Names.isToken("A".repeat(43))).isTrue();
        assertThat(Names.isToken("A".repeat(42) + "=")).isFalse();
        assertThat(Names.isToken("A".repeat(44))).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"Start", "  The Meadow  ", "Stärt", "世界", "' OR '1'='1", "{\"type\":1}", "😀 party",
            "a\u0301"})
    void displayNamesArePrintableText(String name) {
        assertThat(Names.isDisplayName(name)).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "   ", "a\u0000b", "a\u0007", "tab\there", "a\u202eb", "a\u200fb", "\ufeffa",
            "a\u2028b", "a\u0085", "a\ufffe", "a\uffff", "a\ufdd0", "a\ue000", "\ud800a", "a\udc00", "\udbff\udfff"})
    void displayNamesRefuseControlsFormatsSurrogatesAndNonCharacters(String name) {
        assertThat(Names.isDisplayName(name)).isFalse();
    }

    @Test
    void displayNamesCountCharactersNotUtf16Units() {
        assertThat(Names.isDisplayName("😀".repeat(64))).isTrue();
        assertThat(Names.isDisplayName("😀".repeat(65))).isFalse();
        assertThat(Names.isDisplayName("a".repeat(64))).isTrue();
        assertThat(Names.isDisplayName("a".repeat(65))).isFalse();
    }

    @Test
    void findsSurrogatesWithoutTheirPair() {
        assertThat(Names.hasUnpairedSurrogate("a\ud83d\ude00b")).isFalse();
        assertThat(Names.hasUnpairedSurrogate("\ud83d")).isTrue();
        assertThat(Names.hasUnpairedSurrogate("\ude00\ud83d")).isTrue();
        assertThat(Names.hasUnpairedSurrogate("x\ude00")).isTrue();
    }

    @Test
    void shortensWithoutSplittingAPair() {
        assertThat(Names.shorten("abc", 3)).isEqualTo("abc");
        assertThat(Names.shorten("abcd", 3)).isEqualTo("abc…");
        assertThat(Names.shorten("ab\ud83d\ude00", 3)).isEqualTo("ab…");
    }
}
