/**
 * The proxy's TLS interception: a local certificate authority that issues a certificate per host name, the key
 * manager that picks it by the client's SNI, and how the proxy checks a TLS upstream's certificate in turn.
 */
package io.h2scope.engine.proxy.tls;
