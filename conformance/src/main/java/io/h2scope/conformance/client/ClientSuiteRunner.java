package io.h2scope.conformance.client;

import io.h2scope.conformance.client.drive.ClientAbility;
import io.h2scope.conformance.client.drive.ClientUnderTest;
import io.h2scope.conformance.client.drive.Connect;
import io.h2scope.conformance.peer.EntryDirection;
import io.h2scope.conformance.peer.TraceEntry;
import io.h2scope.conformance.runner.CaseSelection;
import io.h2scope.conformance.runner.CaseFacts;
import io.h2scope.conformance.runner.JudgedCase;
import io.h2scope.conformance.runner.JudgedListener;
import io.h2scope.conformance.spec.Level;
import io.h2scope.conformance.verdict.Verdict;
import io.h2scope.engine.scripted.ScriptedPeer;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs client cases one after the other, each on a stage of its own: SKIP for a case the client cannot be made to
 * exercise (or a SHOULD case without --strict), INCONCLUSIVE when the client never came or the stage failed, else the
 * case's verdict. A client that cannot be started, or never connects before any case has seen it connect, ends the
 * run there: every further case would say the same. {@link #close()} removes the run's certificate authority (its
 * folder); a runner never closed leaves it to the JVM's end.
 */
public final class ClientSuiteRunner implements AutoCloseable {

    /** The start of an INCONCLUSIVE's reason when the client closed the connection before the case's server was done. */
    public static final String CLIENT_CLOSED = "the client closed the connection before the case's server had played its part";

    /** How the scripted server's reader starts saying that the client sent a broken frame or an undecodable block. */
    private static final String BROKEN_BY_CLIENT = "the other side";


    /** One case, its verdict and what the verdict rests on. */
    public record Result(ClientSection section, ClientCase definition, Verdict verdict, Duration elapsed,
            List<TraceEntry> evidence) implements JudgedCase {

        public Result {
            evidence = List.copyOf(evidence);
        }

        /** Its facts from its definition; the one reference is the RFC section as written ({@code RFC 9113 §6.9.1}). */
        @Override
        public CaseFacts facts() {
            return new CaseFacts(definition.id().value(), section.id(), section.title(), definition.rfc(), definition.rfc(),
                    Map.of("rfc", definition.rfc()), definition.quote(), definition.description(), definition.level());
        }

        @Override
        public int iteration() {
            return 1;
        }
    }

    private final ClientUnderTest client;
    private final Duration timeout;
    private final Optional<Connect> connect;
    private final boolean strict;
    private final CaseSelection selection;
    /** The run's certificate authority once made; shared with the runners {@link #run(ClientCase, boolean)} makes. */
    private final AtomicReference<RunCertificates> certificates;
    private boolean everConnected;

    /** @param timeout how long each case waits for the client (to connect, to send, to finish) */
    public ClientSuiteRunner(ClientUnderTest client, Duration timeout) {
        this(client, timeout, Optional.empty(), false, CaseSelection.all());
    }

    /**
     * @param connect   how a case that holds for any connection has the client connect; empty: the first of prior
     *                  knowledge, Upgrade and TLS the client can do
     * @param strict    run SHOULD cases, and count a PASS-LENIENT as a FAIL
     * @param selection which cases run
     */
    public ClientSuiteRunner(ClientUnderTest client, Duration timeout, Optional<Connect> connect, boolean strict,
            CaseSelection selection) {
        this(client, timeout, connect, strict, selection, new AtomicReference<>());
    }

    private ClientSuiteRunner(ClientUnderTest client, Duration timeout, Optional<Connect> connect, boolean strict,
            CaseSelection selection, AtomicReference<RunCertificates> certificates) {
        this.client = client;
        this.timeout = timeout;
        this.connect = connect;
        this.strict = strict;
        this.selection = selection;
        this.certificates = certificates;
    }

    /** How a case that holds for any connection is run against this client. */
    public Connect defaultConnect() {
        return connect.orElseGet(() -> {
            for (Connect c : Connect.values()) {
                if (client.abilities().contains(c.ability())) {
                    return c;
                }
            }
            return Connect.PRIOR_KNOWLEDGE;
        });
    }

    /** How {@code c} is run: its own way, or the run's. */
    public Connect connectFor(ClientCase c) {
        return c.connect().orElseGet(this::defaultConnect);
    }

    /** The selected cases of {@code sections}, with their sections, in suite order. */
    public List<Planned> plan(List<ClientSection> sections) {
        List<Planned> planned = new ArrayList<>();
        for (ClientSection section : sections) {
            for (ClientCase c : section.cases()) {
                if (selection.matches(section.id(), c.id(), c.rfcSection())) {
                    planned.add(new Planned(section, c));
                }
            }
        }
        return planned;
    }

    /** A selected case and its section. */
    public record Planned(ClientSection section, ClientCase definition) {
    }

