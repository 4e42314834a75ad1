package io.h2scope.conformance.client.drive;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The clients known by name ({@code conform-client --client NAME}, the inspector's client suite): the in-process
 * adapters, then the command-line profiles.
 */
public final class ClientsUnderTest {

    private static final Map<String, Supplier<ClientUnderTest>> IN_PROCESS = new LinkedHashMap<>();

    static {
        IN_PROCESS.put("h2scope", H2ClientUnderTest::new);
        IN_PROCESS.put("jdk", JdkHttpClientUnderTest::new);
    }

    private ClientsUnderTest() {
    }

    /** Every name {@code --client} takes. */
    public static List<String> names() {
        List<String> names = new ArrayList<>(IN_PROCESS.keySet());
        ClientProfiles.all().forEach(p -> names.add(p.name()));
        return names;
    }

    /**
     * What this machine lacks to run the client called {@code name}, and how to get it; empty when it runs here (an
     * in-process client always does).
     *
     * @throws IllegalArgumentException naming the known clients when there is none by that name
     */
    public static Optional<String> missing(String name) {
        if (IN_PROCESS.containsKey(name)) {
            return Optional.empty();
        }
        return profile(name).missing().get();
    }

    /**
     * The client called {@code name}.
     *
     * @throws IllegalArgumentException naming the known clients when there is none by that name, or saying what is
     *                                  missing on this machine to run the one named
     */
    public static ClientUnderTest named(String name) {
        Supplier<ClientUnderTest> inProcess = IN_PROCESS.get(name);
        if (inProcess != null) {
            return inProcess.get();
        }
        return ExecClient.of(profile(name));
    }

    private static ClientProfile profile(String name) {
        return ClientProfiles.all().stream().filter(p -> p.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no client is called '" + name + "'; the known ones are "
                        + String.join(", ", names())));
    }
}
