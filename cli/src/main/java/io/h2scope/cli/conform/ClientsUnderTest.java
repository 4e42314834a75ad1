package io.h2scope.cli.conform;

import io.h2scope.conformance.client.drive.ClientProfile;
import io.h2scope.conformance.client.drive.ClientProfiles;
import io.h2scope.conformance.client.drive.ClientUnderTest;
import io.h2scope.conformance.client.drive.ExecClient;
import io.h2scope.conformance.client.drive.H2ClientUnderTest;
import io.h2scope.conformance.client.drive.JdkHttpClientUnderTest;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/** The clients {@code --client NAME} names: the in-process adapters, then the command-line profiles. */
final class ClientsUnderTest {

    private static final Map<String, Supplier<ClientUnderTest>> IN_PROCESS = new LinkedHashMap<>();

    static {
        IN_PROCESS.put("h2scope", H2ClientUnderTest::new);
        IN_PROCESS.put("jdk", JdkHttpClientUnderTest::new);
    }

    private ClientsUnderTest() {
    }

    /** Every name {@code --client} takes. */
    static List<String> names() {
        List<String> names = new ArrayList<>(IN_PROCESS.keySet());
        ClientProfiles.all().forEach(p -> names.add(p.name()));
        return names;
    }

    /**
     * The client called {@code name}.
     *
     * @throws IllegalArgumentException naming the known clients when there is none by that name, or saying what is
     *                                  missing on this machine to run the one named
     */
    static ClientUnderTest named(String name) {
        Supplier<ClientUnderTest> inProcess = IN_PROCESS.get(name);
        if (inProcess != null) {
            return inProcess.get();
        }
        ClientProfile profile = ClientProfiles.all().stream().filter(p -> p.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("--client " + name + ": no such client; the known ones are "
                        + String.join(", ", names()) + " (or give a command line with --exec)"));
        return ExecClient.of(profile);
    }
}
