/**
 * The client in front of the intermediary under test: {@code FrontClient} sends a case's request exactly as given,
 * one connection per request (h2c by prior knowledge or TLS with ALPN h2), retries a request the front refused
 * unprocessed (RST_STREAM REFUSED_STREAM, RFC 9113 §8.7) a bounded number of times, and reads until the front
 * answers, resets or closes; {@code FrontStream} drives the end-to-end cases step by step; {@code ResponseReader}
 * gathers an answer into {@code FrontAnswer}.
 *
 * <p>Imports the engine's scripted peer, frames and HPACK fields, and {@code origin}'s marker, which ties each request
 * to what the origin behind the intermediary received.
 */
package io.h2scope.conformance.intermediary.front;
