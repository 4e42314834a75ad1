/**
 * The live event stream ({@code H2SCOPE_TRACE_LISTEN}): {@code AttachServer} serves JSONL lines to local readers
 * on a Unix socket or a loopback port with a token, and takes the commands that switch tracing live (handed to
 * {@code trace.live}); {@code AttachClient} reads the stream and sends commands. Imports the JSONL codec and
 * the event model; used by the trace factory, {@code trace follow --attach} and the inspector.
 */
package io.h2scope.engine.trace.attach;
