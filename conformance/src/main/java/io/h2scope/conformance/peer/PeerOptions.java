package io.h2scope.conformance.peer;

import io.h2scope.engine.frame.RawSetting;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * How a {@link Peer} behaves.
 *
 * @param timeout     how long one wait for the target's reaction lasts (the per-case timeout)
 * @param strict      demand exact behaviour: a bare close instead of GOAWAY fails, SHOULD-level cases run
 * @param insecure    over TLS, trust any certificate and skip host-name verification
 * @param settings    the SETTINGS sent in our connection preface
 * @param budgetScale what the budgets cases declare are multiplied by ({@code --budget-scale}): above 1 to wait for a
 *                    server whose limits are longer than a budget, below 1 for a quick look
 * @param budget      the budget of the case this peer runs, already scaled; null outside a budgeted case
 */
public record PeerOptions(Duration timeout, boolean strict, boolean insecure, List<RawSetting> settings, double budgetScale,
        Duration budget) {

    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(1);
    /** The range {@code --budget-scale} accepts: a tenth of each budget up to a hundred times it. */
    public static final double MIN_BUDGET_SCALE = 0.1;
    public static final double MAX_BUDGET_SCALE = 100;

    public PeerOptions {
        Objects.requireNonNull(timeout, "timeout");
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("timeout must be positive, got " + timeout);
        }
        if (!(budgetScale >= MIN_BUDGET_SCALE && budgetScale <= MAX_BUDGET_SCALE)) {
            throw new IllegalArgumentException("budget scale must be " + MIN_BUDGET_SCALE + " to " + (int) MAX_BUDGET_SCALE
                    + " (a factor on each case's declared budget), got " + budgetScale);
        }
        settings = List.copyOf(settings);
    }

    public PeerOptions(Duration timeout, boolean strict, boolean insecure, List<RawSetting> settings) {
        this(timeout, strict, insecure, settings, 1.0, null);
    }

    public static PeerOptions defaults() {
        return new PeerOptions(DEFAULT_TIMEOUT, false, false, List.of());
    }

    public PeerOptions withTimeout(Duration value) {
        return new PeerOptions(value, strict, insecure, settings, budgetScale, budget);
    }

    public PeerOptions withStrict(boolean value) {
        return new PeerOptions(timeout, value, insecure, settings, budgetScale, budget);
    }

    public PeerOptions withInsecure(boolean value) {
        return new PeerOptions(timeout, strict, value, settings, budgetScale, budget);
    }

    public PeerOptions withBudgetScale(double value) {
        return new PeerOptions(timeout, strict, insecure, settings, value, budget);
    }

    /** These options for a case that declared {@code declared} (null: none): its budget, scaled. */
    public PeerOptions forCase(Duration declared) {
        return new PeerOptions(timeout, strict, insecure, settings, budgetScale, declared == null ? null : scaled(declared));
    }

    /** {@code declared} times the budget scale, at least one millisecond. */
    public Duration scaled(Duration declared) {
        return Duration.ofMillis(Math.max(1, Math.round(declared.toMillis() * budgetScale)));
    }
}
