package io.h2scope.conformance.intermediary.cases;

import io.h2scope.conformance.intermediary.ResponseInspection;
import io.h2scope.conformance.intermediary.ResponseJudge;
import io.h2scope.conformance.intermediary.Seen;
import io.h2scope.conformance.intermediary.front.Received;
import io.h2scope.engine.hpack.HeaderField;
import java.util.List;

/** The response-side cases' common looks at what the client in front received. */
final class ResponseLooks {

    private ResponseLooks() {
    }

    /** A framing the client cannot be given whole: any complete response is the fault handed over as a success. */
    static ResponseInspection neverComplete(String fault) {
        return got -> got.complete() ? Seen.asSent(fault + ", handed to the client as a complete response with "
                + got.data().length + " octets of content " + Looks.quoted(got.body())) : cutOff(got);
    }

    /** The content the origin's framing gives: a complete response must carry exactly {@code content}. */
    static ResponseInspection content(String content) {
        return got -> {
            if (!got.complete()) {
                return cutOff(got);
            }
            return got.body().equals(content) ? Seen.allowed("the content " + Looks.quoted(content) + " as the origin"
                    + " framed it") : Seen.asSent("the client was handed the content " + Looks.quoted(got.body())
                    + " where the origin's framing gives " + Looks.quoted(content));
        };
    }

    /** A response that must carry no content: any DATA octets at all are the fault. */
    static ResponseInspection noContent(String why) {
        return got -> got.data().length > 0 ? Seen.asSent(why + ", yet the client got " + got.data().length
                + " octets of content " + Looks.quoted(got.body())) : Seen.allowed("no content");
    }

    /** A connection-specific field the intermediary must drop, the content kept whole. */
    static ResponseInspection dropped(String name) {
        return got -> {
            List<HeaderField> found = named(got, name);
            if (!found.isEmpty()) {
                return Seen.asSent(shown(found) + " reached the client");
            }
            Seen body = content(OriginAnswers.BODY).look(got);
            return body instanceof Seen.AsSent ? body : Seen.allowed(name + " dropped");
        };
    }

    /**
     * A field of a malformed h2 answer: forwarded as it came is the fault; dropped (the response kept) is harmless, but
     * RFC 9113 §8.1.1 says the response must not be forwarded at all.
     */
    static ResponseInspection droppedLeniently(String name) {
        return got -> {
            List<HeaderField> found = named(got, name);
            return found.isEmpty() ? Seen.repaired(name + " dropped, the malformed response forwarded without it")
                    : Seen.asSent(shown(found) + " reached the client");
        };
    }

    /**
     * A field the origin sent as {@code name: value} with a fault in it: as it came is the fault; as
     * {@code cleanName: cleanValue} the cleaned form the RFCs allow; dropped, or changed some other way, harmless.
     */
    static ResponseInspection field(String name, String value, String cleanName, String cleanValue) {
        return got -> {
            List<HeaderField> fields = got.head().map(Received.Block::fields).orElse(List.of());
            if (fields.stream().anyMatch(f -> f.name().equals(name) && f.value().equals(value))) {
                return Seen.asSent(Looks.quoted(name + ": " + value) + " reached the client as the origin sent it");
            }
            if (fields.stream().anyMatch(f -> f.name().equals(cleanName) && f.value().equals(cleanValue))) {
                return Seen.allowed("cleaned into " + Looks.quoted(cleanName + ": " + cleanValue));
            }
            List<HeaderField> near = fields.stream().filter(f -> f.name().toLowerCase(java.util.Locale.ROOT)
                    .contains("h2scope") && !f.name().equals(ResponseJudge.MARKER_FIELD)).toList();
            return Seen.repaired(near.isEmpty() ? "the field dropped, the response kept" : "arrived as " + shown(near));
        };
    }

    /** A stream that did not end: the judge weighs how; nothing here to hold against it. */
    static Seen cutOff(Received got) {
        return Seen.allowed("cut off: " + got.ending());
    }

    /** The head's fields named {@code name}, compared without case (an uppercase name is itself a fault). */
    static List<HeaderField> named(Received got, String name) {
        return got.blocks().stream().flatMap(b -> b.fields().stream()).filter(f -> f.name().equalsIgnoreCase(name))
                .toList();
    }

    static String shown(List<HeaderField> fields) {
        return fields.stream().map(f -> Looks.quoted(f.name() + ": " + f.value())).toList().toString();
    }
}
