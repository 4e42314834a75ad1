#!/usr/bin/env python3
"""HTTP/2 client comparison with JMH's ClientBench against h2o; see client-compare.sh.

h2o (one worker thread, pinned to --server-cpu) serves a fixed 100-byte file over h2c. Each round runs
ClientBench once per library, in an order rotated per round so a burst of load from elsewhere on the
machine hits all libraries alike, with the JMH JVM pinned to --client-cpu and -prof gc on. The table
gives per library the median over rounds of: sequential p50 and p99 (us), multiplexed requests/s, and
bytes allocated per request (gc.alloc.rate.norm, all threads) in each benchmark; and the ratio of each
figure to the best of the other libraries. `floor` (a blocking socket sending pre-encoded requests, FloorAdapter) is
not a library: it is the yardstick, what a GET costs on this machine and server with nothing but the syscalls, so
its figures are never "the best other" and every library's sequential p50 is also given as a multiple of it.
Same-round ratios (h2scope and its drop-in against Jetty, the drop-in against H2Client) follow the table.
"""
import argparse, json, os, signal, statistics, subprocess, sys, time

from h2load_compare import h2o_conf, wait_port
from scratch import scratch_dir

BODY = (b"h2scope client benchmark body: the same 100 bytes for every library. " * 2)[:99] + b"\n"
assert len(BODY) == 100
PATH = "/100.txt"
LIBS = "h2scope,jdk,okhttp,netty,jetty"
FLOOR = "floor"
DEFAULT_LIBS = "h2scope,h2scope-dropin,jdk,okhttp,netty,jetty," + FLOOR


def load():
    with open("/proc/loadavg") as f:
        return " ".join(f.read().split()[:3])


def run_jmh(a, jar, lib, url, out_json, log):
    cmd = ["taskset", "-c", str(a.client_cpu), "java", "-Djmh.ignoreLock=true", "-jar", jar, "ClientBench", "-p", f"lib={lib}",
           "-p", f"url={url}", "-prof", "gc", "-rf", "json", "-rff", out_json] + a.jmh.split()
    with open(log, "w") as f:
        code = subprocess.run(cmd, stdout=f, stderr=subprocess.STDOUT).returncode
    if code != 0 or not os.path.exists(out_json):
        print(f"JMH failed for {lib} (exit {code}); its output ends:\n" + open(log).read()[-3000:], file=sys.stderr)
        return None
    with open(out_json) as f:
        results = json.load(f)
    fig = {}
    for r in results:
        name = r["benchmark"].rsplit(".", 1)[1]
        pm = r["primaryMetric"]
        alloc = r.get("secondaryMetrics", {}).get("gc.alloc.rate.norm", {}).get("score")
        if name == "sequentialGet":
            fig["p50"] = pm["scorePercentiles"]["50.0"]
            fig["p99"] = pm["scorePercentiles"]["99.0"]
            fig["seq_b"] = alloc
        elif name == "multiplexed64":
            fig["rps"] = pm["score"]
            fig["mux_b"] = alloc
    return fig


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--repo", required=True)
    ap.add_argument("--libs", default=DEFAULT_LIBS)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--jmh", default="-wi 2 -w 2 -i 3 -r 2", help="JMH options per run (iterations, times)")
    # the JMH lock (/tmp/jmh.lock) is ignored: other benchmarks on a shared machine must not stop this one
    ap.add_argument("--server-cpu", default="1", help="taskset CPU list for h2o")
    ap.add_argument("--client-cpu", default="0", help="taskset CPU list for the JMH JVM, e.g. 0-1")
    ap.add_argument("--port", type=int, default=29990)
    ap.add_argument("--json", help="write every run here")
    ap.add_argument("--jar", help="the benchmarks.jar to run (default: bench/target's; a copy lets you rebuild meanwhile)")
    ap.add_argument("--h2scope-jar", action="append", default=[], metavar="NAME=JAR",
                    help="also measure lib=h2scope from another build's benchmarks.jar, as NAME (before/after a change)")
    ap.add_argument("--lib-jar", action="append", default=[], metavar="NAME=LIB=JAR",
                    help="also measure lib=LIB from another build's benchmarks.jar, as NAME (e.g. the drop-in before a change)")
    a = ap.parse_args()

    # SIGTERM ends the run like Ctrl-C: the finally below stops h2o, subprocess.run kills the JMH runner
    signal.signal(signal.SIGTERM, lambda *_: sys.exit("terminated"))
    jar = a.jar or f"{a.repo}/bench/target/benchmarks.jar"
    if not os.path.exists(jar):
        sys.exit(f"{jar} is missing: mvn -B -o -DskipTests package -pl bench -am")
    # entries: (label, lib parameter, jar)
    entries = [(n, n, jar) for n in a.libs.split(",")]
    for spec in a.h2scope_jar:
        name, other = spec.split("=", 1)
        entries.append((name, "h2scope", other))
    for spec in a.lib_jar:
        name, lib, other = spec.split("=", 2)
        entries.append((name, lib, other))

    state = scratch_dir("client-compare-")  # removed at exit, however the run ends
    os.makedirs(f"{state}/www")
    with open(f"{state}/www{PATH}", "wb") as f:
        f.write(BODY)
    os.chmod(state, 0o755)
    with open(f"{state}/h2o.conf", "w") as f:
        f.write(h2o_conf(state, a.port))
    url = f"http://127.0.0.1:{a.port}{PATH}"
    runs = []
    h2o = subprocess.Popen(["taskset", "-c", str(a.server_cpu), "h2o", "-m", "worker", "-c", f"{state}/h2o.conf"],
                           stdout=open(f"{state}/h2o.out", "w"), stderr=subprocess.STDOUT, start_new_session=True)
    try:
        wait_port(a.port, h2o)
        print(f"# h2o on cpu {a.server_cpu}, JMH on cpu {a.client_cpu}; {a.rounds} rounds; JMH {a.jmh}; "
              f"{url}; load average {load()}", flush=True)
        for r in range(a.rounds):
            k = r % len(entries)
            for label, lib, j in entries[k:] + entries[:k]:
                fig = run_jmh(a, j, lib, url, f"{state}/{label}-{r}.json", f"{state}/{label}-{r}.log")
                if fig is None:
                    continue
                fig.update(round=r, lib=label, load=load())
                runs.append(fig)
                g = lambda k: fig.get(k) if fig.get(k) is not None else float("nan")  # a benchmark that failed: nan
                print(f"round {r} {label:>10}: p50 {g('p50'):8.1f} us  p99 {g('p99'):8.1f} us  "
                      f"{g('rps'):9.0f} req/s  {g('seq_b'):7.0f} B/req seq  {g('mux_b'):7.0f} B/req mux"
                      f"  (load {fig['load']})", flush=True)
                if len(fig) < 8:
                    print(f"  {label}: a benchmark failed in round {r}; its JMH output ends:\n"
                          + open(f"{state}/{label}-{r}.log").read()[-1500:], file=sys.stderr)
    finally:
        try:
            os.killpg(h2o.pid, signal.SIGTERM)
            h2o.wait(10)
        except (ProcessLookupError, subprocess.TimeoutExpired):
            os.killpg(h2o.pid, signal.SIGKILL)
    if a.json:
        with open(a.json, "w") as f:
            json.dump(runs, f, indent=1)
    summarize(runs, [e[0] for e in entries])
    print(f"\n# load average at the end {load()}")