    /**
     * The run's certificate authority, made on first call; its PEM file is what {@code {ca}} names.
     *
     * @throws IOException when it cannot be made
     */
    public RunCertificates certificates() throws IOException {
        synchronized (certificates) {
            if (certificates.get() == null) {
                certificates.set(RunCertificates.create());
            }
            return certificates.get();
        }
    }

    /**
     * Removes the run's certificate authority, if one was made (a later TLS case makes a new one). Every case's stage
     * has awaited its client by then, so none still reads the PEM file; the runners {@link #run(ClientCase, boolean)}
     * made share it and are done with it too.
     */
    @Override
    public void close() {
        synchronized (certificates) {
            RunCertificates made = certificates.getAndSet(null);
            if (made != null) {
                made.close();
            }
        }
    }

    /** Runs every selected case of {@code sections}, in order, telling {@code listener} as each is judged. */
    public ClientRunResult run(List<ClientSection> sections, JudgedListener listener) throws InterruptedException {
        Instant startedAt = Instant.now();
        long start = System.nanoTime();
        List<Planned> plan = plan(sections);
        listener.starting(plan.size());
        List<Result> results = new ArrayList<>();
        String unreachable = null;
        for (Planned p : plan) {
            long caseStart = System.nanoTime();
            List<TraceEntry> evidence = new ArrayList<>();
            Verdict verdict;
            try {
                verdict = judge(p.definition(), evidence);
            } catch (ClientNeverConnectedException e) {
                if (e.notStarted() || !everConnected) {
                    unreachable = e.getMessage();
                    break;
                }
                verdict = Verdict.inconclusive("", e.getMessage());
            }
            Result r = new Result(p.section(), p.definition(), verdict, Duration.ofNanos(System.nanoTime() - caseStart),
                    evidence);
            results.add(r);
            listener.judged(r);
        }
        ClientRunResult run = new ClientRunResult(ClientSubject.of(client, defaultConnect()), strict, startedAt,
                Duration.ofNanos(System.nanoTime() - start), results, unreachable, plan.size() - results.size());
        listener.ended(run);
        return run;
    }

    /** Runs every case of {@code sections}, in order. */
    public List<Result> run(List<ClientSection> sections) throws InterruptedException {
        return run(sections, new JudgedListener() { }).results();
    }

    /** Runs one case, outside any section's loop. */
    public Verdict run(ClientCase c) throws InterruptedException {
        try {
            return judge(c, new ArrayList<>());
        } catch (ClientNeverConnectedException e) {
            return Verdict.inconclusive("", e.getMessage());
        }
    }

    /**
     * Runs one case as the server suite runs its cases: a SHOULD-level case only when {@code strict} (else SKIP), and
     * PASS-LENIENT a FAIL when {@code strict}.
     */
    public Verdict run(ClientCase c, boolean strict) throws InterruptedException {
        return new ClientSuiteRunner(client, timeout, connect, strict, selection, certificates).run(c);
    }

    /**
     * Why the client does not reach a scripted server at all, asked once before the cases so that a client that never
     * connects is said once rather than judged INCONCLUSIVE case after case; empty when it connected (whatever it then
     * sent: the cases judge that).
     */
    public Optional<String> unreachable() throws InterruptedException {
        Connect how = defaultConnect();
        if (!client.abilities().contains(how.ability())) {
            return Optional.empty(); // every case is SKIP anyway
        }
        try (ClientStage stage = new ClientStage(client, timeout, how, how == Connect.TLS ? certificates() : null)) {
            stage.start("/");
            try (ScriptedPeer peer = stage.accept()) {
                ServerPart.settings(peer);
                stage.serve(peer);
                stage.outcomes();
            }
            return Optional.empty();
        } catch (ClientNeverConnectedException e) {
            return Optional.of(e.getMessage());
        } catch (IOException e) {
            return Optional.empty(); // it connected; what it sent is for the cases to judge
        }
    }

    private Verdict judge(ClientCase c, List<TraceEntry> evidence) throws InterruptedException, ClientNeverConnectedException {
        Optional<Verdict> skip = skip(c);
        if (skip.isPresent()) {
            return skip.get();
        }
        ClientStage stage;
        try {
            stage = stage(c);
        } catch (IOException e) {
            return Verdict.inconclusive("", "the stage failed: " + e);
        }
        return play(c, stage, evidence);
    }

    /** SKIP when the case cannot run here: a SHOULD case without --strict, or an ability the client lacks. */
    private Optional<Verdict> skip(ClientCase c) {
        if (c.level() == Level.SHOULD && !strict) {
            return Optional.of(Verdict.skip("SHOULD-level rule: runs only with --strict"));
        }
        Set<ClientAbility> missing = new TreeSet<>(c.needs());
        missing.add(connectFor(c).ability());
        missing.removeAll(client.abilities());
        if (!missing.isEmpty()) {
            return Optional.of(Verdict.skip(client.name() + " cannot " + missing.iterator().next().words()));
        }
        return Optional.empty();
    }

