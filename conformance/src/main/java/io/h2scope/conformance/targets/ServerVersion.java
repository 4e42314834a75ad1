package io.h2scope.conformance.targets;

import java.util.Objects;
import java.util.Optional;

/**
 * The version of the server a run tested, as the server (or its package) told it where it ran: {@code nginx 1.22.1}
 * from {@code nginx -v} on the host for a local process, inside the container for a container. Reports carry it,
 * so a verdict read later says which build it is about.
 *
 * @param server    the target's name, e.g. {@code nginx}
 * @param version   the version number it answered, e.g. {@code 1.22.1}, or null when it could not be learnt
 * @param askedWith the command that was asked, e.g. {@code /usr/sbin/nginx -v}
 * @param problem   why the version is unknown (one line), or null when it is known
 * @param note      one line when the folder's expected-failures.txt was written for another version, or null
 */
public record ServerVersion(String server, String version, String askedWith, String problem, String note) {

    public ServerVersion {
        Objects.requireNonNull(server, "server");
        Objects.requireNonNull(askedWith, "askedWith");
        if ((version == null) == (problem == null)) {
            throw new IllegalArgumentException("a server version is known or has a problem, not both or neither");
        }
    }

    public static ServerVersion known(String server, String version, String askedWith) {
        return new ServerVersion(server, version, askedWith, null, null);
    }

    public static ServerVersion unknown(String server, String askedWith, String problem) {
        return new ServerVersion(server, null, askedWith, problem, null);
    }

    public boolean isKnown() {
        return version != null;
    }

    /** {@code nginx 1.22.1}, or {@code nginx (version unknown: ...)}. */
    public String describe() {
        return isKnown() ? server + " " + version : server + " (version unknown: " + problem + ")";
    }

    /** {@code nginx 1.22.1 (asked: /usr/sbin/nginx -v)}: what a report's header shows. */
    public String describeWithSource() {
        return describe() + " (asked: " + askedWith + ")";
    }

    public Optional<String> expectedFailuresNote() {
        return Optional.ofNullable(note);
    }

    /** The same version with the note a target's expected-failures.txt gives for it. */
    public ServerVersion withNote(Optional<String> value) {
        return new ServerVersion(server, version, askedWith, problem, value.orElse(null));
    }
}
