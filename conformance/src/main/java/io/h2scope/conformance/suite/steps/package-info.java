/**
 * The steps many server cases share: {@code Script} (requests, DATA, CONTINUATION, waits for a stream's end or the
 * SETTINGS ACK), {@code Fields} (a valid request head bent one way, written into the evidence) and {@code
 * ControlRun} (a case's script run again with the tested thing replaced by something valid, so a reaction is blamed
 * on the right frame). Imports {@code peer}, {@code verdict} and the engine's floors; imported by the section
 * packages.
 */
package io.h2scope.conformance.suite.steps;
