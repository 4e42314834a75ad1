/**
 * {@code h2scope conform}, {@code h2scope conform-client} and {@code h2scope matrix}: a conformance run against one named target, a client, or a
 * cross-server matrix, with the options both share. Imports the conformance runner, suite, targets and reports.
 */
package io.h2scope.cli.conform;
