package io.h2scope.engine.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.transport.ConnectionOwnership.InputReader;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.Pipe;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@link ConnectionOwnership}'s states and hand-overs, stepped by hand: the loop is a {@link ManualLoop} run by
 * the test's thread, the connection a pipe, and each caller a thread of its own that runs one step when the
 * test says so (a lock is a thread's). Every interleaving is written out; nothing waits on time.
 */
@Timeout(30)
class ConnectionOwnershipStepTest {

    private final ManualLoop loop = new ManualLoop();
    private final PipeConnection conn = new PipeConnection();
    private final ConnectionOwnership own = new ConnectionOwnership(conn, loop);
    private final Caller caller = new Caller("caller-1");
    private final Caller other = new Caller("caller-2");

    @AfterEach
    void close() throws IOException {
        caller.stop();
        other.stop();
        conn.close();
        own.closed();
    }

    // ---------------------------------------------------------------- work: the loop's and callers'

    @Test
    void theLoopRunsItsWorkAtOnceWhenTheConnectionIsFree() {
        boolean[] heldInside = new boolean[1];
        own.onLoop(() -> heldInside[0] = own.heldByCurrentThread());
        assertTrue(heldInside[0], "the loop's work ran without the connection");
        assertFalse(own.heldByCurrentThread(), "the loop kept the connection after its work");
        assertEquals(0, loop.pendingTasks());
    }

    @Test
    void theLoopDefersItsWorkWhileACallerHoldsAndTheCallersReleaseHandsItBack() throws Exception {
        caller.run(own::hold);
        List<String> ran = new ArrayList<>();
        own.onLoop(() -> ran.add("first"));
        own.onLoop(() -> ran.add("second"));
        assertEquals(List.of(), ran, "the loop ran work on a connection a caller holds");
        assertEquals(0, loop.pendingTasks(), "nothing is scheduled before the holder lets go");

        caller.run(own::release);
        assertEquals(List.of(), ran, "the releasing caller ran the loop's work on its own thread");
        assertEquals(1, loop.pendingTasks(), "the release did not hand the waiting work to the loop, once");
        loop.runTasks();
        assertEquals(List.of("first", "second"), ran, "the loop's waiting work did not run in order");
    }

    @Test
    void aCallerDoesNotOvertakeTheLoopsWaitingWork() throws Exception {
        caller.run(own::hold);
        own.onLoop(() -> { });
        caller.run(own::release);
        assertFalse(other.call(own::tryHold), "a caller took the connection before the loop's waiting work ran");
        assertFalse(other.call(() -> own.runExclusively(() -> true)), "runExclusively overtook the loop's work");
        loop.runTasks();
        assertTrue(other.call(own::tryHold), "the connection stayed taken after the loop's work ran");
        other.run(own::release);
    }

    @Test
    void aReadyKeyFoundHeldSilencesTheKeyUntilTheHolderLetsGo() throws Exception {
        caller.run(own::hold);
        boolean[] handled = new boolean[1];
        own.onSelected(() -> handled[0] = true);
        own.onSelected(() -> handled[0] = true); // a second wake-up before the release queues nothing more
        assertFalse(handled[0], "the loop handled readiness of a held connection");
        assertTrue(own.suspended(), "the connection was not suspended");
        assertEquals(2, conn.silenced, "the key was not silenced on each wake-up");

        caller.run(own::release);
        loop.runTasks();
        assertFalse(own.suspended(), "the connection stayed suspended after the holder let go");
        assertEquals(List.of(true), conn.interestUpdates, "the key did not watch again (waking the loop) after the release");
        assertFalse(handled[0], "readiness is seen again at the next select, not replayed");
    }

    @Test
    void aReadyKeyOnAFreeConnectionIsHandledAtOnce() {
        boolean[] handled = new boolean[1];
        own.onSelected(() -> handled[0] = own.heldByCurrentThread());
        assertTrue(handled[0]);
        assertFalse(own.suspended());
        assertEquals(0, conn.silenced);
    }

    @Test
    void workDeferredByAHolderRunsAfterItsOutermostReleaseWithoutTheConnection() throws Exception {
        boolean[] ranHeld = {true};
        int[] ranAt = {-1};
        int[] step = {0};
        caller.run(() -> {
            own.hold();
            own.hold(); // nested, as the loop's own work inside a caller's read
            own.afterRelease(() -> {
                ranAt[0] = step[0];
                ranHeld[0] = own.heldByCurrentThread();
            });
            step[0] = 1;
            own.release();
            step[0] = 2;
            own.release();
        });
        assertEquals(2, ranAt[0], "the deferred task did not run at the outermost release");
        assertFalse(ranHeld[0], "the deferred task ran with the connection held");
        own.afterRelease(() -> step[0] = 3); // not held: at once
        assertEquals(3, step[0]);
    }

    @Test
    void onceTheLoopHasEndedTheReleasingCallerRunsTheLoopsLastWorkItself() throws Exception {
        caller.run(own::hold);
        Thread[] ranOn = new Thread[1];
        own.onLoop(() -> ranOn[0] = Thread.currentThread()); // the abort on shutdown
        loop.end();
        caller.run(own::release);
        assertSame(caller.thread, ranOn[0], "the loop's last work did not run on the releasing caller");
    }

    @Test
    void runExclusivelyRunsNothingOnAClosedConnection() throws Exception {
        conn.open = false;
        boolean[] ran = new boolean[1];
        assertFalse(caller.call(() -> own.runExclusively(() -> ran[0] = true)));
        assertFalse(ran[0]);
        assertTrue(caller.call(() -> own.tryHold()), "runExclusively kept the connection");
        caller.run(own::release);
    }

    // ---------------------------------------------------------------- input: LOOP, LENT, CALLER

    @Test
    void onlyTheLoopAtWorkOnTheConnectionLendsItsInput() throws Exception {
        own.lendInput(); // the loop, without the connection
        caller.run(() -> own.runExclusively(() -> {
            own.lendInput(); // a caller, with it
            return true;
        }));
        assertEquals(InputReader.LOOP, own.reader(), "input lent by someone other than the loop at work");
        conn.mayLend = false;
        own.onLoop(own::lendInput);
        assertEquals(InputReader.LOOP, own.reader(), "input lent by a connection that may not lend");
        conn.mayLend = true;
        own.onLoop(own::lendInput);
        assertEquals(InputReader.LENT, own.reader());
        assertEquals(1, loop.pendingTimers(), "no lend poll armed");
    }

    @Test
    void theLendPollRunsWhileTheInputIsNotTheLoopsAndStopsOnceItIs() {
        own.onLoop(own::lendInput);
        own.onLoop(own::lendInput); // lent twice: one poll
        assertEquals(1, loop.pendingTimers());
        loop.advance(ConnectionOwnership.LEND_POLL_NANOS, TimeUnit.NANOSECONDS);
        assertEquals(1, loop.pendingTimers(), "the poll did not rearm while the input is lent");
        loop.execute(own.loopTask(() -> { })); // the loop's own work takes the input back
        loop.runTasks();
        assertEquals(InputReader.LOOP, own.reader(), "the loop's task did not take the input back");
        loop.advance(ConnectionOwnership.LEND_POLL_NANOS, TimeUnit.NANOSECONDS);
        assertEquals(0, loop.pendingTimers(), "the poll went on with the input the loop's");
    }

    @Test
    void aCallerThatWroteItsRequestClaimsLentInputAndTheLoopStopsWatchingReads() throws Exception {
        own.onLoop(own::lendInput);
        conn.interestUpdates.clear();
        own.onLoop(own::claimInput); // the loop does not claim
        assertEquals(InputReader.LENT, own.reader());
        caller.run(own::claimInput); // not holding: nothing
        assertEquals(InputReader.LENT, own.reader());

        assertTrue(caller.call(() -> own.runExclusively(() -> {
            own.claimInput();
            return true;
        })));
        assertEquals(InputReader.CALLER, own.reader());
        assertTrue(own.callerReads());
        assertEquals(List.of(false), conn.interestUpdates, "the claim woke the loop (or did not drop the read watch)");
    }

    @Test
    void nobodyReadsWhileWaitingUnlessTheInputIsLent() throws Exception {
        assertFalse(caller.call(() -> own.readWhileWaiting(() -> true, () -> true, 0)), "read input the loop did not lend");
        own.onLoop(own::lendInput);
        assertFalse(own.readWhileWaiting(() -> true, () -> true, 0), "the loop read as a caller");
        assertEquals(InputReader.LENT, own.reader());
    }

    @Test
    void aWaitingCallerReadsWhatArrivesOnItsOwnThreadAndLeavesTheInputLentWhenNobodyElseWaits() throws Exception {
        own.onLoop(own::lendInput);
        Future<Boolean> read = readingCaller(() -> conn.text().equals("answer"));
        assertEquals(InputReader.CALLER, own.reader());
        conn.send("answer");
        assertTrue(read.get(10, TimeUnit.SECONDS), "the caller did not see its answer");
        assertEquals(List.of(caller.thread), conn.readers, "not read by the waiting caller alone");
        assertEquals(InputReader.LENT, own.reader(), "the input went back to the loop though nobody else waits");
        assertEquals(0, loop.pendingTasks(), "the caller woke the loop on its way out");
    }

    @Test
    void aWaitingCallerGivesTheInputBackToTheLoopWhenOthersWait() throws Exception {
        own.onLoop(own::lendInput);
        conn.send("answer");
        assertTrue(caller.call(() -> own.readWhileWaiting(() -> conn.text().equals("answer"), () -> false, 0)));
        assertEquals(InputReader.LOOP, own.reader());
        assertEquals(Boolean.TRUE, conn.interestUpdates.get(conn.interestUpdates.size() - 1),
                "the loop was not woken to read again");
    }

    @Test
    void theLoopsWorkTakesTheInputBackFromAReadingCallerWhoseWaitThenEnds() throws Exception {
        own.onLoop(own::lendInput);
        Future<Boolean> read = readingCaller(() -> false); // its answer does not come
        assertEquals(InputReader.CALLER, own.reader());
        loop.execute(own.loopTask(() -> { })); // a timer or task of the loop
        loop.runTasks();
        assertEquals(InputReader.LOOP, own.reader());
        assertFalse(read.get(10, TimeUnit.SECONDS), "a caller whose input was taken back reported done");
        assertEquals(InputReader.LOOP, own.reader(), "the caller's way out lent the input again");
        conn.send("later");
        assertEquals(List.of(), conn.readers, "the caller read after the loop took the input back");
    }

    @Test
    void closingTheConnectionEndsAReadingCallersWait() throws Exception {
        own.onLoop(own::lendInput);
        Future<Boolean> read = readingCaller(() -> false);
        own.onLoop(() -> {
            conn.open = false;
            own.closed();
        });
        assertFalse(read.get(10, TimeUnit.SECONDS));
        assertEquals(InputReader.LOOP, own.reader());
    }

    @Test
    void aCallerThatReadsOneConnectionClaimsAnotherAndMovesItsReadThere() throws Exception {
        // the client's retry: from inside its read of the first connection, the caller opens the stream on the
        // second and claims its input; the first read ends (its done says so), the second begins
        PipeConnection secondConn = new PipeConnection();
        ConnectionOwnership second = new ConnectionOwnership(secondConn, loop);
        try {
            own.onLoop(own::lendInput);
            second.onLoop(second::lendInput);
            AtomicBoolean moved = new AtomicBoolean();
            conn.onRead = text -> {
                if (text.equals("retry") && second.runExclusively(() -> {
                    second.claimInput();
                    return true;
                })) {
                    moved.set(true);
                }
            };
            CountDownLatch claimed = new CountDownLatch(1);
            Future<Boolean> both = caller.start(() -> {
                boolean first = own.readWhileWaiting(moved::get, () -> true, 0);
                claimed.countDown();
                return first && second.readWhileWaiting(() -> secondConn.text().equals("answer"), () -> true, 0);
            });
            conn.send("retry");
            claimed.await();
            assertEquals(InputReader.CALLER, second.reader());
            assertEquals(InputReader.LENT, own.reader(), "the first connection's input was not left to the loop's lending");
            secondConn.send("answer");
            assertTrue(both.get(10, TimeUnit.SECONDS));
            assertEquals(List.of(caller.thread), secondConn.readers);
        } finally {
            secondConn.close();
            second.closed();
        }
    }

    @Test
    void whileACallerReadsAnotherThreadStillTakesTheConnectionToWrite() throws Exception {
        own.onLoop(own::lendInput);
        Future<Boolean> read = readingCaller(() -> conn.text().equals("answer"));
        assertTrue(other.call(() -> own.runExclusively(() -> true)), "a reading caller kept the connection from others");
        conn.send("answer");
        assertTrue(read.get(10, TimeUnit.SECONDS));
        assertEquals(List.of(caller.thread), conn.readers, "not read by the waiting caller alone");
    }

    /**
     * The lent input's next waiting caller, reading until {@code answered} (keeping the input lent when done);
     * returns once it reads, as the caller of a request it wrote.
     */
    private Future<Boolean> readingCaller(java.util.function.BooleanSupplier answered) throws InterruptedException {
        CountDownLatch reading = new CountDownLatch(1);
        Future<Boolean> read = caller.start(() -> own.readWhileWaiting(() -> {
            reading.countDown();
            return answered.getAsBoolean();
        }, () -> true, 0));
        reading.await();
        return read;
    }

    // ---------------------------------------------------------------- the pieces

    /** A connection over a pipe: input the test sends, read by whoever holds the ownership. */
    private static final class PipeConnection implements OwnedConnection {
        private final Pipe pipe;
        volatile boolean open = true;
        volatile boolean mayLend = true;
        int silenced;
        final List<Boolean> interestUpdates = new java.util.concurrent.CopyOnWriteArrayList<>();
        final List<Thread> readers = new java.util.concurrent.CopyOnWriteArrayList<>();
        private final StringBuilder received = new StringBuilder();
        volatile java.util.function.Consumer<String> onRead = text -> { };

        PipeConnection() {
            try {
                pipe = Pipe.open();
                pipe.source().configureBlocking(false);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }

        void send(String text) throws IOException {
            pipe.sink().write(ByteBuffer.wrap(text.getBytes(StandardCharsets.US_ASCII)));
        }

        synchronized String text() {
            return received.toString();
        }

        void close() throws IOException {
            pipe.sink().close();
            pipe.source().close();
        }

        @Override
        public boolean isOpen() {
            return open;
        }

        @Override
        public boolean mayLend() {
            return open && mayLend;
        }

        @Override
        public void updateInterest(boolean wakeLoop) {
            interestUpdates.add(wakeLoop);
        }

        @Override
        public void silenceKey() {
            silenced++;
        }

        @Override
        public void readInto(ByteBuffer buffer) {
            buffer.clear();
            try {
                int n = pipe.source().read(buffer);
                if (n <= 0) {
                    return;
                }
            } catch (IOException e) {
                return;
            }
            buffer.flip();
            String text = StandardCharsets.US_ASCII.decode(buffer).toString();
            readers.add(Thread.currentThread());
            synchronized (this) {
                received.append(text);
            }
            onRead.accept(text);
        }

        @Override
        public void registerForReads(Selector selector) throws IOException {
            pipe.source().register(selector, SelectionKey.OP_READ);
        }

        @Override
        public String remote() {
            return "pipe";
        }
    }

    /** A caller's thread that runs one step at a time, when the test says so; a lock it takes stays taken. */
    private static final class Caller {
        private final ExecutorService executor;
        volatile Thread thread;

        Caller(String name) {
            executor = Executors.newSingleThreadExecutor(r -> {
                Thread t = new Thread(r, name);
                t.setDaemon(true);
                thread = t;
                return t;
            });
        }

        void run(Runnable step) throws Exception {
            call(() -> {
                step.run();
                return null;
            });
        }

        <T> T call(Callable<T> step) throws Exception {
            return start(step).get(10, TimeUnit.SECONDS);
        }

        <T> Future<T> start(Callable<T> step) {
            return executor.submit(step);
        }

        void stop() {
            executor.shutdownNow();
        }
    }
}
