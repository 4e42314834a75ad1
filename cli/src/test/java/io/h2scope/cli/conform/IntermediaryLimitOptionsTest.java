package io.h2scope.cli.conform;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.h2scope.conformance.intermediary.legs.LegCaps;
import io.h2scope.conformance.intermediary.origin.Origin;
import io.h2scope.conformance.intermediary.origin.OriginKind;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** The limits given on the command line are the ones the stage's recorded legs keep to. */
class IntermediaryLimitOptionsTest {

    private static LegCaps kept(String... args) throws Exception {
        IntermediaryLimitOptions options = new IntermediaryLimitOptions();
        new CommandLine(options).parseArgs(args);
        options.check();
        try (Origin origin = Origin.start(OriginKind.H2C, 0)) {
            options.stage(origin, options.front(new InetSocketAddress("127.0.0.1", 1), null, Duration.ofSeconds(1)),
                    Optional.empty());
            return origin.legs().caps();
        }
    }

    @Test
    void theLegsKeepTheDefaultsUnlessTold() throws Exception {
        assertEquals(LegCaps.DEFAULT, kept());
        assertEquals(new LegCaps(1024, 100), kept("--legs-data", "1k", "--legs-http1-shown", "100"));
        assertEquals(new LegCaps(LegCaps.MAX, 1), kept("--legs-data", "1m", "--legs-http1-shown", "1"));
    }
}
