package io.h2scope.engine.hpack;

import java.util.AbstractList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Objects;
import java.util.RandomAccess;

/**
 * An immutable list of header fields that is handed on without copying. A decoded field block
 * travels from the decoder to the connection's event, to the request or response head and to
 * the application; each of them promises an unmodifiable list, and with {@code List.copyOf} at
 * every step the same fields were copied three times per request. {@link #copyOf} returns a
 * {@code HeaderList} as it is and copies any other list once; {@link #subList} is a
 * {@code HeaderList} over the same array (the regular fields after the pseudo-headers).
 *
 * <p>Like {@code List.copyOf}: no nulls, and every mutator throws
 * {@link UnsupportedOperationException}. Equality and hash code are those of {@link java.util.List}.
 */
public final class HeaderList extends AbstractList<HeaderField> implements RandomAccess {

    private static final HeaderList EMPTY = new HeaderList(new HeaderField[0], 0, 0);

    /** Never written after construction and never handed out. */
    private final HeaderField[] fields;
    private final int from;
    private final int to;

    private HeaderList(HeaderField[] fields, int from, int to) {
        this.fields = fields;
        this.from = from;
        this.to = to;
    }

    public static HeaderList of() {
        return EMPTY;
    }

    /** {@code list} itself when it is a HeaderList, else an immutable copy of it. */
    public static HeaderList copyOf(Collection<? extends HeaderField> list) {
        if (list instanceof HeaderList same) {
            return same;
        }
        HeaderField[] copy = list.toArray(new HeaderField[0]);
        for (HeaderField f : copy) {
            Objects.requireNonNull(f, "a header list holds no null field");
        }
        return copy.length == 0 ? EMPTY : new HeaderList(copy, 0, copy.length);
    }

    /** The first {@code count} fields of {@code source}, copied (the decoder reuses its array). */
    static HeaderList copyOf(HeaderField[] source, int count) {
        return count == 0 ? EMPTY : new HeaderList(Arrays.copyOf(source, count), 0, count);
    }

    @Override
    public HeaderField get(int index) {
        return fields[from + Objects.checkIndex(index, to - from)];
    }

    @Override
    public int size() {
        return to - from;
    }

    /** A view of the same fields, immutable like this list. */
    @Override
    public HeaderList subList(int fromIndex, int toIndex) {
        Objects.checkFromToIndex(fromIndex, toIndex, size());
        return fromIndex == toIndex ? EMPTY : new HeaderList(fields, from + fromIndex, from + toIndex);
    }

    @Override
    public Object[] toArray() {
        return Arrays.copyOfRange(fields, from, to, Object[].class);
    }
}
