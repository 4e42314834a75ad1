/**
 * HTTP message rules of RFC 9113 §8 on decoded field blocks: field validity (§8.2.1),
 * connection-specific fields (§8.2.2), pseudo-header fields (§8.3, §8.3.1, §8.3.2), CONNECT (§8.5,
 * RFC 8441 extended CONNECT), server push requests (§8.4), trailers (§8.1) and content-length
 * against DATA (§8.1.1), plus the smuggling defences of SEC-09, SEC-18, SEC-19 and SEC-20
 * (docs/SECURITY.md).
 *
 * <p>{@link io.h2scope.engine.http.MessageValidator} turns a field block into a
 * {@link io.h2scope.engine.http.RequestHead} or {@link io.h2scope.engine.http.ResponseHead};
 * {@link io.h2scope.engine.http.ContentLengthCheck} follows the DATA frames of one message. Every
 * violation is a {@link io.h2scope.engine.error.StreamError} of type PROTOCOL_ERROR naming the
 * section (§8.1.1: "Malformed requests or responses that are detected MUST be treated as a stream
 * error ... of type PROTOCOL_ERROR"); details escape control bytes, so a hostile value never reaches
 * a log line raw.
 *
 * <p>Pure rules: no I/O, no threads, no clocks. One pass over the fields, no regex; the only
 * allocation on success is the result (its field list is one copy of the regular fields).
 *
 * <p>Imports {@code error} and {@code hpack}; used by the core, the server, the JSONL reader's rule list and the
 * conformance peer.
 */
package io.h2scope.engine.http;
