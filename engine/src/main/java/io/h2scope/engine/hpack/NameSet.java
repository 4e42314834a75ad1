package io.h2scope.engine.hpack;

import java.util.Set;

/**
 * An immutable set of header names, asked once or twice per encoded field by the indexing policy (and for every
 * traced field by {@code Redaction}). Open
 * addressing over a power-of-two table: a lookup is the name's cached hash, a mask and at most a few
 * {@code equals}. (The JDK's {@code Set.of} tables are probed with {@code floorMod}, a division per lookup.)
 */
public final class NameSet {

    private final String[] slots;
    private final int mask;

    public NameSet(Set<String> names) {
        int size = Integer.highestOneBit(Math.max(4, names.size() * 4) - 1) << 1; // at most a quarter full
        slots = new String[size];
        mask = size - 1;
        for (String name : names) {
            int i = name.hashCode() & mask;
            while (slots[i] != null) {
                i = (i + 1) & mask;
            }
            slots[i] = name;
        }
    }

    public boolean contains(String name) {
        for (int i = name.hashCode() & mask; ; i = (i + 1) & mask) {
            String s = slots[i];
            if (s == null) {
                return false;
            }
            if (s.equals(name)) {
                return true;
            }
        }
    }
}
