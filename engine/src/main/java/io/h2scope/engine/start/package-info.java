/**
 * The rules of starting HTTP/2 ({@code StartRule}): the connection preface and first SETTINGS (RFC 9113 §3.4),
 * the h2c upgrade (RFC 7540 §3.2) and the TLS it runs on (RFC 9113 §9.2). A floor: imports only {@code error};
 * the core, the observer and the TLS policy check these rules, and a recording's reader names them.
 */
package io.h2scope.engine.start;
