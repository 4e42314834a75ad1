/**
 * The intermediary suite: h2scope stands on both sides of a proxy (the client in front, the origin behind) and
 * judges what the proxy forwards by what the origin received. {@code ProxyCase}, {@code ProxySection},
 * {@code ProxyStage}, {@code ProxySuiteRunner} mirror the client suite's shape;
 * {@code IntermediaryJudge} holds the verdict vocabulary (refused, forwarded in an allowed form, forwarded as it
 * came, desync proven). {@code origin} is the listener behind the proxy (HTTP/1.1 with raw octets kept, h2c) and the
 * routing of each arrival to its case by a marker; {@code front} is the client in front; {@code cases} the sections
 * and their list, {@code ProxySuite} ({@code cases} imports this package, not the other way).
 *
 * <p>Imports the engine's scripted peer, frames, HPACK fields and HTTP/1.1 parser, and the shared {@code Verdict},
 * {@code CaseId} and {@code Level}; used by the CLI's {@code conform-proxy}.
 */
package io.h2scope.conformance.intermediary;
