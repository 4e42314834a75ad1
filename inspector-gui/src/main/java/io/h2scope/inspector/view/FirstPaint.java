package io.h2scope.inspector.view;

import java.lang.management.ManagementFactory;

import javafx.scene.Scene;

/**
 * With {@code -Dh2scope.firstPaint=true}, prints to standard error when the window reaches a stage of its start
 * ("first frame", "views built", "loaded"), in milliseconds since this JVM started, for scripts/first-paint and
 * docs/BENCHMARKS.md. Off by default: nothing is printed and no listener is added.
 */
final class FirstPaint {

    static final String PROPERTY = "h2scope.firstPaint";

    private FirstPaint() {
    }

    /** This JVM's start, from the management classes, looked up beside the toolkit's start (they are not small). */
    private static final java.util.concurrent.CompletableFuture<Long> JVM_START = on()
            ? java.util.concurrent.CompletableFuture.supplyAsync(() -> ManagementFactory.getRuntimeMXBean().getStartTime())
            : null;

    static boolean on() {
        return Boolean.getBoolean(PROPERTY);
    }

    /** Prints {@code stage} after the next pulse of {@code scene} has laid it out (the frame drawn next). */
    static void afterNextPulse(Scene scene, String stage) {
        if (!on()) {
            return;
        }
        Runnable[] once = new Runnable[1];
        once[0] = () -> {
            scene.removePostLayoutPulseListener(once[0]);
            say(stage);
        };
        scene.addPostLayoutPulseListener(once[0]);
    }

    static void say(String stage) {
        if (on()) {
            long since = System.currentTimeMillis() - JVM_START.join();
            System.err.println("h2scope: " + stage + " " + since + " ms after JVM start");
        }
    }
}
