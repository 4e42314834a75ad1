package io.h2scope.engine.hpack;

/**
 * Told of every change of one dynamic table (RFC 7541 §4), as it is applied, so a reader can rebuild
 * the table at any moment from the changes alone. Installed only when something listens (tracing).
 */
public interface TableListener {

    /** An entry was inserted at index 62; {@code size} is its RFC 7541 §4.1 size. */
    void added(String name, String value, int size);

    /** The {@code count} oldest entries were evicted (§4.4, or §4.3 after a size change). */
    void evicted(int count);

    /** The maximum size changed (§4.3); any eviction it causes follows as {@link #evicted}. */
    void resized(int maxSize);
}
