/**
 * HPACK side by side on the same bytes: the hpack-test-case corpus and a browser-like request, every library
 * checked to decode correctly before it is measured. Imports {@code bench.hpack.peer}: the adapters and
 * the {@code Field} they all speak.
 */
package io.h2scope.bench.hpack;
