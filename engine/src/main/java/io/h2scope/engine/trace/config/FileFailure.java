package io.h2scope.engine.trace.config;

import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;

/**
 * What went wrong opening, binding or writing a file or socket, in words and without the exception's class name (which
 * the user cannot act on). Here, below the transport, so that the trace's own sinks can say it too.
 */
public final class FileFailure {

    private FileFailure() {
    }

    /** "/x: Is a directory", "/x: no such file or directory", "Address already in use". */
    public static String reason(Exception e) {
        if (e instanceof FileSystemException f) {
            // a NoSuchFileException's message is the path alone: the reason is its kind
            String why = f.getReason() != null ? f.getReason()
                    : e instanceof NoSuchFileException ? "no such file or directory"
                    : e instanceof AccessDeniedException ? "permission denied"
                    : e instanceof FileAlreadyExistsException ? "already exists" : "cannot access";
            return f.getFile() == null ? why : f.getFile() + ": " + why;
        }
        String message = e.getMessage();
        return message == null || message.isBlank() ? e.getClass().getSimpleName() : message;
    }
}
