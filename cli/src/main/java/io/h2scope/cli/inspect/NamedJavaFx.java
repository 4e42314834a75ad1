package io.h2scope.cli.inspect;

import java.io.File;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * JavaFX as named modules, the only configuration it supports (on the class path it warns "Unsupported JavaFX
 * configuration" at every start). {@code java -jar} puts JavaFX's jars on the class path (and so does the launcher
 * where it cannot tell the JDK's version or find the platform's jars; else it starts the window's JVM with them as
 * modules itself), which a running JVM cannot change, so the window opens in a second JVM: the same class path, JVM
 * options and arguments, with those jars on {@code --module-path} and the options a newer JDK needs for JavaFX's
 * native code.
 */
final class NamedJavaFx {

    /** A class of each JavaFX module the inspector uses: where it was loaded from is the module's jar. */
    private static final List<String> MODULE_CLASSES = List.of("javafx.beans.Observable", "javafx.application.Platform",
            "javafx.scene.control.Control", "javafx.embed.swing.SwingFXUtils");
    /** JavaFX's headless platform, a separate jar whose classes belong in javafx.graphics (headless use, tests). */
    private static final String MONOCLE = "com/sun/glass/ui/monocle/MonoclePlatformFactory.class";

    private NamedJavaFx() {
    }

    /** True when this JVM loads JavaFX from the class path: the window must open in a JVM that names its modules. */
    static boolean needed() {
        return ModuleLayer.boot().findModule("javafx.graphics").isEmpty();
    }

    /** Runs {@code mainClass} with {@code args} in a JVM with JavaFX as named modules; its exit status. */
    static int run(Class<?> mainClass, List<String> args) throws IOException, InterruptedException {
        Process child = new ProcessBuilder(command(mainClass, args)).inheritIO().start();
        Thread stopChild = new Thread(child::destroy, "h2scope-inspect-stop");
        Runtime.getRuntime().addShutdownHook(stopChild); // a terminated launcher leaves no window behind
        try {
            return child.waitFor();
        } finally {
            Runtime.getRuntime().removeShutdownHook(stopChild);
        }
    }

    static List<String> command(Class<?> mainClass, List<String> args) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments());
        Set<String> jars = new LinkedHashSet<>();
        for (String name : MODULE_CLASSES) {
            jars.add(jarOf(name));
        }
        command.add("--module-path");
        command.add(String.join(File.pathSeparator, jars));
        command.add("--add-modules");
        command.add("javafx.controls,javafx.swing");
        URL monocle = ClassLoader.getSystemResource(MONOCLE);
        if (monocle != null && monocle.getProtocol().equals("jar") && !jars.contains(path(monocle))) {
            command.add("--patch-module");
            command.add("javafx.graphics=" + path(monocle));
        }
        int feature = Runtime.version().feature();
        if (feature >= 22) {
            // JDK 24 warns when JNI loads a library unless the module may (JEP 472); javafx.graphics loads its own
            command.add("--enable-native-access=javafx.graphics");
        }
        if (feature >= 23) {
            // JDK 24 warns at the first sun.misc.Unsafe memory access (JEP 498); JavaFX 21's renderer makes one
            command.add("--sun-misc-unsafe-memory-access=allow");
        }
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(mainClass.getName());
        command.addAll(args);
        return command;
    }

    /** The jar {@code className} is loaded from (not initialised). */
    private static String jarOf(String className) {
        try {
            Class<?> type = Class.forName(className, false, NamedJavaFx.class.getClassLoader());
            return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        } catch (ClassNotFoundException | URISyntaxException e) {
            throw new IllegalStateException("JavaFX is not on the class path (" + className + "): the build copies it to "
                    + "cli/target/lib/", e);
        }
    }

    /** The file of a {@code jar:file:/...!/entry} URL. */
    private static String path(URL entry) {
        String file = entry.getPath(); // file:/...jar!/entry
        return Path.of(URI.create(file.substring(0, file.indexOf("!/")))).toString();
    }
}
