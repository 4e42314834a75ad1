package io.h2scope.conformance.suite.steps;

import io.h2scope.conformance.peer.HandshakeException;
import io.h2scope.conformance.peer.Peer;
import java.util.Optional;

/**
 * A control: the script of a case run again on a fresh connection with the one thing the case tests replaced by
 * something known to be valid (an unknown error code by INTERNAL_ERROR, a GOAWAY without the PING after it). When
 * the target reacts to the control as it reacted in the case, the reaction belongs to the rest of the script, not
 * to what the case tests, and the case must not blame it. Run only when the case saw a reaction it would FAIL, so a
 * target that passes pays nothing. The control's frames are added to the case's evidence.
 */
public final class ControlRun {

    /** What a control does on its connection; it returns what it saw. */
    @FunctionalInterface
    public interface Script<T> {
        T run(Peer control) throws Exception;
    }

    private ControlRun() {
    }

    /**
     * Runs {@code script} on a fresh connection to {@code p}'s target with {@code p}'s options; {@code what} says in
     * the evidence what the control changes. Empty when the control could not connect or failed to run (said in
     * the evidence): the case then has nothing to attribute with.
     */
    public static <T> Optional<T> run(Peer p, String what, Script<T> script) {
        Peer control;
        try {
            control = Peer.connect(p.target(), p.options());
        } catch (HandshakeException e) {
            p.note("control (" + what + ") could not connect: " + e.getMessage());
            return Optional.empty();
        }
        try (control) {
            return Optional.ofNullable(script.run(control));
        } catch (Exception e) {
            control.note("the control could not run: " + e.getMessage());
            return Optional.empty();
        } finally {
            p.include("control on a fresh connection: " + what, control.trace());
        }
    }
}
