"""Server CPU per request by thread, h2scope serve --h2c untraced and with each tracing variant given.

For each variant (VAR=VALUE environment, or none): start the server pinned to cpu 0, run `h2load -c C -m M -n N`
(pinned to cpu 1) twice to warm it up, then once measured: utime and stime of each of the server's threads from
/proc/PID/task/*/stat before and after, divided by the requests done, summed by kind of thread (the connection's
event loop, the JSONL writer, the JIT, GC, the rest).
  bench/tools/trace-threads.sh [--requests 1000000] [--jars DIR] [--variant NAME=VAR=VALUE ...]
"""
import collections, os

from trace_alloc import h2load, options, servers, shape_and_state

TICKS = os.sysconf("SC_CLK_TCK")


def kind(thread_name):
    if thread_name.startswith("h2scope-server"):
        return "loop"
    if thread_name.startswith("h2scope-trace"):
        return "writer"
    if "Compiler" in thread_name:
        return "jit"
    return "gc" if "GC" in thread_name or "G1" in thread_name else "other"


def ticks(pid):
    """Clock ticks of user and kernel time so far, by kind of thread."""
    used = collections.Counter()
    for tid in os.listdir(f"/proc/{pid}/task"):
        try:
            name = open(f"/proc/{pid}/task/{tid}/comm").read().strip()
            fields = open(f"/proc/{pid}/task/{tid}/stat").read().rsplit(")", 1)[1].split()
        except OSError:  # the thread ended meanwhile
            continue
        used[kind(name) + " user"] += int(fields[11])
        used[kind(name) + " kernel"] += int(fields[12])
    return used


def main():
    a = options(31970, 1000000).parse_args()
    c, m, state = shape_and_state(a, "trace-threads-")
    print(f"# h2load -c {c} -m {m} -n {a.requests}, after two such runs of warm-up; us a request")
    for name, server in servers(a, state):
        h2load(a.port, c, m, a.requests)
        h2load(a.port, c, m, a.requests)
        before = ticks(server.pid)
        done = h2load(a.port, c, m, a.requests)
        after = ticks(server.pid)
        per = {k: (after[k] - before[k]) / TICKS * 1e6 / done for k in after}
        shown = " ".join(f"{k} {v:.2f}" for k, v in sorted(per.items()) if v >= 0.005)
        print(f"{name:>8}: {sum(per.values()):5.2f} in all | {shown}", flush=True)


if __name__ == "__main__":
    main()
