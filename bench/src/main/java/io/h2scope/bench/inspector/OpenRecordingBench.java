package io.h2scope.bench.inspector;

import io.h2scope.inspector.model.FrameSummary;
import io.h2scope.inspector.model.Recording;
import io.h2scope.inspector.model.filter.DisplayFilter;
import io.h2scope.inspector.source.Inspection;
import io.h2scope.inspector.source.RecordingFileSource;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * How long the inspector takes to open a recording, and the heap it keeps: the same path as File > Open
 * ({@link RecordingFileSource} into an {@link Inspection}), without a window. Prints the time to the last event, the
 * time to the first frames (what a user sees first), the process's CPU time (all threads, the GC's too: on a shared
 * machine the wall time says more about the neighbours), the heap in use after a full GC, and the peak of the heap
 * pools.
 * Run it with the heap the goal allows, e.g.
 * {@code java -Xmx1g -cp bench/target/benchmarks.jar io.h2scope.bench.inspector.OpenRecordingBench FILE [ROUNDS]}.
 */
public final class OpenRecordingBench {

    /** Display filters applied to every frame after the open, as the frame list applies one typed in its box. */
    static final List<String> FILTERS = List.of("type == HEADERS && stream > 3", "header[\":status\"] == \"503\"",
            "error == CANCEL || window < 1000", "text ~ \"gzip\"", "header[\":status\"] == \"200\"",
            "text ~ \":status: 200\"", "text ~ \"stream 3 HEADERS\"",
            "text ~ \":method: GET, :scheme: https, :authority: shop.example.com, :path: /\""); // 68 chars

    private OpenRecordingBench() {
    }

    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[0]);
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        System.out.printf("%s: %,d octets, %d cores, max heap %d MiB%n", file, Files.size(file),
                Runtime.getRuntime().availableProcessors(), Runtime.getRuntime().maxMemory() >> 20);
        for (int r = 1; r <= rounds; r++) {
            open(file, r);
        }
    }

    private static void open(Path file, int round) throws Exception {
        System.gc();
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            pool.resetPeakUsage();
        }
        com.sun.management.OperatingSystemMXBean os =
                (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        long cpuStarted = os.getProcessCpuTime();
        long started = System.nanoTime();
        long[] firstFrames = {0};
        CountDownLatch ended = new CountDownLatch(1);
        String[] why = new String[1];
        try (Inspection inspection = new Inspection()) {
            Recording recording = inspection.recording();
            recording.addListener((from, to) -> {
                if (firstFrames[0] == 0 && recording.frameCount() > 0) {
                    firstFrames[0] = System.nanoTime();
                }
            });
            inspection.addNoticeListener(n -> {
                if (n.ended()) {
                    why[0] = n.text();
                    ended.countDown();
                }
            });
            inspection.open(new RecordingFileSource(file));
            if (!ended.await(10, TimeUnit.MINUTES)) {
                throw new IllegalStateException("not loaded in 10 minutes");
            }
            long took = System.nanoTime() - started;
            long cpu = os.getProcessCpuTime() - cpuStarted;
            long peak = 0;
            for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
                if (pool.getType() == MemoryType.HEAP) {
                    peak += pool.getPeakUsage().getUsed();
                }
            }
            System.gc();
            long kept = Runtime.getRuntime().totalMemory() - Runtime.getRuntime().freeMemory();
            // a view reading rows after the load: the last 50 frames, read again from the file
            long rowsStarted = System.nanoTime();
            for (int f = recording.frameCount() - 50; f < recording.frameCount(); f++) {
                recording.frame(f);
            }
            long rows = System.nanoTime() - rowsStarted;
            System.out.printf("round %d: %,d frames, %,d events, %,d connections in %.2f s, %.2f s of CPU (first frames after %.0f ms);"
                    + " heap kept %d MiB, peak of heap pools %d MiB; 50 rows read again in %.1f ms; %s%n", round,
                    recording.frameCount(), recording.eventCount(), recording.connectionCount(), took / 1e9, cpu / 1e9,
                    (firstFrames[0] - started) / 1e6, kept >> 20, peak >> 20, rows / 1e6, why[0]);
            filters(recording);
        }
    }

    /**
     * Each of {@link #FILTERS} over every frame (read again from the file as a view reads them), timed: wall and the
     * thread's CPU.
     */
    private static void filters(Recording recording) {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        List<String> filters = new ArrayList<>(FILTERS);
        filters.add(wholeLine(recording));
        for (String text : filters) {
            DisplayFilter.Matcher matcher = DisplayFilter.compile(text, recording.startClock()).matcher(recording);
            long started = System.nanoTime();
            long cpuStarted = threads.getCurrentThreadCpuTime();
            int shown = 0;
            for (int f = 0; f < recording.frameCount(); f++) {
                shown += matcher.matches(f) ? 1 : 0;
            }
            long took = System.nanoTime() - started;
            long cpu = threads.getCurrentThreadCpuTime() - cpuStarted; // the neighbours' share of the cores left out
            double perMillion = 1_000_000.0 / recording.frameCount();
            System.out.printf("  filter %-40s %,d of %,d frames shown in %.2f s (%.2f s a million frames, %.2f s of"
                    + " its thread's CPU)%n", text.length() > 80 ? text.substring(0, 77) + "..." : text, shown,
                    recording.frameCount(), took / 1e9, took / 1e9 * perMillion, cpu / 1e9 * perMillion);
        }
    }

    /** {@code text == "..."} with the whole line of the middle frame that has fields (a HEADERS frame's). */
    private static String wholeLine(Recording recording) {
        int f = recording.frameCount() / 2;
        while (f < recording.frameCount() - 1 && recording.frameFields().count(f) == 0) {
            f++;
        }
        String line = FrameSummary.searchable(recording, f);
        return "text == \"" + line.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
}