    private ClientStage stage(ClientCase c) throws IOException {
        Connect how = connectFor(c);
        return new ClientStage(client, timeout, how, how == Connect.TLS ? certificates() : null);
    }

    /** Runs the case's script on {@code stage} and closes it; what the verdict rests on goes to {@code evidence}. */
    private Verdict play(ClientCase c, ClientStage stage, List<TraceEntry> evidence)
            throws InterruptedException, ClientNeverConnectedException {
        try (stage) {
            return c.body().run(stage).strictly(strict);
        } catch (ClientNeverConnectedException | InterruptedException e) {
            throw e;
        } catch (java.net.SocketException e) {
            // the client hung up while the case's server was still writing its part: no verdict on the rule, but
            // said as what it is, not as a failure of the stage
            String why = CLIENT_CLOSED + " (" + e.getMessage() + ")";
            evidence.add(new TraceEntry(0, EntryDirection.NOTE, why));
            return Verdict.inconclusive("", why);
        } catch (java.net.ProtocolException e) {
            if (!e.getMessage().startsWith(BROKEN_BY_CLIENT)) {
                return stageFailed(e, evidence);
            }
            // a frame the server's settings do not allow, or a field block that does not decode: whatever the case
            // was looking at, the client broke a rule of its own there, which is no trouble of the stage's
            evidence.add(new TraceEntry(0, EntryDirection.NOTE, e.getMessage()));
            return Verdict.fail("frames within the server's SETTINGS and field blocks that decode (RFC 9113 §4.2, "
                    + "§4.3)", e.getMessage().replaceFirst(BROKEN_BY_CLIENT, "the client"));
        } catch (Exception e) {
            return stageFailed(e, evidence);
        } finally {
            synchronized (this) {
                everConnected |= stage.connected();
            }
            evidence.addAll(stage.evidence());
        }
    }

    private static Verdict stageFailed(Exception e, List<TraceEntry> evidence) {
        evidence.add(new TraceEntry(0, EntryDirection.NOTE, "the stage failed: " + e));
        return Verdict.inconclusive("", "the stage failed: " + e);
    }

    /**
     * Runs every selected case at once for a client that is waited for ({@link io.h2scope.conformance.client.drive.ServedClient}):
     * each case's stage is opened first and its URL told to {@code announce}; each is judged as it is fetched, and one
     * not fetched within the client's wait is INCONCLUSIVE.
     */
    public ClientRunResult serve(List<ClientSection> sections, JudgedListener listener, java.util.function.BiConsumer<ClientCase,
            java.net.URI> announce) throws InterruptedException {
        Instant startedAt = Instant.now();
        long start = System.nanoTime();
        List<Planned> plan = plan(sections);
        listener.starting(plan.size());
        Result[] results = new Result[plan.size()];
        List<Thread> playing = new ArrayList<>();
        for (int i = 0; i < plan.size(); i++) {
            Planned p = plan.get(i);
            int index = i;
            Optional<Verdict> skip = skip(p.definition());
            ClientStage stage = null;
            if (skip.isEmpty()) {
                try {
                    stage = stage(p.definition());
                } catch (IOException e) {
                    skip = Optional.of(Verdict.inconclusive("", "the stage failed: " + e));
                }
            }
            if (skip.isPresent()) {
                results[i] = new Result(p.section(), p.definition(), skip.get(), Duration.ZERO, List.of());
                listener.judged(results[i]);
                continue;
            }
            announce.accept(p.definition(), stage.url("/" + p.definition().id().value()));
            ClientStage own = stage;
            Thread t = new Thread(() -> {
                long caseStart = System.nanoTime();
                List<TraceEntry> evidence = new ArrayList<>();
                Verdict verdict;
                try {
                    verdict = play(p.definition(), own, evidence);
                } catch (ClientNeverConnectedException e) {
                    verdict = Verdict.inconclusive("", own.url("/" + p.definition().id().value()) + " was not fetched within "
                            + client.connectWait(timeout).toSeconds() + " s");
                } catch (InterruptedException e) {
                    verdict = Verdict.inconclusive("", "stopped");
                }
                Result r = new Result(p.section(), p.definition(), verdict, Duration.ofNanos(System.nanoTime() - caseStart),
                        evidence);
                synchronized (results) {
                    results[index] = r;
                    listener.judged(r);
                }
            }, "served-case-" + i);
            t.setDaemon(true);
            t.start();
            playing.add(t);
        }
        for (Thread t : playing) {
            t.join();
        }
        ClientRunResult run = new ClientRunResult(ClientSubject.of(client, defaultConnect()), strict, startedAt,
                Duration.ofNanos(System.nanoTime() - start), List.of(results), everConnected ? null
                : "no client fetched any of the URLs", 0);
        listener.ended(run);
        return run;
    }
}
