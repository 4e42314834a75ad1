package io.h2scope.conformance.client.cases;

import static io.h2scope.conformance.client.cases.HpackScript.CONTENT_LENGTH;
import static io.h2scope.conformance.client.cases.HpackScript.DYNAMIC;
import static io.h2scope.conformance.client.cases.HpackScript.STATUS;
import static io.h2scope.conformance.client.cases.HpackScript.STATUS_200;
import static io.h2scope.conformance.client.cases.HpackScript.STATUS_404;
import static io.h2scope.conformance.client.cases.HpackScript.block;
import static io.h2scope.conformance.client.cases.HpackScript.bytes;
import static io.h2scope.conformance.client.cases.HpackScript.indexedThenReferred;
import static io.h2scope.conformance.client.cases.HpackScript.length;
import static io.h2scope.conformance.client.cases.HpackScript.lengthValue;
import static io.h2scope.conformance.client.cases.HpackScript.ok;
import static io.h2scope.engine.hpack.Representation.LITERAL_INDEXED;
import static io.h2scope.engine.hpack.Representation.LITERAL_NEVER_INDEXED;
import static io.h2scope.engine.hpack.Representation.LITERAL_NOT_INDEXED;

import io.h2scope.conformance.client.ClientCase;
import io.h2scope.conformance.client.ClientSection;
import io.h2scope.conformance.client.cases.HpackScript.Expect;
import io.h2scope.engine.hpack.Representation;
import java.util.ArrayList;
import java.util.List;

/**
 * RFC 7541 §6: every field representation and the dynamic table size update, in responses the client must decode and
 * deliver, and the index and size update it must refuse.
 */
public final class Hpack6_Representations implements ClientSection {

    @Override
    public String id() {
        return "client/hpack/6";
    }

    @Override
    public String title() {
        return "HPACK Binary Format";
    }

    @Override
    public List<ClientCase> cases() {
        List<ClientCase> cases = new ArrayList<>(List.of(indexedStatic(), indexZero()));
        for (Representation rep : List.of(LITERAL_INDEXED, LITERAL_NOT_INDEXED, LITERAL_NEVER_INDEXED)) {
            cases.add(literal(rep, false));
            cases.add(literal(rep, true));
        }
        cases.addAll(List.of(nameFromDynamicTable(), sizeUpdateLowersTable(), sizeUpdateAboveLimit()));
        return cases;
    }

    /** Each literal representation's section, slug and sentence (the new-name forms quote how the name is sent). */
    private static String section(Representation rep) {
        return switch (rep) {
            case LITERAL_INDEXED -> "6.2.1";
            case LITERAL_NOT_INDEXED -> "6.2.2";
            default -> "6.2.3";
        };
    }

    private static String slug(Representation rep, boolean newName) {
        String kind = switch (rep) {
            case LITERAL_INDEXED -> "literal-with-indexing";
            case LITERAL_NOT_INDEXED -> "literal-without-indexing";
            default -> "never-indexed";
        };
        return kind + (newName ? "-new-name" : "-indexed-name");
    }

    private static String quote(Representation rep, boolean newName) {
        if (rep == LITERAL_NEVER_INDEXED) {
            return newName ? "The encoding of the representation is identical to the literal header field without "
                    + "indexing (see Section 6.2.2)." : "A literal header field never-indexed representation results "
                    + "in appending a header field to the decoded header list without altering the dynamic table.";
        }
        if (newName) {
            return "Otherwise, the header field name is represented as a string literal (see Section 5.2). A value 0 "
                    + "is used in place of the " + (rep == LITERAL_INDEXED ? "6" : "4") + "-bit index, followed by "
                    + "the header field name.";
        }
        return rep == LITERAL_INDEXED ? "A literal header field with incremental indexing representation results in "
                + "appending a header field to the decoded header list and inserting it as a new entry into the "
                + "dynamic table." : "A literal header field without indexing representation results in appending "
                + "a header field to the decoded header list without altering the dynamic table.";
    }

