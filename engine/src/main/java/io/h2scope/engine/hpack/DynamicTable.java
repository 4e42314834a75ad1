package io.h2scope.engine.hpack;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The dynamic table of RFC 7541 §2.3.2 and §4: a FIFO of fields held in flat ring-buffer arrays (no object
 * per entry). Index 1 is the newest entry. Callers outside the package get a read-only view; the decoder
 * and encoder that own a table change it.
 *
 * <p>The encoder's table also keeps a hash index by name: chains of ring slots, newest first, so a lookup
 * costs one chain walk instead of a scan of the table.
 */
public final class DynamicTable {

    private static final int MIN_CAPACITY = 16;

    private final boolean hashed;
    private String[] names;
    private String[] values;
    /**
     * Decoder tables: each entry as a HeaderField, made when a block first indexes it and then shared by
     * every block that does (h2load-like clients send repeated requests fully indexed). Null until used.
     */
    private HeaderField[] fields;
    /** Hashed tables only: name hash per slot, next older slot with the same bucket (+1, 0 = none), bucket heads. */
    private int[] nameHashes;
    private int[] chain;
    private int[] buckets;
    private int mask;
    /** Slot the next entry goes into. */
    private int head;
    private int count;
    private int size;
    private int maxSize;
    /** Told of each change, or null (no tracing). */
    private TableListener listener;

    DynamicTable(int maxSize, boolean hashed) {
        this.hashed = hashed;
        this.maxSize = maxSize;
        allocate(MIN_CAPACITY);
    }

    /** Tells {@code listener} of every change from now on (tracing); null stops it. */
    public void listen(TableListener listener) {
        this.listener = listener;
    }

    /** Number of entries. */
    public int length() {
        return count;
    }

    /** RFC 7541 §4.1: sum of the entry sizes (name + value octets + 32 each). */
    public int size() {
        return size;
    }

    /** The maximum size the decoder and encoder currently agree on (§4.2). */
    public int maxSize() {
        return maxSize;
    }

    /** Snapshot of the entries, newest (index 1) first; for traces and the GUI, it allocates. */
    public List<HeaderField> entries() {
        List<HeaderField> list = new ArrayList<>(count);
        for (int i = 1; i <= count; i++) {
            list.add(new HeaderField(name(i), value(i)));
        }
        return Collections.unmodifiableList(list);
    }

    /** Name of entry {@code index}, 1 = newest; the caller checks {@code 1 <= index <= length()}. */
    String name(int index) {
        return names[(head - index) & mask];
    }

    String value(int index) {
        return values[(head - index) & mask];
    }

    /** Entry {@code index} (1 = newest) as a shared, immutable HeaderField; the caller checks the index. */
    HeaderField field(int index) {
        if (fields == null) {
            fields = new HeaderField[names.length];
        }
        int slot = (head - index) & mask;
        HeaderField field = fields[slot];
        if (field == null) {
            field = new HeaderField(names[slot], values[slot]);
            fields[slot] = field;
        }
        return field;
    }

    /** RFC 7541 §4.3: changing the maximum size evicts until the table fits. */
    void setMaxSize(int newMaxSize) {
        boolean changed = maxSize != newMaxSize;
        maxSize = newMaxSize;
        if (changed && listener != null) {
            listener.resized(newMaxSize);
        }
        evictUntil(newMaxSize);
    }

    /** RFC 7541 §4.4: adds a field, evicting old entries first; a field bigger than the table empties it. */
    void add(String name, String value) {
        int entrySize = HeaderField.sizeOf(name, value);
        if (entrySize > maxSize) {
            // RFC7541 §4.4: "an attempt to add an entry larger than the maximum size causes the table to be
            // emptied of all existing entries and results in an empty table"
            evictUntil(0);
            return;
        }
        // RFC7541 §4.4: "entries are evicted from the end of the dynamic table until the size of the dynamic
        // table is less than or equal to (maximum size - new entry size)"
        evictUntil(maxSize - entrySize);
        if (count == names.length) {
            allocate(names.length * 2);
        }
        int slot = head;
        names[slot] = name;
        values[slot] = value;
        if (fields != null) {
            fields[slot] = null;
        }
        if (hashed) {
            int h = name.hashCode();
            int bucket = h & (buckets.length - 1);
            nameHashes[slot] = h;
            chain[slot] = buckets[bucket];
            buckets[bucket] = slot + 1;
        }
        head = (head + 1) & mask;
        count++;
        size += entrySize;
        if (listener != null) {
            listener.added(name, value, entrySize);
        }
    }

    /**
     * Hashed tables only: the index of the newest entry with this name and value, else minus the index of
     * the newest entry with this name, else 0.
     */
    int find(String name, String value) {
        int h = name.hashCode();
        int nameMatch = 0;
        for (int link = buckets[h & (buckets.length - 1)]; link != 0; link = chain[link - 1]) {
            int slot = link - 1;
            if (nameHashes[slot] == h && names[slot].equals(name)) {
                int index = ((head - slot - 1) & mask) + 1;
                if (values[slot].equals(value)) {
                    return index;
                }
                if (nameMatch == 0) {
                    nameMatch = -index;
                }
            }
        }
        return nameMatch;
    }

    private void evictUntil(int targetSize) {
        int before = count;
        while (size > targetSize) {
            int oldest = (head - count) & mask;
            if (hashed) {
                unlink(oldest);
            }
            size -= HeaderField.sizeOf(names[oldest], values[oldest]);
            names[oldest] = null;
            values[oldest] = null;
            if (fields != null) {
                fields[oldest] = null;
            }
            count--;
        }
        if (listener != null && count < before) {
            listener.evicted(before - count);
        }
    }

    /** The oldest entry is always the last link of its chain. */
    private void unlink(int slot) {
        int bucket = nameHashes[slot] & (buckets.length - 1);
        if (buckets[bucket] == slot + 1) {
            buckets[bucket] = 0;
            return;
        }
        int link = buckets[bucket];
        while (chain[link - 1] != slot + 1) {
            link = chain[link - 1];
        }
        chain[link - 1] = 0;
    }

    /** Re-lays the ring out from slot 0 in a larger array (and rebuilds the hash index). */
    private void allocate(int capacity) {
        String[] oldNames = names;
        String[] oldValues = values;
        HeaderField[] oldFields = fields;
        names = new String[capacity];
        values = new String[capacity];
        fields = oldFields == null ? null : new HeaderField[capacity];
        for (int i = 0; i < count; i++) {
            int from = (head - count + i) & mask;
            names[i] = oldNames[from];
            values[i] = oldValues[from];
            if (fields != null) {
                fields[i] = oldFields[from];
            }
        }
        mask = capacity - 1;
        head = count & mask;
        if (hashed) {
            nameHashes = new int[capacity];
            chain = new int[capacity];
            buckets = new int[capacity * 2];
            for (int slot = 0; slot < count; slot++) {
                int h = names[slot].hashCode();
                int bucket = h & (buckets.length - 1);
                nameHashes[slot] = h;
                chain[slot] = buckets[bucket];
                buckets[bucket] = slot + 1;
            }
        }
    }
}
