package io.h2scope.engine.http;

import static io.h2scope.engine.http.Blocks.STREAM;
import static io.h2scope.engine.http.Blocks.assertMalformed;
import static io.h2scope.engine.http.Blocks.fields;
import static io.h2scope.engine.http.Blocks.ok;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.hpack.HeaderField;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** RFC 9113 §8.3.2 responses, §8.1 interim responses and trailers, §8.6 no 101. */
class ResponseAndTrailersTest {

    private final MessageValidator validator = new MessageValidator(ValidationOptions.defaults());

    @Test
    void validResponse_rfc9113_8_3_2() {
        ResponseHead head = validator.response(STREAM, ok("content-type", "text/html", "content-length", "42"));
        assertEquals(200, head.status());
        assertEquals(42, head.contentLength());
        assertEquals("text/html", head.header("content-type"));
        assertEquals(List.of("content-type", "content-length"), head.fields().stream().map(HeaderField::name).toList());
        assertFalse(head.informational());
        assertTrue(validator.response(STREAM, fields(":status", "103", "link", "</s.css>; rel=preload")).informational());
    }

    @Test
    void missingStatus_rfc9113_8_3_2() {
        assertMalformed("8.3.2", () -> validator.response(STREAM, fields("content-type", "text/html")));
        assertMalformed("8.3.2", () -> validator.response(STREAM, fields()));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "20", "2000", "20x", "+20", "099", "600", "999", "200 OK"})
    void statusNotAThreeDigitCode_rfc9113_8_3_2(String status) {
        assertMalformed("8.3.2", () -> validator.response(STREAM, fields(":status", status)));
    }

    @Test
    void requestPseudoHeaderInResponse_rfc9113_8_3() {
        assertMalformed("8.3", () -> validator.response(STREAM, fields(":status", "200", ":path", "/")));
        assertMalformed("8.3", () -> validator.response(STREAM, fields(":method", "GET", ":status", "200")));
        assertMalformed("8.3", () -> validator.response(STREAM, fields(":status", "200", ":status", "204")));
        assertMalformed("8.3", () -> validator.response(STREAM, fields(":status", "200", "server", "x", ":status", "200")));
        assertMalformed("8.3", () -> validator.response(STREAM, fields(":status", "200", ":reason", "OK")));
    }

    @Test
    void informationalWithEndStream_rfc9113_8_1() {
        assertMalformed("8.1", () -> validator.response(STREAM, fields(":status", "100"), true));
        assertEquals(204, validator.response(STREAM, fields(":status", "204"), true).status());
    }

    @Test
    void switchingProtocols_rfc9113_8_6() {
        assertMalformed("8.6", () -> validator.response(STREAM, fields(":status", "101", "upgrade", "h2c").subList(0, 1)));
    }

    @Test
    void pseudoHeaderInTrailers_rfc9113_8_1() {
        assertMalformed("8.1", () -> validator.trailers(STREAM, fields("grpc-status", "0", ":status", "200")));
        assertMalformed("8.1", () -> validator.trailers(STREAM, fields(":path", "/")));
        List<HeaderField> trailers = validator.trailers(STREAM, fields("grpc-status", "0", "grpc-message", "ok"));
        assertEquals(2, trailers.size());
        assertThrows(UnsupportedOperationException.class, () -> trailers.add(new HeaderField("a", "b")));
    }
}
