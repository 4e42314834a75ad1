/**
 * The server load comparison: the core alone per request ({@code ServerCoreBench}), and Jetty and Netty h2c
 * servers sending the same body as the reference server, for h2load runs. Imports the engine's core and servers.
 */
package io.h2scope.bench.server;
