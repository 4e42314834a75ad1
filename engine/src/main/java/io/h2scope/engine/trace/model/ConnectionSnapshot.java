package io.h2scope.engine.trace.model;

import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.settings.Settings;
import io.h2scope.engine.stream.StreamState;

import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * One connection's state at one moment, as the inspector shows it: every live stream (neither idle nor
 * closed) with its state and both windows, the connection's two windows, both HPACK dynamic tables
 * (newest entry first) with their maximum sizes, and each side's settings in force.
 *
 * @param connectionSendWindow    what the endpoint may still send on the connection
 * @param connectionReceiveWindow what the peer may still send on the connection
 */
public record ConnectionSnapshot(SortedMap<Integer, Stream> streams, int connectionSendWindow,
        int connectionReceiveWindow, List<HeaderField> decoderTable, int decoderMaxSize, List<HeaderField> encoderTable,
        int encoderMaxSize, Settings localSettings, Settings remoteSettings) {

    public ConnectionSnapshot {
        streams = java.util.Collections.unmodifiableSortedMap(new TreeMap<>(streams));
        decoderTable = List.copyOf(decoderTable);
        encoderTable = List.copyOf(encoderTable);
    }

    /**
     * One live stream.
     *
     * @param sendWindow    what the endpoint may still send on it (0 when it has no send window)
     * @param receiveWindow what the peer may still send on it (0 when it has no receive window)
     */
    public record Stream(StreamState state, int sendWindow, int receiveWindow) {
    }

    /** The streams as a plain map, for comparisons that do not care about order. */
    public Map<Integer, Stream> streamMap() {
        return streams;
    }
}
