/**
 * The proxy's TLS interception: a local certificate authority that issues a certificate per host name
 * ({@code CertificateAuthority}), the key manager that picks it by the client's SNI ({@code HostKeyManager}), and
 * how the proxy checks a TLS upstream's certificate in turn ({@code UpstreamTls}). Imports {@code transport.tls}
 * and its key log; used by the proxy, the CLI's {@code proxy} and the inspector's proxy panel.
 */
package io.h2scope.engine.proxy.tls;
