/**
 * The option types the sub-commands share: {@code InputFile} and {@code OutputFile} (paths checked before the
 * command runs), {@code DurationValue}, {@code AttachOptions} (the attach address and token) and the {@code --reveal}
 * mixin {@code RevealOption}. Imports only the engine; imported by the sub-command packages, never importing them.
 */
package io.h2scope.cli.options;
