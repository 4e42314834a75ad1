package io.h2scope.cli.trace;

import picocli.CommandLine.Option;

import java.time.ZoneId;
import java.time.ZoneOffset;

/** {@code --relative} and {@code --local}: how the commands that print trace lines show each line's time. */
public final class ClockOptions {

    @Option(names = "--relative", description = "times in seconds since each connection started, as the engine "
            + "records them, instead of clock times")
    boolean relative;

    @Option(names = "--local", description = "clock times in this machine's time zone (and --since/--until read in "
            + "it), instead of UTC")
    boolean local;

    /** The zone clock times are shown (and read) in. */
    ZoneId zone() {
        return local ? ZoneId.systemDefault() : ZoneOffset.UTC;
    }

    /** A fresh time column for one output. */
    ClockColumn column() {
        return new ClockColumn(zone(), relative);
    }
}
