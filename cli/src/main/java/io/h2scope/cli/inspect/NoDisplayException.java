package io.h2scope.cli.inspect;

/** The inspector was asked for where no window can open; the message names the headless alternative. */
public final class NoDisplayException extends RuntimeException {

    NoDisplayException(String message) {
        super(message);
    }
}
