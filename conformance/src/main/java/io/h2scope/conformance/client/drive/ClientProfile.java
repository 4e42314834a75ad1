package io.h2scope.conformance.client.drive;

import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * A client on this machine made ready to drive: how its command line is built for a task, what it can do, what it
 * needs installed, and how its output tells a failure that its exit status does not.
 *
 * @param name        what the user types after {@code --client}
 * @param usage       the command line it runs, as documentation (placeholders as in {@link CommandTemplate})
 * @param abilities   what it can be made to do
 * @param missing     what is missing on this machine to run it, and how to get it; empty when it can run
 * @param command     the command line for a task, placeholders filled
 * @param failureText a failure its output shows although it exits 0 (h2load counts failed requests but exits 0), or
 *                    empty
 */
public record ClientProfile(String name, String usage, Set<ClientAbility> abilities, Supplier<Optional<String>> missing,
        Function<ClientTask, String> command, Function<String, Optional<String>> failureText) {

    public ClientProfile {
        abilities = Set.copyOf(abilities);
    }
}
