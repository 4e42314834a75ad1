package io.h2scope.engine.http;

import static io.h2scope.engine.http.Blocks.STREAM;
import static io.h2scope.engine.http.Blocks.assertMalformed;
import static io.h2scope.engine.http.Blocks.fields;
import static io.h2scope.engine.http.Blocks.get;
import static io.h2scope.engine.http.Blocks.ok;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import io.h2scope.engine.hpack.HeaderField;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** RFC 9113 §8.1.1 content-length against DATA (H2-ATTACKS SEC-18, H2.CL). */
class ContentLengthTest {

    private final MessageValidator validator = new MessageValidator(ValidationOptions.defaults());

    private static List<HeaderField> post(String... extra) {
        List<HeaderField> list = fields(":method", "POST", ":scheme", "https", ":authority", "example.com", ":path", "/upload");
        list.addAll(fields(extra));
        return list;
    }

    @Test
    void parsedIntoTheHead_rfc9113_8_1_1() {
        assertEquals(0, validator.request(STREAM, post("content-length", "0")).contentLength());
        assertEquals(1234567890123L, validator.request(STREAM, post("content-length", "1234567890123")).contentLength());
        assertEquals(7, validator.request(STREAM, post("content-length", "007")).contentLength());
        assertEquals(-1, validator.request(STREAM, post()).contentLength());
        // identical repeats are the same length (RFC 9110 §8.6)
        assertEquals(42, validator.request(STREAM, post("content-length", "42", "content-length", "42")).contentLength());
        assertEquals(42, validator.request(STREAM, post("content-length", "42, 42")).contentLength());
        assertEquals(42, validator.request(STREAM, post("content-length", "42,42")).contentLength());
    }

    @ParameterizedTest
    @ValueSource(strings = {"-1", "abc", "1e3", "+5", "0x10", "4 2", "42,", ",42", "42,,42", "99999999999999999999", "5;x", "4\u00b2"})
    void unparsableContentLength_sec18_rfc9113_8_1_1(String value) {
        assertMalformed("8.1.1", () -> validator.request(STREAM, post("content-length", value)));
        assertMalformed("8.1.1", () -> validator.response(STREAM, ok("content-length", value)));
    }

    @Test
    void emptyContentLength_sec18_rfc9113_8_1_1() {
        assertMalformed("8.1.1", () -> validator.request(STREAM, post("content-length", "")));
    }

    @Test
    void differingContentLengths_sec18_rfc9113_8_1_1() {
        assertMalformed("8.1.1", () -> validator.request(STREAM, post("content-length", "0", "content-length", "52")));
        assertMalformed("8.1.1", () -> validator.request(STREAM, post("content-length", "5, 6")));
    }

    @Test
    void dataExceedsContentLength_rfc9113_8_1_1() {
        ContentLengthCheck check = ContentLengthCheck.forRequest(STREAM, validator.request(STREAM, post("content-length", "10")));
        check.onData(6);
        assertMalformed("8.1.1", () -> check.onData(6));
    }

    @Test
    void smuggledRequestAfterContentLengthZero_sec18_rfc9113_8_1_1() {
        ContentLengthCheck check = ContentLengthCheck.forRequest(STREAM, validator.request(STREAM, post("content-length", "0")));
        check.onData(0);
        assertMalformed("8.1.1", () -> check.onData("GET /admin HTTP/1.1\r\nHost: x\r\n\r\n".length()));
    }

    @Test
    void dataShorterThanContentLength_rfc9113_8_1_1() {
        ContentLengthCheck check = new ContentLengthCheck(STREAM, 10, true);
        check.onData(4);
        check.onData(6);
        check.onEndStream();
        assertEquals(10, check.received());
        ContentLengthCheck shortBody = new ContentLengthCheck(STREAM, 10, true);
        shortBody.onData(9);
        assertMalformed("8.1.1", shortBody::onEndStream);
    }

    @Test
    void contentLengthOnHeadersWithEndStream_sec18_rfc9113_8_1_1() {
        // Netty CVE-2021-21409: the check was skipped when HEADERS carried END_STREAM
        ContentLengthCheck check = ContentLengthCheck.forRequest(STREAM, validator.request(STREAM, post("content-length", "5")));
        assertMalformed("8.1.1", check::onEndStream);
        ContentLengthCheck zero = ContentLengthCheck.forRequest(STREAM, validator.request(STREAM, post("content-length", "0")));
        zero.onEndStream();
    }

    @Test
    void noContentResponses_rfc9113_8_1_1() {
        ResponseHead head = validator.response(STREAM, ok("content-length", "1000"));
        // the response to HEAD "MAY have a non-zero content-length" without DATA
        ContentLengthCheck forHead = ContentLengthCheck.forResponse(STREAM, "HEAD", head);
        forHead.onData(0);
        forHead.onEndStream();
        assertMalformed("8.1.1", () -> ContentLengthCheck.forResponse(STREAM, "HEAD", head).onData(1));
        ResponseHead notModified = validator.response(STREAM, fields(":status", "304", "content-length", "1000"));
        ContentLengthCheck.forResponse(STREAM, "GET", notModified).onEndStream();
        ResponseHead noContent = validator.response(STREAM, fields(":status", "204"));
        assertMalformed("8.1.1", () -> ContentLengthCheck.forResponse(STREAM, "GET", noContent).onData(3));
        ContentLengthCheck normal = ContentLengthCheck.forResponse(STREAM, "GET", head);
        normal.onData(999);
        assertMalformed("8.1.1", normal::onEndStream);
    }

    @Test
    void absentContentLengthAndConnectAreNotChecked_rfc9113_8_1_1() {
        assertSame(ContentLengthCheck.none(), ContentLengthCheck.forRequest(STREAM, validator.request(STREAM, get())));
        ContentLengthCheck.none().onData(1 << 20);
        ContentLengthCheck.none().onEndStream();
        RequestHead connect = validator.request(STREAM, fields(":method", "CONNECT", ":authority", "a:1", "content-length", "0"));
        assertSame(ContentLengthCheck.none(), ContentLengthCheck.forRequest(STREAM, connect));
        assertSame(ContentLengthCheck.none(), ContentLengthCheck.forResponse(STREAM, "CONNECT",
                validator.response(STREAM, ok("content-length", "0"))));
        assertEquals(0, ContentLengthCheck.none().received());
    }

    @Test
    void constructorRefusesNonsense() {
        assertThrows(IllegalArgumentException.class, () -> new ContentLengthCheck(0, 1, true));
        assertThrows(IllegalArgumentException.class, () -> new ContentLengthCheck(1, -2, true));
    }
}
