package io.h2scope.engine.http;

import static io.h2scope.engine.http.Blocks.STREAM;
import static io.h2scope.engine.http.Blocks.assertMalformed;
import static io.h2scope.engine.http.Blocks.fields;
import static io.h2scope.engine.http.Blocks.get;
import static io.h2scope.engine.http.Blocks.ok;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** RFC 9113 §8.2.2 connection-specific fields (H2-ATTACKS SEC-19, H2.TE). */
class ConnectionSpecificFieldsTest {

    private final MessageValidator validator = new MessageValidator(ValidationOptions.defaults());

    @ParameterizedTest
    @ValueSource(strings = {"connection", "proxy-connection", "keep-alive", "transfer-encoding", "upgrade"})
    void connectionSpecificField_rfc9113_8_2_2(String name) {
        assertMalformed("8.2.2", () -> validator.request(STREAM, get(name, "x")));
        assertMalformed("8.2.2", () -> validator.response(STREAM, ok(name, "x")));
        assertMalformed("8.2.2", () -> validator.trailers(STREAM, fields(name, "x")));
    }

    @Test
    void transferEncodingChunked_sec19_rfc9113_8_2_2() {
        assertMalformed("8.2.2", () -> validator.request(STREAM, fields(":method", "POST", ":scheme", "https",
                ":path", "/", "transfer-encoding", "chunked")));
    }

    @Test
    void teOtherThanTrailers_rfc9113_8_2_2() {
        assertEquals("trailers", validator.request(STREAM, get("te", "trailers")).header("te"));
        validator.request(STREAM, get("te", "Trailers"));
        assertMalformed("8.2.2", () -> validator.request(STREAM, get("te", "gzip")));
        assertMalformed("8.2.2", () -> validator.request(STREAM, get("te", "trailers, deflate")));
        assertMalformed("8.2.2", () -> validator.request(STREAM, get("te", "")));
    }

    @Test
    void namesOfTheSameLengthAreNotConfused_rfc9113_8_2_2() {
        // 7, 10, 16 and 17 characters long, like upgrade, connection, proxy-connection, transfer-encoding
        validator.request(STREAM, get("referer", "https://a/", "user-agent", "x", "x-forwarded-host", "a",
                "x-forwarded-proto", "https", "x-keep-alive", "1"));
    }
}
