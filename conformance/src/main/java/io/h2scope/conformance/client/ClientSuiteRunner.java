package io.h2scope.conformance.client;

import io.h2scope.conformance.client.drive.ClientAbility;
import io.h2scope.conformance.client.drive.ClientUnderTest;
import io.h2scope.conformance.spec.Level;
import io.h2scope.conformance.verdict.Verdict;
import io.h2scope.engine.scripted.ScriptedPeer;

import java.io.IOException;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Runs client cases one after the other, each on a stage of its own: SKIP for a case the client cannot be made to
 * exercise, INCONCLUSIVE when the client never came or the stage failed, else the case's verdict.
 */
public final class ClientSuiteRunner {

    /** One case and its verdict. */
    public record Result(ClientSection section, ClientCase definition, Verdict verdict) {
    }

    private final ClientUnderTest client;
    private final Duration timeout;

    /** @param timeout how long each case waits for the client (to connect, to send, to finish) */
    public ClientSuiteRunner(ClientUnderTest client, Duration timeout) {
        this.client = client;
        this.timeout = timeout;
    }

    /** Runs every case of {@code sections}, in order. */
    public List<Result> run(List<ClientSection> sections) throws InterruptedException {
        List<Result> results = new ArrayList<>();
        for (ClientSection section : sections) {
            for (ClientCase c : section.cases()) {
                results.add(new Result(section, c, run(c)));
            }
        }
        return results;
    }

    /** Runs one case, outside any section's loop. */
    public Verdict run(ClientCase c) throws InterruptedException {
        return judge(c);
    }

    /**
     * Runs one case as the server suite runs its cases: a SHOULD-level case only when {@code strict} (else SKIP), and
     * PASS-LENIENT a FAIL when {@code strict}.
     */
    public Verdict run(ClientCase c, boolean strict) throws InterruptedException {
        if (c.level() == Level.SHOULD && !strict) {
            return Verdict.skip("SHOULD-level rule: runs only with --strict");
        }
        return judge(c).strictly(strict);
    }

    /**
     * Why the client does not reach a scripted server at all, asked once before the cases so that a client that never
     * connects is said once rather than judged INCONCLUSIVE case after case; empty when it connected (whatever it then
     * sent: the cases judge that), or when it cannot speak h2c with prior knowledge and so every case is SKIP anyway.
     */
    public Optional<String> unreachable() throws InterruptedException {
        if (!client.abilities().contains(ClientAbility.PRIOR_KNOWLEDGE)) {
            return Optional.empty();
        }
        try (ClientStage stage = new ClientStage(client, timeout)) {
            stage.start("/");
            try (ScriptedPeer peer = stage.accept()) {
                ServerPart.settings(peer);
                ServerPart.serve(peer);
                stage.outcomes();
            }
            return Optional.empty();
        } catch (ClientNeverConnectedException e) {
            return Optional.of(e.getMessage());
        } catch (IOException e) {
            return Optional.empty(); // it connected; what it sent is for the cases to judge
        }
    }

    private Verdict judge(ClientCase c) throws InterruptedException {
        Set<ClientAbility> missing = new TreeSet<>(c.needs());
        missing.removeAll(client.abilities());
        missing.remove(ClientAbility.PRIOR_KNOWLEDGE);
        if (!client.abilities().contains(ClientAbility.PRIOR_KNOWLEDGE)) {
            return Verdict.skip(client.name() + " cannot " + ClientAbility.PRIOR_KNOWLEDGE.words());
        }
        if (!missing.isEmpty()) {
            return Verdict.skip(client.name() + " cannot " + missing.iterator().next().words());
        }
        try (ClientStage stage = new ClientStage(client, timeout)) {
            return c.body().run(stage);
        } catch (ClientNeverConnectedException e) {
            return Verdict.inconclusive("", e.getMessage());
        } catch (InterruptedException e) {
            throw e;
        } catch (Exception e) {
            return Verdict.inconclusive("", "the stage failed: " + e);
        }
    }
}
