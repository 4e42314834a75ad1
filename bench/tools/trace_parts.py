"""Where a traced server's loop thread spends its samples, by part of the tracing: a JFR recording's
jdk.ExecutionSample events of the thread h2scope-server-loop-0, each counted once, in the innermost of the parts below
that its stack passes through (the batch wrappers every stack has are left out); a stack in none is the engine's own.
  python3 bench/tools/trace_parts.py FILE.jfr...
Record with the server started with -XX:+UnlockDiagnosticVMOptions -XX:+DebugNonSafepoints and
  jcmd PID JFR.start name=p settings=bench/tools/execution-sample.jfc ... jcmd PID JFR.stop name=p filename=FILE.jfr
See docs/BENCHMARKS.md ("Tracing on the server load shape").
"""
import collections, json, subprocess, sys

PARTS = [("redaction", ("trace/redact/", "trace/text/Redaction")),
         ("text lines", ("engine/trace/text/",)),
         ("PatternLines", ("trace/log/PatternLines", "trace/log/HeldStandardError")),
         ("jsonl", ("engine/trace/jsonl/",)),
         ("log sink", ("trace/log/", "ch/qos/logback")),
         ("making events", ("core/TracePublisher",))]
WRAPPERS = ("batch", "hold", "inBatch")


def part(frames):
    for frame in frames:  # innermost first
        kind = frame["method"]["type"]["name"]
        if frame["method"]["name"] in WRAPPERS or "$$Lambda" in kind:
            continue
        for name, keys in PARTS:
            if any(k in kind for k in keys):
                return name
    return "engine's own"


def main():
    for f in sys.argv[1:]:
        out = subprocess.run(["jfr", "print", "--json", "--stack-depth", "128", "--events", "jdk.ExecutionSample", f],
                             capture_output=True, text=True, check=True).stdout
        counts = collections.Counter(part(e["values"]["stackTrace"]["frames"])
                                     for e in json.loads(out)["recording"]["events"]
                                     if e["values"]["sampledThread"]["javaName"] == "h2scope-server-loop-0")
        print(f, sum(counts.values()), dict(counts.most_common()))


if __name__ == "__main__":
    main()
