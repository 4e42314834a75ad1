/**
 * {@code h2scope conform} and {@code h2scope matrix}: a conformance run against one named target or a
 * cross-server matrix, with the options both share. Imports the conformance runner, suite, targets and reports.
 */
package io.h2scope.cli.conform;
