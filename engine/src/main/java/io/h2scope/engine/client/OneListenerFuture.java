package io.h2scope.engine.client;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiConsumer;

/**
 * A future that tells one listener how it settled, as a {@code whenComplete} stage would, without the stage and the
 * dependent future each such stage allocates: the engine's request future, which the {@code HttpClient} drop-in's
 * response future follows once per request. Stages chained on it are plain {@link CompletableFuture}s.
 *
 * @param <V> the value
 */
class OneListenerFuture<V> extends CompletableFuture<V> {

    private static final VarHandle TOLD = FieldHandles.of(MethodHandles.lookup(), "told", int.class);

    private volatile BiConsumer<? super V, ? super Throwable> listener;
    /** Written before {@link #settled}, read after it. */
    private V outcome;
    private Throwable outcomeError;
    private volatile boolean settled;
    /** 1 once the listener was told. */
    @SuppressWarnings("unused") // through TOLD
    private volatile int told;

    /**
     * {@code listener} is told the value, or the exception this future was completed or cancelled with, once: at
     * once when it has settled, else on the thread that settles it, right after it has. One listener only.
     */
    final void onOutcome(BiConsumer<? super V, ? super Throwable> listener) {
        if (this.listener != null) {
            throw new IllegalStateException("a listener is set already");
        }
        this.listener = listener;
        tell();
    }

    @Override
    public boolean complete(V value) {
        boolean completed = super.complete(value);
        if (completed) {
            settle(value, null);
        }
        return completed;
    }

    @Override
    public boolean completeExceptionally(Throwable ex) {
        boolean completed = super.completeExceptionally(ex);
        if (completed) {
            settle(null, ex);
        }
        return completed;
    }

    @Override
    public boolean cancel(boolean mayInterruptIfRunning) {
        boolean cancelled = super.cancel(mayInterruptIfRunning);
        if (cancelled) {
            // the exception a stage is given, as it is stored (join() makes a new one on later JDKs); a stage on a
            // completed future runs at once, and a cancel is rare enough for its allocation
            whenComplete((value, e) -> settle(null, e));
        }
        return cancelled;
    }

    @Override
    public <U> CompletableFuture<U> newIncompleteFuture() {
        return new CompletableFuture<>();
    }

    private void settle(V value, Throwable error) {
        outcome = value;
        outcomeError = error;
        settled = true;
        tell();
    }

    /** Both the listener's arrival and the settling call this: whichever comes second tells it, once. */
    private void tell() {
        BiConsumer<? super V, ? super Throwable> l = listener;
        if (l != null && settled && TOLD.compareAndSet(this, 0, 1)) {
            l.accept(outcome, outcomeError);
        }
    }
}
