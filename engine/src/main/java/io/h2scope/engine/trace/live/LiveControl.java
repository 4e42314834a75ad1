package io.h2scope.engine.trace.live;

import io.h2scope.engine.trace.model.TraceSink;
import io.h2scope.engine.trace.attach.AttachServer;
import io.h2scope.engine.trace.config.FileFailure;
import io.h2scope.engine.trace.config.LevelSpec;
import io.h2scope.engine.trace.config.TraceCategory;
import io.h2scope.engine.trace.config.TraceLevel;
import io.h2scope.engine.trace.config.TraceOnly;
import io.h2scope.engine.trace.jsonl.Json;

import java.io.IOException;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The attach socket's clients of a {@link LiveTrace}: readers join it as consumers, and commands change it
 * (docs/TRACE_FORMAT.md, "The attach socket"):
 * <ul>
 *   <li>{@code {"cmd":"level"}}: what is in force; with {@code "set":"frames=debug,conn=info"} (the syntax of
 *       {@code H2SCOPE_LOG}; a category not named keeps its level, a bare level goes to those not named) the levels
 *       change, with {@code "only":"peer=10.1.2.3,path=/api/"} ({@code "all"} for every connection) the filter;</li>
 *   <li>{@code {"cmd":"record","start":"/abs/file.jsonl"}} starts a recording, {@code {"cmd":"record","stop":true}}
 *       stops it, {@code {"cmd":"record"}} says what is in force.</li>
 * </ul>
 * The reply is one line, {@code {"v":2,"kind":"control","levels":...,"only":...,"recording":...,"readers":N}}: what
 * is in force after the command; a command that cannot be done is refused with one line saying why and changes
 * nothing. Each change is told on the control log with what was asked, by whom and what is now in force.
 */
final class LiveControl implements AttachServer.Clients {

    private final LiveTrace trace;
    private final java.util.function.Consumer<String> log;

    LiveControl(LiveTrace trace, java.util.function.Consumer<String> log) {
        this.trace = trace;
        this.log = log;
    }

    @Override
    public void attached(TraceSink reader) {
        trace.readerAttached(reader);
    }

    @Override
    public void detached(TraceSink reader) {
        trace.readerDetached(reader);
    }

    @Override
    public String command(Map<String, Object> request, String who) {
        Object cmd = request.get("cmd");
        try {
            String asked;
            LiveTrace.Status now;
            if ("level".equals(cmd)) {
                String set = text(request, "set");
                String only = text(request, "only");
                // both parsed before either applies: a bad one changes nothing
                EnumMap<TraceCategory, TraceLevel> levels = set == null ? null
                        : LevelSpec.applied(trace.status().levels(), set);
                Optional<TraceOnly> filter = only == null ? null : TraceOnly.parseOrAll(only);
                now = levels == null ? trace.status() : trace.setLevels(levels);
                if (filter != null) {
                    now = trace.setOnly(filter);
                }
                asked = set == null && only == null ? null
                        : "trace level" + (set == null ? "" : " " + set) + (only == null ? "" : " --only " + only);
            } else if ("record".equals(cmd)) {
                String start = text(request, "start");
                boolean stop = Boolean.TRUE.equals(request.get("stop"));
                if (start != null && stop) {
                    throw new IllegalArgumentException("start or stop, not both");
                }
                if (start != null) {
                    now = trace.startRecording(absolute(start));
                    asked = "trace record --start " + start;
                } else if (stop) {
                    now = trace.stopRecording();
                    asked = "trace record --stop";
                } else {
                    now = trace.status();
                    asked = null;
                }
            } else {
                return AttachServer.refusal("unknown command " + (cmd == null ? "(no \"cmd\")" : "\"" + cmd + "\"")
                        + "; accepted: level, record");
            }
            if (asked != null) {
                log.accept(asked + " by " + who + ": now " + describe(now));
            }
            return reply(now);
        } catch (IllegalArgumentException | IllegalStateException e) {
            return AttachServer.refusal(e.getMessage());
        } catch (IOException e) {
            return AttachServer.refusal("the recording cannot be opened: " + FileFailure.reason(e));
        }
    }

    /** A member that must be a string when it is there. */
    private static String text(Map<String, Object> request, String member) {
        Object value = request.get(member);
        if (value == null) {
            return null;
        }
        if (!(value instanceof String s)) {
            throw new IllegalArgumentException("\"" + member + "\" is not a string");
        }
        return s;
    }

    private static Path absolute(String file) {
        try {
            Path path = Path.of(file);
            if (!path.isAbsolute()) {
                throw new IllegalArgumentException("\"" + file + "\" is not an absolute path (the engine does not "
                        + "run in your directory)");
            }
            return path;
        } catch (InvalidPathException e) {
            throw new IllegalArgumentException("\"" + file + "\" is not a file path: " + e.getReason());
        }
    }

    private static String reply(LiveTrace.Status now) {
        Map<String, Object> line = new LinkedHashMap<>();
        line.put("v", 2);
        line.put("kind", "control");
        line.put("levels", LevelSpec.text(now.levels()));
        line.put("only", now.only().map(TraceOnly::toString).orElse("all"));
        line.put("recording", now.recording().map(Path::toString).orElse(null));
        line.put("readers", now.readers());
        return Json.object(line);
    }

    /** "levels frames=debug,...; only all; recording /x.jsonl; 1 reader attached". */
    static String describe(LiveTrace.Status now) {
        return "levels " + LevelSpec.text(now.levels()) + "; only " + now.only().map(TraceOnly::toString).orElse("all")
                + "; " + now.recording().map(p -> "recording " + p).orElse("not recording") + "; " + now.readers()
                + (now.readers() == 1 ? " reader" : " readers") + " attached";
    }
}
