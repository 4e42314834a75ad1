/**
 * The root of the suite: {@code Suites} lists every section in run and report order (no classpath scanning). Imports
 * each section package; the sections import {@code suite.steps} for the steps many cases share, never this one. Used
 * by the CLI, the JUnit bridge and the inspector.
 */
package io.h2scope.conformance.suite;