def summarize(runs, labels):
    med = lambda xs: statistics.median(xs) if xs else float("nan")
    m = {n: {k: med([x[k] for x in runs if x["lib"] == n and x.get(k) is not None])
             for k in ("p50", "p99", "rps", "seq_b", "mux_b")} for n in labels}
    peers = [n for n in labels if n in LIBS.split(",")]

    def ratio(n, k, lower_is_better):
        others = [m[o][k] for o in peers if o != n and m[o][k] == m[o][k]]
        if not others or m[n][k] != m[n][k]:
            return float("nan")
        return m[n][k] / (min(others) if lower_is_better else max(others))

    floor = m.get(FLOOR, {}).get("p50", float("nan"))
    print("\nmedians over rounds; 'x best' = this library's figure divided by the best of the other libraries; "
          "'x floor' = its sequential p50 divided by the floor's")
    print("| lib | seq p50 us | x best | x floor | seq p99 us | mux64 req/s | x best | B/req seq | B/req mux64 | x best (mux) |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for n in labels:
        v = m[n]
        print(f"| {n} | {v['p50']:.1f} | {ratio(n, 'p50', True):.2f} | {v['p50'] / floor:.2f} | {v['p99']:.1f} | "
              f"{v['rps']:.0f} | {ratio(n, 'rps', False):.2f} | {v['seq_b']:.0f} | {v['mux_b']:.0f} | "
              f"{ratio(n, 'mux_b', True):.2f} |")
    same_round(runs, labels)


def same_round(runs, labels):
    """Per round, one library's figure over another's measured minutes apart, and the median of those ratios."""
    pairs = [(a, b) for a, b in (("h2scope", "jetty"), ("h2scope-dropin", "jetty"), ("h2scope-dropin", "h2scope"),
                                 ("jetty", FLOOR), ("h2scope", FLOOR))
             if a in labels and b in labels]
    if not pairs:
        return
    by = {(x["round"], x["lib"]): x for x in runs if "round" in x}
    rounds = sorted({r for r, _ in by})
    print("\nsame-round ratios (per round, then the median): seq p50, seq p99, mux64 req/s")
    for a, b in pairs:
        cols = []
        for k in ("p50", "p99", "rps"):
            rs = [by[(r, a)][k] / by[(r, b)][k] for r in rounds
                  if (r, a) in by and (r, b) in by and by[(r, a)].get(k) and by[(r, b)].get(k)]
            cols.append(" ".join(f"{x:.2f}" for x in rs) + (f" (median {statistics.median(rs):.2f})" if rs else ""))
        print(f"  {a} / {b}: p50 {cols[0]}; p99 {cols[1]}; mux64 {cols[2]}")


if __name__ == "__main__":
    main()
