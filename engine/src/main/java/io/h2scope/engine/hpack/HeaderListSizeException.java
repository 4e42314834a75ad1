package io.h2scope.engine.hpack;

/**
 * The decoded header list is larger than the limit we announced (SETTINGS_MAX_HEADER_LIST_SIZE). Not an
 * HPACK error: the decoder finished the block, so the dynamic table is still in sync and the connection
 * survives; the core refuses the stream (RFC 9113 §10.5.1: a 431 response or a stream reset). Fields past the limit
 * were not delivered to the sink.
 */
public final class HeaderListSizeException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final long listSize;
    private final long limit;

    public HeaderListSizeException(long listSize, long limit) {
        super("RFC 9113 §6.5.2: header list size " + listSize + " (name + value + 32 per field) exceeds "
                + "the announced SETTINGS_MAX_HEADER_LIST_SIZE " + limit, null, false, false);
        this.listSize = listSize;
        this.limit = limit;
    }

    /** Size of the whole decoded list, RFC 9113 §6.5.2 accounting. */
    public long listSize() {
        return listSize;
    }

    public long limit() {
        return limit;
    }
}
