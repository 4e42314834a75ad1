/**
 * {@code h2scope proxy}: the recording proxy from the command line, its limits' defaults taken from {@code
 * ProxyLimits}, and {@code -v} lines per leg. Imports the engine's proxy, TLS, key log and trace sinks.
 */
package io.h2scope.cli.proxy;
