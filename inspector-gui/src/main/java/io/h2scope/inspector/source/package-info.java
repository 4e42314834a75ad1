/**
 * Where the inspector's events come from, each a {@code TraceSource} on its own thread: a recording file, a file
 * being written, a running engine's attach stream, the window's own client, the recording proxy, a conformance
 * run's case; {@code Inspection} ties the sources to one {@code Recording}. A conformance run of either suite is a
 * {@code SuiteRun} (the server suite's {@code ConformanceRun}, the client suite's {@code ClientConformanceRun}). No
 * JavaFX. Imports {@code model} and the engine's trace readers, client, proxy and TLS, and the conformance runner,
 * targets and client suite; used by the views, the
 * CLI's {@code inspect} and the inspector benchmark.
 */
package io.h2scope.inspector.source;
