package io.h2scope.conformance.client.cases;

import static io.h2scope.conformance.client.cases.HpackScript.DYNAMIC;
import static io.h2scope.conformance.client.cases.HpackScript.STATUS_200;
import static io.h2scope.conformance.client.cases.HpackScript.block;
import static io.h2scope.conformance.client.cases.HpackScript.bytes;
import static io.h2scope.conformance.client.cases.HpackScript.entrySize;
import static io.h2scope.conformance.client.cases.HpackScript.indexedThenReferred;
import static io.h2scope.conformance.client.cases.HpackScript.length;
import static io.h2scope.conformance.client.cases.HpackScript.ok;
import static io.h2scope.engine.hpack.Representation.LITERAL_INDEXED;

import io.h2scope.conformance.client.ClientCase;
import io.h2scope.conformance.client.ClientSection;
import io.h2scope.conformance.client.cases.HpackScript.Expect;
import io.h2scope.conformance.client.drive.ClientAbility;
import io.h2scope.engine.hpack.HpackWriter;
import java.util.List;

/**
 * RFC 7541 §4: the dynamic table's size, its eviction when entries are added or the size is lowered, and the size
 * updates, as the client's decoder must keep them in step with the server's encoder (a 4,096-octet table).
 */
public final class Hpack4_DynamicTable implements ClientSection {

    /** The dynamic table size in force: SETTINGS_HEADER_TABLE_SIZE's initial value. */
    private static final int TABLE = 4096;
    private static final String FILL = "x-fill";

    @Override
    public String id() {
        return "client/hpack/4";
    }

    @Override
    public String title() {
        return "HPACK Dynamic Table Management";
    }

    @Override
    public List<ClientCase> cases() {
        return List.of(entrySizeCounts32(), entrySizeWithoutHuffman(), tableClearedAndRestored(), sizeUpdateAfterField(),
                TableSizeSignal.smallestSizeSignalled(), sizeUpdateEvicts(), sizeReductionKeepsNewest(),
                evictedEntryReferenced(), largerThanTableIsNotAnError(), largerThanTableEmptiesIt(),
                newEntryNamesEvictedEntry());
    }

    /** {@code :status}, content-length, {@code x-a: 1} (36 octets), then x-fill of {@code fillSize} octets as an entry. */
    private static HpackWriter filled(int fillSize, boolean huffman) {
        return ok().encodeLiteral("x-a", "1", LITERAL_INDEXED, false)
                .encodeLiteral(FILL, "f".repeat(fillSize - entrySize(FILL, "")), LITERAL_INDEXED, huffman);
    }

    static ClientCase entrySizeCounts32() {
        return ClientCase.define("client/hpack/4.1/entry-size-counts-32-octets").rfc("RFC 7541 §4.1")
                .quote("The size of an entry is the sum of its name's length in octets (as defined in Section 5.2), "
                        + "its value's length in octets, and 32.")
                .does("indexes x-a: 1 (36 octets) and an x-fill entry of 4,060 octets, filling the table exactly, "
                        + "then refers to x-a (63), which no eviction removed")
                .run(stage -> HpackScript.delivers(stage,
                        bytes(filled(TABLE - entrySize("x-a", "1"), false).encodeIndexed(DYNAMIC + 1)),
                        Expect.status(200).with("x-a", "1")));
    }

    static ClientCase entrySizeWithoutHuffman() {
        return ClientCase.define("client/hpack/4.1/entry-size-without-huffman").rfc("RFC 7541 §4.1")
                .quote("The size of an entry is calculated using the length of its name and value without any Huffman "
                        + "encoding applied.")
                .does("indexes x-a: 1, then a Huffman-coded x-fill entry one octet too large for both (4,061 octets "
                        + "decoded, about 2,500 coded), then refers to the evicted x-a (63)")
                .run(stage -> HpackScript.rejects(stage,
                        bytes(filled(TABLE - entrySize("x-a", "1") + 1, true).encodeIndexed(DYNAMIC + 1))));
    }

    static ClientCase tableClearedAndRestored() {
        return ClientCase.define("client/hpack/4.2/table-cleared-and-restored").rfc("RFC 7541 §4.2")
                .quote("This mechanism can be used to completely clear entries from the dynamic table by setting a "
                        + "maximum size of 0, which can subsequently be restored.")
                .does("starts the block with size updates to 0 then 4,096, indexes x-a: 1 and refers to it (62)")
                .run(stage -> HpackScript.delivers(stage, bytes(indexedThenReferred(
                                ok(block().encodeSizeUpdate(0).encodeSizeUpdate(TABLE)), "x-a", "1")),
                        Expect.status(200).with("x-a", "1")));
    }

    static ClientCase sizeUpdateAfterField() {
        return ClientCase.define("client/hpack/4.2/size-update-after-field").rfc("RFC 7541 §4.2")
                .quote("This dynamic table size update MUST occur at the beginning of the first header block "
                        + "following the change to the dynamic table size.")
                .does("sends :status 200, then a dynamic table size update to 0, then content-length (RFC 7541 "
                        + "makes it the encoder's MUST, not the decoder's, so SHOULD)")
                .should()
                .run(stage -> HpackScript.rejects(stage, bytes(length(block().encodeIndexed(STATUS_200)
                        .encodeSizeUpdate(0)))));
    }

