package io.h2scope.engine.server;

/**
 * A config file or command line a server cannot take: one line naming where (file and line, or the flag),
 * the key and value, what is wrong, what is allowed and the default.
 */
public final class ServerOptionValuesException extends IllegalArgumentException {

    public ServerOptionValuesException(String message) {
        super(message);
    }
}
