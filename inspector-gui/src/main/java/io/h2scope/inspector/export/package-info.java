/**
 * Saving what the frame list shows: a JSONL trace (the engine's own format) or a pcapng capture Wireshark
 * dissects as HTTP/2 over synthetic TCP. No JavaFX. Imports {@code model} and the engine's JSONL codec; used by
 * the views.
 */
package io.h2scope.inspector.export;
