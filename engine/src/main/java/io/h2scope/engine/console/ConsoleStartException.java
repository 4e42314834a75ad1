package io.h2scope.engine.console;

import java.io.IOException;

/** The peer did not start HTTP/2: no answer to the preface, an answer in something else, an upgrade refused. */
public final class ConsoleStartException extends IOException {

    private static final long serialVersionUID = 1L;

    public ConsoleStartException(String message) {
        super(message);
    }
}
