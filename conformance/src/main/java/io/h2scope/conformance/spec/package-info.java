/**
 * What a conformance case is: its id ({@code CaseId}, family/section/slug), its metadata and body ({@code
 * CaseDef}, {@code CaseBody}), the RFC {@code Level} of its rule and the {@code Section} that groups cases.
 * Imports {@code peer} (a body drives a {@code Peer}) and {@code verdict}; used by the suite, the runner, the
 * reports, the JUnit bridge and the inspector's conformance source.
 */
package io.h2scope.conformance.spec;
