/**
 * The connection's named limits ({@code Limit}, {@code Limits}: name, kind, default, allowed values), the flood
 * guards on passed-in time ({@code FloodGuard}, {@code TokenBucket}), and {@code LimitRule}, the
 * ENHANCE_YOUR_CALM rule each limit raises (RFC 9113 §10.5). docs/SECURITY.md maps them to the attacks they
 * bound. Imports only {@code error}; used by the core, the server's options and the trace reader's rule list.
 */
package io.h2scope.engine.core.limits;
