/**
 * The text sink: each trace event as one line in one of five SLF4J categories ({@code h2scope.frames}, {@code
 * hpack}, {@code flow}, {@code state}, {@code conn}), with the fields a log pipeline indexes, and the logback
 * setup used when logback is the backend. Built by the trace factory; used by it and the benchmarks.
 */
package io.h2scope.engine.trace.log;
