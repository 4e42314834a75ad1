package io.h2scope.conformance.targets.launch;

import com.github.dockerjava.api.exception.NotFoundException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.images.builder.ImageFromDockerfile;

/**
 * The one builder of docker-targets/ images, for servers ({@link ContainerTarget}) and intermediaries alike: a folder's
 * Dockerfile built by Testcontainers as {@code h2scope/NAME:TAG}, the tag a hash of the build context ({@link ImageTag}),
 * so an image is built once per content and reused by every later run.
 */
public final class DockerImage {

    private DockerImage() {
    }

    /**
     * The image of {@code folder} (its Dockerfile, plus {@code extra} files by their name in the build context), built
     * when the engine does not have this content's tag yet.
     *
     * @throws IOException when the build fails: one line naming the Dockerfile, the build's exception as the cause
     */
    public static String ensure(String name, Path folder, Map<String, Path> extra) throws IOException {
        String image = "h2scope/" + name + ":" + ImageTag.of(folder, extra);
        try {
            DockerClientFactory.instance().client().inspectImageCmd(image).exec();
            return image;
        } catch (NotFoundException absent) {
            // build below
        }
        ImageFromDockerfile build = new ImageFromDockerfile(image, false).withFileFromPath(".", folder);
        extra.forEach((file, path) -> build.withFileFromPath(file, path));
        try {
            build.get();
            return image;
        } catch (RuntimeException e) {
            throw new IOException(name + ": docker build of " + folder.resolve("Dockerfile") + " failed: " + firstLine(e), e);
        }
    }

    /** The first line of an exception's message (Testcontainers' run over many lines). */
    public static String firstLine(Throwable e) {
        String m = String.valueOf(e.getMessage());
        int nl = m.indexOf('\n');
        return nl < 0 ? m : m.substring(0, nl);
    }
}
