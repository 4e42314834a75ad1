/**
 * JMH benchmarks of the engine's tracing: a client and server connected in memory ({@code InMemoryExchange})
 * with each sink on and off, and the cost of one JSONL line. Imports the engine's core and trace packages;
 * nothing imports it but {@code bench.observer}. docs/BENCHMARKS.md has the figures and the commands.
 */
package io.h2scope.bench;
