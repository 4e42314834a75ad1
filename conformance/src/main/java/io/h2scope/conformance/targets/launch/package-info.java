/**
 * Starting the servers the suite tests and stopping them again: h2scope's reference server in this JVM, a
 * {@code docker-targets/} folder's server as a local process or as a container, or a URL of one already running
 * ({@code TargetResolver} turns a name into one of them). Imports the engine's server and TLS, {@code targets},
 * {@code targets.expected}, {@code peer} and {@code verdict} (readiness checks) and {@code report} (h2scope's
 * version); used by the CLI, the JUnit bridge, the inspector and the real-server tests.
 */
package io.h2scope.conformance.targets.launch;
