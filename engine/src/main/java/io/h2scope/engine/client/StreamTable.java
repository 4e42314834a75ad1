package io.h2scope.engine.client;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A connection's live {@link ClientStream}s by stream id: open addressing on int keys, so looking a stream
 * up for every frame boxes no Integer and adding one makes no map node. Ids are positive (0 marks a free
 * slot); the table doubles at half full and never shrinks (it is as big as the most streams once live).
 * Loop thread only.
 */
final class StreamTable {

    private int[] ids = new int[16];
    private ClientStream[] streams = new ClientStream[16];
    private int size;

    ClientStream get(int id) {
        int mask = ids.length - 1;
        for (int i = slot(id, mask); ; i = (i + 1) & mask) {
            int k = ids[i];
            if (k == id) {
                return streams[i];
            }
            if (k == 0) {
                return null;
            }
        }
    }

    boolean containsKey(int id) {
        return get(id) != null;
    }

    void put(int id, ClientStream stream) {
        if (id <= 0) {
            throw new IllegalArgumentException("stream id " + id + ": only streams 1 and up are kept");
        }
        if (2 * (size + 1) > ids.length) {
            grow();
        }
        int mask = ids.length - 1;
        int i = slot(id, mask);
        while (ids[i] != 0 && ids[i] != id) {
            i = (i + 1) & mask;
        }
        if (ids[i] == 0) {
            size++;
        }
        ids[i] = id;
        streams[i] = stream;
    }

    void remove(int id) {
        int mask = ids.length - 1;
        int i = slot(id, mask);
        while (ids[i] != id) {
            if (ids[i] == 0) {
                return;
            }
            i = (i + 1) & mask;
        }
        size--;
        // backward-shift deletion: entries after the hole that probed past it move into it, so no tombstones
        int hole = i;
        for (int j = (hole + 1) & mask; ids[j] != 0; j = (j + 1) & mask) {
            int home = slot(ids[j], mask);
            if (((j - home) & mask) >= ((j - hole) & mask)) {
                ids[hole] = ids[j];
                streams[hole] = streams[j];
                hole = j;
            }
        }
        ids[hole] = 0;
        streams[hole] = null;
    }

    int size() {
        return size;
    }

    List<ClientStream> values() {
        List<ClientStream> all = new ArrayList<>(size);
        for (int i = 0; i < ids.length; i++) {
            if (ids[i] != 0) {
                all.add(streams[i]);
            }
        }
        return all;
    }

    void clear() {
        Arrays.fill(ids, 0);
        Arrays.fill(streams, null);
        size = 0;
    }

    private void grow() {
        int[] oldIds = ids;
        ClientStream[] oldStreams = streams;
        ids = new int[oldIds.length * 2];
        streams = new ClientStream[oldIds.length * 2];
        size = 0;
        for (int i = 0; i < oldIds.length; i++) {
            if (oldIds[i] != 0) {
                put(oldIds[i], oldStreams[i]);
            }
        }
    }

    /** Client stream ids are odd and consecutive: a multiplicative hash spreads them over the whole table. */
    private static int slot(int id, int mask) {
        int h = id * 0x9E3779B9;
        return (h ^ (h >>> 16)) & mask;
    }
}
