/**
 * The servers a run tests: addressed ({@code Target}, {@code UrlTarget}), started ({@code TargetResolver}:
 * embedded reference server, a {@code docker-targets/} folder as a local process or a container) and judged
 * against their known failures ({@code ExpectedFailures}, {@code ExpectedFailuresCheck}). Imports the engine's
 * server and TLS, and {@code runner}, {@code report}, {@code verdict}, {@code peer} (the expected-failure check
 * runs cases), which closes a package cycle (docs/ARCHITECTURE.md). Used by the CLI, the runner, the JUnit
 * bridge and the inspector.
 */
package io.h2scope.conformance.targets;
