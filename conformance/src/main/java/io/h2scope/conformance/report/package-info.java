/**
 * What a run writes: the live console report, JUnit XML, JSON, one self-contained HTML file, and the
 * cross-server matrix of {@code h2scope matrix}, each headed by the same {@code RunHeader}. Imports {@code
 * runner}, {@code spec}, {@code verdict}, {@code peer}, {@code targets}; used by the CLI and {@code targets}.
 */
package io.h2scope.conformance.report;
