/**
 * The root of the suite: {@code Suites} lists every section in run and report order (no classpath scanning),
 * with the steps many cases share ({@code Script}, {@code Fields}, {@code ControlRun}). Imports each section
 * package, which import this one back for those steps. Used by the CLI, the JUnit bridge and the inspector.
 */
package io.h2scope.conformance.suite;
