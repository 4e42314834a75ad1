package io.h2scope.conformance.targets.launch;

import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * What {@code @BINARY@} and {@code @CLASSPATH@} mean inside a docker-targets image rather than on this host: the JVM on
 * the image's PATH where a local run uses this JVM, and h2scope's classes where a Dockerfile with
 * {@code docker.context=classpath} copies them ({@code COPY classpath/ /opt/h2scope/classpath/}). One home for the
 * server targets ({@link ContainerTarget}) and the intermediaries (h2scope's own relay as a container).
 */
public final class ImagePlaceholders {

    /** Where such a Dockerfile copies the build context's {@code classpath/} folder. */
    private static final String CLASSPATH_ROOT = "/opt/h2scope/";

    private ImagePlaceholders() {
    }

    /** The files a {@code docker.context=classpath} image needs in its build context, by their name there. */
    public static Map<String, Path> classPathContext() {
        return ImageTag.classPathContext();
    }

    /**
     * The placeholders' values inside the image for a spec whose binary is {@code binary} (this JVM: {@code java}), with
     * h2scope's classes when {@code classPath} (the spec's {@code docker.context=classpath}).
     */
    public static Map<ConfigTemplate.Key, String> of(Path binary, boolean classPath) {
        Map<ConfigTemplate.Key, String> values = new EnumMap<>(ConfigTemplate.Key.class);
        values.put(ConfigTemplate.Key.BINARY, binary.equals(TargetSpec.currentJava()) ? "java" : binary.toString());
        if (classPath) {
            values.put(ConfigTemplate.Key.CLASSPATH, classPathContext().keySet().stream()
                    .map(name -> CLASSPATH_ROOT + name).collect(Collectors.joining(":")));
        }
        return values;
    }
}