    static ClientCase indexedStatic() {
        return ClientCase.define("client/hpack/6.1/indexed-static-entry").rfc("RFC 7541 §6.1")
                .quote("An indexed header field representation identifies an entry in either the static table or the "
                        + "dynamic table (see Section 2.3).")
                .does("answers with :status as static index 13 (:status 404), the response delivered with status 404")
                .run(stage -> HpackScript.delivers(stage, bytes(length(block().encodeIndexed(STATUS_404))),
                        Expect.status(404)));
    }

    static ClientCase indexZero() {
        return ClientCase.define("client/hpack/6.1/index-zero").rfc("RFC 7541 §6.1")
                .quote("The index value of 0 is not used. It MUST be treated as a decoding error if found in an indexed "
                        + "header field representation.")
                .does("answers with :status 200, content-length, then an indexed field of index 0")
                .run(stage -> HpackScript.rejects(stage, bytes(ok().encodeIndexed(0))));
    }

    /** {@code :status: 203} and content-length in {@code rep}, the name indexed or a literal. */
    static ClientCase literal(Representation rep, boolean newName) {
        String section = section(rep);
        return ClientCase.define("client/hpack/" + section + "/" + slug(rep, newName)).rfc("RFC 7541 §" + section)
                .quote(quote(rep, newName))
                .does("answers with :status 203 and content-length as " + words(rep) + (newName ? ", names as "
                        + "literals" : ", names from the static table") + ": the response delivered with status 203")
                .run(stage -> {
                    var w = block();
                    if (newName) {
                        w.encodeLiteral(":status", "203", rep, false).encodeLiteral("content-length", lengthValue(),
                                rep, false);
                    } else {
                        w.encodeLiteral(STATUS, "203", rep, false).encodeLiteral(CONTENT_LENGTH, lengthValue(), rep,
                                false);
                    }
                    return HpackScript.delivers(stage, bytes(w), Expect.status(203).with("content-length",
                            lengthValue()));
                });
    }

    private static String words(Representation rep) {
        return switch (rep) {
            case LITERAL_INDEXED -> "literals with incremental indexing";
            case LITERAL_NOT_INDEXED -> "literals without indexing";
            case LITERAL_NEVER_INDEXED -> "never-indexed literals";
            case INDEXED -> "indexed fields";
        };
    }

    static ClientCase nameFromDynamicTable() {
        return ClientCase.define("client/hpack/6.2/name-from-dynamic-table").rfc("RFC 7541 §6.2")
                .quote("Header field names are provided either as a literal or by reference to an existing table "
                        + "entry, either from the static table or the dynamic table (see Section 2.3).")
                .does("indexes x-h2scope: first, then sends x-h2scope: second with its name as dynamic index 62")
                .run(stage -> HpackScript.delivers(stage, bytes(ok()
                                .encodeLiteral("x-h2scope", "first", LITERAL_INDEXED, false)
                                .encodeLiteral(DYNAMIC, "second", LITERAL_NOT_INDEXED, false)),
                        Expect.status(200).with("x-h2scope", "second")));
    }

    static ClientCase sizeUpdateLowersTable() {
        return ClientCase.define("client/hpack/6.3/size-update-lowers-table").rfc("RFC 7541 §6.3")
                .quote("A dynamic table size update signals a change to the size of the dynamic table.")
                .does("starts the block with a size update to 100, then indexes x-h2scope: a and refers to it (62)")
                .run(stage -> HpackScript.delivers(stage,
                        bytes(indexedThenReferred(ok(block().encodeSizeUpdate(100)), "x-h2scope", "a")),
                        Expect.status(200).with("x-h2scope", "a")));
    }

    static ClientCase sizeUpdateAboveLimit() {
        return ClientCase.define("client/hpack/6.3/size-update-above-limit").rfc("RFC 7541 §6.3")
                .quote("The new maximum size MUST be lower than or equal to the limit determined by the protocol using "
                        + "HPACK. A value that exceeds this limit MUST be treated as a decoding error.")
                .does("starts the block with a size update one above the client's SETTINGS_HEADER_TABLE_SIZE "
                        + "(and above 4,096)")
                .run(stage -> HpackScript.rejects(stage, peer -> bytes(ok(block().encodeSizeUpdate(
                        (int) Math.max(HpackScript.clientTableSize(peer), 4096) + 1)))));
    }
}
