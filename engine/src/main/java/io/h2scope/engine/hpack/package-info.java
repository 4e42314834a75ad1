/**
 * HPACK (RFC 7541): header compression for HTTP/2, self-contained: of the other h2scope packages it uses only
 * {@code error}, to name the rules it enforces ({@link io.h2scope.engine.hpack.HpackRule}).
 *
 * <p>Decoding: {@link io.h2scope.engine.hpack.HpackDecoder} turns one header block into calls on a
 * {@link io.h2scope.engine.hpack.HeaderSink}; any malformed input is an
 * {@link io.h2scope.engine.hpack.HpackException} (COMPRESSION_ERROR, connection fatal) naming the broken
 * rule, its RFC 7541 section and the byte offset, except an oversized header list, which is a
 * {@link io.h2scope.engine.hpack.HeaderListSizeException} (the connection survives).
 *
 * <p>Encoding: {@link io.h2scope.engine.hpack.HpackEncoder} picks representations with an
 * {@link io.h2scope.engine.hpack.IndexingPolicy}; {@link io.h2scope.engine.hpack.HpackWriter} writes exact,
 * possibly invalid, representations for conformance tests.
 *
 * <p>Header field names and values are octet strings: a Java {@code String} here holds one octet per
 * char (ISO-8859-1), so {@code String.length()} is the octet length used for table accounting.
 */
package io.h2scope.engine.hpack;
