/**
 * Tracing switched while the process runs ({@code H2SCOPE_TRACE_LISTEN}) or narrowed to some connections
 * ({@code H2SCOPE_TRACE_ONLY}): {@code LiveTrace} holds what is in force (levels, filter, recording, readers) and
 * gives each connection a {@code LiveConnection} that decides whether it is traced; {@code LiveControl} answers the
 * attach socket's commands. Imports the configuration, the sinks and the attach server; built by the trace factory.
 */
package io.h2scope.engine.trace.live;
