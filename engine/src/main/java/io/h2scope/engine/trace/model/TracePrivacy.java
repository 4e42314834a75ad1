package io.h2scope.engine.trace.model;

import java.util.List;

/**
 * What the trace of a connection leaves out, as its {@code opened} event says (docs/TRACE_FORMAT.md): the field
 * names whose values are redacted, whether they were revealed after all, and how much DATA is recorded.
 *
 * @param redacted the field names whose values are credentials (sorted, lower case)
 * @param revealed the values of those fields are in clear ({@code H2SCOPE_TRACE_REVEAL=1}, {@code --reveal})
 * @param dataMax  DATA octets recorded per stream: {@link #ALL_DATA} for all, 0 for none
 */
public record TracePrivacy(List<String> redacted, boolean revealed, long dataMax) {

    /** {@link #dataMax()} when every DATA octet is recorded. */
    public static final long ALL_DATA = Long.MAX_VALUE;

    public TracePrivacy {
        redacted = List.copyOf(redacted);
        if (dataMax < 0) {
            throw new IllegalArgumentException("dataMax " + dataMax + " is negative");
        }
    }

    /** Whether DATA payloads are recorded in full. */
    public boolean allData() {
        return dataMax == ALL_DATA;
    }
}
