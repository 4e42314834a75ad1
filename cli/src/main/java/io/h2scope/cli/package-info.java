/**
 * The {@code h2scope} command line ({@code H2scopeCommand}, picocli): the root command that lists the sub-commands,
 * {@code CommandErrors}, the one place a failed command becomes one line on stderr and an exit status, and the
 * start-up settings ({@code WholeNumber}, {@code LibraryLogLevels}, {@code TlsGroupPreference}). Imports each
 * sub-command's package; the sub-commands import {@code cli.options} for the option types they share, never this one.
 */
package io.h2scope.cli;
