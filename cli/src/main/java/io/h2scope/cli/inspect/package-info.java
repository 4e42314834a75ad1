/**
 * {@code h2scope inspect}: opens the inspector window on the sources named, and says in one line when no display
 * can show it. Imports the inspector's sources and view.
 */
package io.h2scope.cli.inspect;
