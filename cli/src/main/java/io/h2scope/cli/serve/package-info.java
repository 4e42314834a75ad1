/**
 * {@code h2scope serve}: the reference server from a config file and flags ({@code ServerOptions}). Imports the
 * engine's server.
 */
package io.h2scope.cli.serve;
