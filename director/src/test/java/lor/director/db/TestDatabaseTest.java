package lor.director.db;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The fixture's URL rewriting, the one part of its external-server path that no CI run here exercises. */
class TestDatabaseTest {

    @Test
    void replacesTheDatabaseAndKeepsHostsAndParameters() {
        assertThat(TestDatabase.withDatabase("jdbc:postgresql://db.example:5433/postgres?sslmode=require&x=1",
                "lor_test_1_2")).isEqualTo("jdbc:postgresql://db.example:5433/lor_test_1_2?sslmode=require&x=1");
        assertThat(TestDatabase.withDatabase("jdbc:postgresql://a:5432,b:5432/lor", "lor_test_3"))
                .isEqualTo("jdbc:postgresql://a:5432,b:5432/lor_test_3");
    }

    @Test
    void addsADatabaseToAUrlWithoutOne() {
        assertThat(TestDatabase.withDatabase("jdbc:postgresql://localhost", "lor_test_4"))
                .isEqualTo("jdbc:postgresql://localhost/lor_test_4");
        assertThat(TestDatabase.withDatabase("jdbc:postgresql://localhost:5432?user=me", "lor_test_5"))
                .isEqualTo("jdbc:postgresql://localhost:5432/lor_test_5?user=me");
    }

    @Test
    void refusesAUrlOfAnotherDriver() {
        assertThatThrownBy(() -> TestDatabase.withDatabase("jdbc:mysql://localhost/x", "lor_test_6"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(TestDatabase.URL_ENV);
    }
}
