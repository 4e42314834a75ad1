/**
 * The suite as JUnit Jupiter dynamic tests ({@code ConformanceTests}), for a user's own build. Imports {@code
 * runner}, {@code spec}, {@code suite}, {@code targets}, {@code verdict}; used by no other package.
 */
package io.h2scope.conformance.junit;
