/**
 * The HTTP/2 console ({@code h2scope console}, the inspector's "send frame" box): one line of text a command
 * ({@code ConsoleParser}, the one place the command words are read), run on a client {@code ScriptedPeer}
 * ({@code ConsoleSession}: any frame or octets, valid or not), what both sides sent printed as trace frame lines with
 * the peer's errors explained ({@code ConsolePrinter}); and back, frames to the lines that send them again
 * ({@code ConsoleScript}: a conformance case's script). Imports the frame and HPACK floors, {@code scripted} and the
 * trace's words; the socket is opened by the caller.
 */
package io.h2scope.engine.console;