    static ClientCase sizeUpdateEvicts() {
        return ClientCase.define("client/hpack/4.3/size-update-evicts").rfc("RFC 7541 §4.3")
                .quote("Whenever the maximum size for the dynamic table is reduced, entries are evicted from the end of "
                        + "the dynamic table until the size of the dynamic table is less than or equal to the maximum "
                        + "size.")
                .does("indexes x-a: 1 in the first of two responses; starts the second with size updates to 0 then "
                        + "4,096 and refers to the evicted entry (62)")
                .needs(ClientAbility.PARALLEL)
                .run(stage -> HpackScript.rejectsSecond(stage,
                        bytes(ok().encodeLiteral("x-a", "1", LITERAL_INDEXED, false)),
                        bytes(ok(block().encodeSizeUpdate(0).encodeSizeUpdate(TABLE)).encodeIndexed(DYNAMIC))));
    }

    static ClientCase sizeReductionKeepsNewest() {
        return ClientCase.define("client/hpack/4.3/size-reduction-keeps-newest").rfc("RFC 7541 §4.3")
                .quote("Whenever the maximum size for the dynamic table is reduced, entries are evicted from the end of "
                        + "the dynamic table until the size of the dynamic table is less than or equal to the maximum "
                        + "size.")
                .does("indexes x-a: 1 and x-b: 2 in the first of two responses; starts the second with a size update "
                        + "to 36 (room for x-b only) and refers to x-b (62)")
                .needs(ClientAbility.PARALLEL)
                .run(stage -> HpackScript.deliversBoth(stage,
                        bytes(ok().encodeLiteral("x-a", "1", LITERAL_INDEXED, false)
                                .encodeLiteral("x-b", "2", LITERAL_INDEXED, false)),
                        Expect.status(200).with("x-b", "2"),
                        bytes(ok(block().encodeSizeUpdate(entrySize("x-b", "2"))).encodeIndexed(DYNAMIC)),
                        Expect.status(200).with("x-b", "2")));
    }

    static ClientCase evictedEntryReferenced() {
        return ClientCase.define("client/hpack/4.4/evicted-entry-referenced").rfc("RFC 7541 §4.4")
                .quote("Before a new entry is added to the dynamic table, entries are evicted from the end of the "
                        + "dynamic table until the size of the dynamic table is less than or equal to (maximum size - "
                        + "new entry size) or until the table is empty.")
                .does("indexes x-a: 1, then an x-fill entry one octet too large for both (x-a is evicted), then "
                        + "refers to x-a's old index (63)")
                .run(stage -> HpackScript.rejects(stage,
                        bytes(filled(TABLE - entrySize("x-a", "1") + 1, false).encodeIndexed(DYNAMIC + 1))));
    }

    static ClientCase largerThanTableIsNotAnError() {
        return ClientCase.define("client/hpack/4.4/entry-larger-than-table").rfc("RFC 7541 §4.4")
                .quote("It is not an error to attempt to add an entry that is larger than the maximum size; an attempt "
                        + "to add an entry larger than the maximum size causes the table to be emptied of all existing "
                        + "entries and results in an empty table.")
                .does("indexes x-a: 1, then sends a 4,100-octet x-fill field as a literal with incremental indexing")
                .run(stage -> HpackScript.delivers(stage, bytes(filled(TABLE + 4, false)),
                        Expect.status(200).with("x-a", "1")));
    }

    static ClientCase largerThanTableEmptiesIt() {
        return ClientCase.define("client/hpack/4.4/entry-larger-than-table-empties-it").rfc("RFC 7541 §4.4")
                .quote("It is not an error to attempt to add an entry that is larger than the maximum size; an attempt "
                        + "to add an entry larger than the maximum size causes the table to be emptied of all existing "
                        + "entries and results in an empty table.")
                .does("indexes x-a: 1, then a 4,100-octet x-fill field with incremental indexing, then refers to 62 "
                        + "in the emptied table")
                .run(stage -> HpackScript.rejects(stage, bytes(filled(TABLE + 4, false).encodeIndexed(DYNAMIC))));
    }

    static ClientCase newEntryNamesEvictedEntry() {
        return ClientCase.define("client/hpack/4.4/new-entry-names-evicted-entry").rfc("RFC 7541 §4.4")
                .quote("A new entry can reference the name of an entry in the dynamic table that will be evicted when "
                        + "adding this new entry into the dynamic table.")
                .does("fills the table with one x-fill entry, then indexes x-fill: new with its name as index 62 "
                        + "(evicted to make room), then refers to the new entry (62)")
                .run(stage -> HpackScript.delivers(stage, bytes(ok()
                                .encodeLiteral(FILL, "f".repeat(TABLE - entrySize(FILL, "")), LITERAL_INDEXED, false)
                                .encodeLiteral(DYNAMIC, "new", LITERAL_INDEXED, false).encodeIndexed(DYNAMIC)),
                        Expect.status(200).with(FILL, "new")));
    }
}
