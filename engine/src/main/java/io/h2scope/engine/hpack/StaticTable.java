package io.h2scope.engine.hpack;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The static table of RFC 7541 Appendix A (indexes 1 to 61), with a hashed name lookup for the encoder.
 * The decoder hands out these very String instances, so an indexed static field allocates nothing.
 */
public final class StaticTable {

    /** Number of entries; dynamic table indexes start right after (RFC 7541 §2.3.3). */
    public static final int LENGTH = 61;

    private static final String[] PAIRS = {
        ":authority", "",  // 1
        ":method", "GET",  // 2
        ":method", "POST",  // 3
        ":path", "/",  // 4
        ":path", "/index.html",  // 5
        ":scheme", "http",  // 6
        ":scheme", "https",  // 7
        ":status", "200",  // 8
        ":status", "204",  // 9
        ":status", "206",  // 10
        ":status", "304",  // 11
        ":status", "400",  // 12
        ":status", "404",  // 13
        ":status", "500",  // 14
        "accept-charset", "",  // 15
        "accept-encoding", "gzip, deflate",  // 16
        "accept-language", "",  // 17
        "accept-ranges", "",  // 18
        "accept", "",  // 19
        "access-control-allow-origin", "",  // 20
        "age", "",  // 21
        "allow", "",  // 22
        "authorization", "",  // 23
        "cache-control", "",  // 24
        "content-disposition", "",  // 25
        "content-encoding", "",  // 26
        "content-language", "",  // 27
        "content-length", "",  // 28
        "content-location", "",  // 29
        "content-range", "",  // 30
        "content-type", "",  // 31
        "cookie", "",  // 32
        "date", "",  // 33
        "etag", "",  // 34
        "expect", "",  // 35
        "expires", "",  // 36
        "from", "",  // 37
        "host", "",  // 38
        "if-match", "",  // 39
        "if-modified-since", "",  // 40
        "if-none-match", "",  // 41
        "if-range", "",  // 42
        "if-unmodified-since", "",  // 43
        "last-modified", "",  // 44
        "link", "",  // 45
        "location", "",  // 46
        "max-forwards", "",  // 47
        "proxy-authenticate", "",  // 48
        "proxy-authorization", "",  // 49
        "range", "",  // 50
        "referer", "",  // 51
        "refresh", "",  // 52
        "retry-after", "",  // 53
        "server", "",  // 54
        "set-cookie", "",  // 55
        "strict-transport-security", "",  // 56
        "transfer-encoding", "",  // 57
        "user-agent", "",  // 58
        "vary", "",  // 59
        "via", "",  // 60
        "www-authenticate", "",  // 61
    };

    /** 1-based, slot 0 unused. */
    private static final String[] NAMES = new String[LENGTH + 1];
    private static final String[] VALUES = new String[LENGTH + 1];
    /** The entries as HeaderFields, shared by every decoded block that indexes them. */
    private static final HeaderField[] FIELDS = new HeaderField[LENGTH + 1];
    /** For the first index of each name, the last index with the same name (same-name entries are adjacent). */
    private static final int[] LAST_WITH_NAME = new int[LENGTH + 1];
    /** Open addressing by name hash: the first index of a name, 0 = empty slot. */
    private static final int[] NAME_SLOTS = new int[128];

    static {
        for (int i = 1; i <= LENGTH; i++) {
            NAMES[i] = PAIRS[2 * (i - 1)];
            VALUES[i] = PAIRS[2 * (i - 1) + 1];
            FIELDS[i] = new HeaderField(NAMES[i], VALUES[i]);
        }
        for (int i = 1; i <= LENGTH; i++) {
            if (i > 1 && NAMES[i].equals(NAMES[i - 1])) {
                continue;
            }
            int last = i;
            while (last < LENGTH && NAMES[last + 1].equals(NAMES[i])) {
                last++;
            }
            LAST_WITH_NAME[i] = last;
            int slot = NAMES[i].hashCode() & (NAME_SLOTS.length - 1);
            while (NAME_SLOTS[slot] != 0) {
                slot = (slot + 1) & (NAME_SLOTS.length - 1);
            }
            NAME_SLOTS[slot] = i;
        }
    }

    private StaticTable() {
    }

    /** Name at {@code index} (1 to {@link #LENGTH}). */
    public static String name(int index) {
        return NAMES[index];
    }

    /** Value at {@code index} (1 to {@link #LENGTH}); empty for name-only entries. */
    public static String value(int index) {
        return VALUES[index];
    }

    /** Entry {@code index} (1 to {@link #LENGTH}) as one shared, immutable HeaderField. */
    static HeaderField field(int index) {
        return FIELDS[index];
    }

    /** All 61 entries in index order (entry {@code i} at list position {@code i - 1}). */
    public static List<HeaderField> entries() {
        List<HeaderField> list = new ArrayList<>(LENGTH);
        for (int i = 1; i <= LENGTH; i++) {
            list.add(new HeaderField(NAMES[i], VALUES[i]));
        }
        return Collections.unmodifiableList(list);
    }

    /**
     * Looks a field up: the index of an entry with this name and value, else minus the first index with
     * this name, else 0.
     */
    static int find(String name, String value) {
        int mask = NAME_SLOTS.length - 1;
        for (int slot = name.hashCode() & mask; ; slot = (slot + 1) & mask) {
            int first = NAME_SLOTS[slot];
            if (first == 0) {
                return 0;
            }
            if (NAMES[first].equals(name)) {
                for (int i = first, last = LAST_WITH_NAME[first]; i <= last; i++) {
                    if (VALUES[i].equals(value)) {
                        return i;
                    }
                }
                return -first;
            }
        }
    }
}
