/**
 * Starting the servers the suite tests and stopping them again: h2scope's reference server in this JVM, a
 * {@code docker-targets/} folder's server as a local process or as a container, or a URL of one already running
 * ({@link io.h2scope.conformance.targets.launch.TargetResolver} turns a name into one of them).
 */
package io.h2scope.conformance.targets.launch;
