/**
 * {@code h2scope get}: one request with the engine's client, {@code -v} printing each frame in the text trace
 * form. Imports the engine's client and trace text.
 */
package io.h2scope.cli.get;
