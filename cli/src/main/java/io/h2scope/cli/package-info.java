/**
 * The {@code h2scope} command line ({@code H2scopeCommand}, picocli): the root command, the option types every
 * sub-command shares, and {@code CommandErrors}, the one place a failed command becomes one line on stderr and
 * an exit status. Each sub-command lives in a sub-package that imports this one back for those shared types.
 */
package io.h2scope.cli;
