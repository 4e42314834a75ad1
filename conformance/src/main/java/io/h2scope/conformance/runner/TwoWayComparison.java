package io.h2scope.conformance.runner;

import io.h2scope.conformance.verdict.Outcome;
import io.h2scope.conformance.verdict.Verdict;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The same server run two ways (as a container and as a local process), each way possibly run more than once: which
 * cases it FAILs one way and not the other. A case differs only when every run one way FAILed, no run the other way
 * did, and at least one run the other way {@link Verdict#contradictsAFail() contradicts a FAIL} (saw an answer). So a
 * server's own races never count: a case that FAILs in some runs of one way shows the fault there too, and a run in
 * which the server closed before its wrong GOAWAY was written saw no answer to compare.
 */
public final class TwoWayComparison {

    private final String firstWay;
    private final String secondWay;
    private final Set<String> ignored;
    private final Map<String, List<Verdict>> first = new TreeMap<>();
    private final Map<String, List<Verdict>> second = new TreeMap<>();

    /** {@code ignored}: the cases whose FAILs are known to come and go (a target's ~ entries). */
    public TwoWayComparison(String firstWay, String secondWay, Set<String> ignored) {
        this.firstWay = firstWay;
        this.secondWay = secondWay;
        this.ignored = Set.copyOf(ignored);
    }

    /** Adds one run of the first way (the whole suite or some cases of it). */
    public void addFirst(RunResult run) {
        add(first, run);
    }

    /** Adds one run of the second way. */
    public void addSecond(RunResult run) {
        add(second, run);
    }

    private static void add(Map<String, List<Verdict>> into, RunResult run) {
        for (CaseResult r : run.results()) {
            into.computeIfAbsent(r.definition().id().value(), id -> new ArrayList<>()).add(r.verdict());
        }
    }

    /** The case ids that differ so far, in order. */
    public Set<String> differing() {
        Set<String> out = new TreeSet<>();
        for (String id : first.keySet()) {
            List<Verdict> a = first.get(id);
            List<Verdict> b = second.getOrDefault(id, List.of());
            if (!ignored.contains(id) && !b.isEmpty() && (failsOnlyIn(a, b) || failsOnlyIn(b, a))) {
                out.add(id);
            }
        }
        return out;
    }

    private static boolean failsOnlyIn(List<Verdict> failing, List<Verdict> other) {
        return failing.stream().allMatch(v -> v.outcome() == Outcome.FAIL)
                && other.stream().noneMatch(v -> v.outcome() == Outcome.FAIL)
                && other.stream().anyMatch(Verdict::contradictsAFail);
    }

    /** One line per differing case: its outcomes each way and the first way's last reason, e.g. for an assertion. */
    public String describeDifferences() {
        return differing().stream().map(id -> id + " (" + firstWay + " " + counts(first.get(id)) + ", " + secondWay + " "
                + counts(second.get(id)) + "; " + firstWay + ": " + last(first.get(id)) + "; " + secondWay + ": "
                + last(second.get(id)) + ")").collect(Collectors.joining("\n  "));
    }

    private static String counts(List<Verdict> verdicts) {
        Map<Outcome, Integer> byOutcome = new EnumMap<>(Outcome.class);
        verdicts.forEach(v -> byOutcome.merge(v.outcome(), 1, Integer::sum));
        return byOutcome.entrySet().stream().map(e -> e.getKey().label() + " " + e.getValue()).collect(Collectors.joining(", "));
    }

    private static String last(List<Verdict> verdicts) {
        return verdicts.get(verdicts.size() - 1).actual();
    }
}
