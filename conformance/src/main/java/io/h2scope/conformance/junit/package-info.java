/**
 * The suites as JUnit Jupiter dynamic tests, for a user's own build: the server suite ({@code ConformanceTests}) and
 * the client suite ({@code ClientConformanceTests}). Imports {@code runner}, {@code spec}, {@code suite}, {@code
 * targets}, {@code verdict}, {@code client}, {@code client.drive}; used by no other package.
 */
package io.h2scope.conformance.junit;
