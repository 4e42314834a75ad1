package io.h2scope.conformance.client.cases;

import static io.h2scope.conformance.client.cases.HpackScript.DYNAMIC;
import static io.h2scope.conformance.client.cases.HpackScript.STATUS;
import static io.h2scope.conformance.client.cases.HpackScript.block;
import static io.h2scope.conformance.client.cases.HpackScript.bytes;
import static io.h2scope.conformance.client.cases.HpackScript.length;
import static io.h2scope.conformance.client.cases.HpackScript.ok;
import static io.h2scope.engine.hpack.Representation.LITERAL_INDEXED;
import static io.h2scope.engine.hpack.Representation.LITERAL_NOT_INDEXED;

import io.h2scope.conformance.client.ClientCase;
import io.h2scope.conformance.client.ClientSection;
import io.h2scope.conformance.client.cases.HpackScript.Expect;
import io.h2scope.conformance.client.drive.ClientAbility;
import java.util.List;

/** RFC 7541 §2.3: the static and dynamic tables as one index address space, as the client must decode it. */
public final class Hpack2_Tables implements ClientSection {

    private static final String BEYOND = "Indices strictly greater than the sum of the lengths of both tables MUST be "
            + "treated as a decoding error.";

    @Override
    public String id() {
        return "client/hpack/2";
    }

    @Override
    public String title() {
        return "HPACK Indexing Tables";
    }

    @Override
    public List<ClientCase> cases() {
        return List.of(duplicateEntries(), dynamicEntryAcrossBlocks(), highestIndex(), indexBeyondEmptyTable(),
                indexJustBeyondDynamicTable(), nameIndexBeyondTables());
    }

    static ClientCase duplicateEntries() {
        return ClientCase.define("client/hpack/2.3.2/duplicate-entries").rfc("RFC 7541 §2.3.2")
                .quote("The dynamic table can contain duplicate entries (i.e., entries with the same name and same "
                        + "value). Therefore, duplicate entries MUST NOT be treated as an error by a decoder.")
                .does("indexes x-h2scope: same twice, then refers to both entries (62 and 63)")
                .run(stage -> HpackScript.delivers(stage, bytes(ok()
                                .encodeLiteral("x-h2scope", "same", LITERAL_INDEXED, false)
                                .encodeLiteral("x-h2scope", "same", LITERAL_INDEXED, false)
                                .encodeIndexed(DYNAMIC).encodeIndexed(DYNAMIC + 1)),
                        Expect.status(200).with("x-h2scope", "same")));
    }

    static ClientCase dynamicEntryAcrossBlocks() {
        return ClientCase.define("client/hpack/2.3.3/dynamic-entry-across-blocks").rfc("RFC 7541 §2.3.3")
                .quote("Indices strictly greater than the length of the static table refer to elements in the dynamic "
                        + "table (see Section 2.3.2).")
                .does("answers the first of two requests with :status 203 as a literal with indexing, the second with "
                        + "dynamic index 62: both delivered with status 203")
                .needs(ClientAbility.PARALLEL)
                .run(stage -> HpackScript.deliversBoth(stage,
                        bytes(length(block().encodeLiteral(STATUS, "203", LITERAL_INDEXED, false))),
                        Expect.status(203), bytes(length(block().encodeIndexed(DYNAMIC))), Expect.status(203)));
    }

    static ClientCase highestIndex() {
        return ClientCase.define("client/hpack/2.3.3/highest-index").rfc("RFC 7541 §2.3.3")
                .quote("For a static table size of s and a dynamic table size of k, the following diagram shows the "
                        + "entire valid index address space.")
                .does("indexes three x-h2scope-N fields, then refers to index 61 (the last static entry) and 64 "
                        + "(s+k, the oldest dynamic entry)")
                .run(stage -> HpackScript.delivers(stage, bytes(ok()
                                .encodeLiteral("x-h2scope-1", "oldest", LITERAL_INDEXED, false)
                                .encodeLiteral("x-h2scope-2", "b", LITERAL_INDEXED, false)
                                .encodeLiteral("x-h2scope-3", "c", LITERAL_INDEXED, false)
                                .encodeIndexed(61).encodeIndexed(DYNAMIC + 2)),
                        Expect.status(200).with("x-h2scope-1", "oldest")));
    }

    static ClientCase indexBeyondEmptyTable() {
        return ClientCase.define("client/hpack/2.3.3/index-beyond-empty-table").rfc("RFC 7541 §2.3.3").quote(BEYOND)
                .does("refers to index 62 while the dynamic table is empty")
                .run(stage -> HpackScript.rejects(stage, bytes(ok().encodeIndexed(DYNAMIC))));
    }

    static ClientCase indexJustBeyondDynamicTable() {
        return ClientCase.define("client/hpack/2.3.3/index-just-beyond-dynamic-table").rfc("RFC 7541 §2.3.3")
                .quote(BEYOND)
                .does("indexes two fields, then refers to index 64 (one past s+k)")
                .run(stage -> HpackScript.rejects(stage, bytes(ok()
                        .encodeLiteral("x-h2scope-1", "a", LITERAL_INDEXED, false)
                        .encodeLiteral("x-h2scope-2", "b", LITERAL_INDEXED, false)
                        .encodeIndexed(DYNAMIC + 2))));
    }

    static ClientCase nameIndexBeyondTables() {
        return ClientCase.define("client/hpack/2.3.3/name-index-beyond-tables").rfc("RFC 7541 §2.3.3").quote(BEYOND)
                .does("sends a literal without indexing whose name is index 70, with an empty dynamic table")
                .run(stage -> HpackScript.rejects(stage, bytes(ok()
                        .encodeLiteral(70, "x", LITERAL_NOT_INDEXED, false))));
    }
}
