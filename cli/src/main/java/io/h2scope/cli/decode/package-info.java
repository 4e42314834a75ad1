/**
 * {@code h2scope frames decode} and {@code h2scope hpack decode}: hex or raw bytes decoded into frames (through
 * the engine's reader and observer) or HPACK fields.
 */
package io.h2scope.cli.decode;
