package io.h2scope.cli.inspect;

import java.util.Map;
import java.util.Properties;

/**
 * Whether a window can open here: an X or Wayland session ({@code DISPLAY}, {@code WAYLAND_DISPLAY}), or JavaFX's
 * headless Monocle platform chosen by system property (screenshots, tests). Asked before JavaFX starts, which
 * would otherwise fail with a stack trace.
 */
final class Display {

    private Display() {
    }

    static boolean available(Map<String, String> environment, Properties properties) {
        return present(environment.get("DISPLAY")) || present(environment.get("WAYLAND_DISPLAY"))
                || "Monocle".equalsIgnoreCase(properties.getProperty("glass.platform", ""));
    }

    private static boolean present(String value) {
        return value != null && !value.isBlank();
    }
}
