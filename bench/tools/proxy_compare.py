#!/usr/bin/env python3
"""Overhead of the recording proxy (see proxy-compare.sh): h2load direct to one upstream (nginx, h2c and TLS),
through `h2scope proxy` with and without --record, and through Debian's mitmproxy (TLS only: it has no h2c),
interleaved round by round so load from elsewhere on the machine hits every path alike; ratios are taken within a
round and their median reported. Then the heap each idle proxied connection costs the proxy.

With --record the proxy relays faster than it records (decoding runs beside the relay and may fall behind), so
h2load's own figure would flatter it: a recorded run sends a fixed number of requests and its requests/s is that
number over the time from h2load's start to the recording's last line (the file quiet for --quiet seconds, the
time of its last change), and the recording must be whole (no leg with a gap, every leg closed).
Latency percentiles come from a separate, shorter run with h2load --log-file (h2load_compare.py says why).
"""
import argparse, os, re, signal, statistics, subprocess, sys, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from h2load_compare import BODY, latencies, wait_port  # noqa: E402
from scratch import scratch_dir  # noqa: E402

GAP = b"the recording has a gap"


def nginx_conf(state, h2c_port, tls_port):
    return f"""daemon off;
master_process off;
worker_processes 1;
pid {state}/nginx.pid;
error_log {state}/nginx-error.log warn;
events {{ worker_connections 4096; }}
http {{
    access_log off;
    keepalive_requests 100000000;   # the default (1000) would close h2load's connections mid-run
    client_body_temp_path {state}/tmp-body; proxy_temp_path {state}/tmp-proxy;
    fastcgi_temp_path {state}/tmp-fcgi; uwsgi_temp_path {state}/tmp-uwsgi; scgi_temp_path {state}/tmp-scgi;
    http2_max_concurrent_streams 128;
    server {{
        listen 127.0.0.1:{h2c_port} http2;
        location = / {{ default_type "text/plain; charset=utf-8"; return 200 "{BODY.strip()}\\n"; }}
    }}
    server {{
        listen 127.0.0.1:{tls_port} ssl http2;
        ssl_certificate {state}/upstream.pem; ssl_certificate_key {state}/upstream-key.pem;
        location = / {{ default_type "text/plain; charset=utf-8"; return 200 "{BODY.strip()}\\n"; }}
    }}
}}
"""


def start(cmd, log, env):
    return subprocess.Popen(cmd, stdout=open(log, "w"), stderr=subprocess.STDOUT, env=env, start_new_session=True)


def stop(proc):
    try:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(15)
    except (ProcessLookupError, subprocess.TimeoutExpired):
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


def run_h2load(url, clients, streams, requests, log_file=None, timeout=600):
    cmd = ["h2load", "-n", str(requests), "-c", str(clients), "-m", str(streams), url]
    if log_file:
        cmd[1:1] = ["--log-file", log_file]
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout).stdout
    except subprocess.TimeoutExpired:
        return 0.0, 0, "h2load did not finish"
    rps, ok = 0.0, 0
    for line in out.splitlines():
        if line.startswith("finished in"):
            rps = float(line.split(",")[1].split()[0])
        elif line.startswith("requests:"):
            ok = int(line.split(",")[3].split()[0])
    return rps, ok, out


def file_state(path):
    try:
        st = os.stat(path)
        return st.st_ino, st.st_size
    except FileNotFoundError:
        return None


def recorded_until(path, quiet, legs=0, after=0, timeout=300):
    """When the recording last changed: polled until it has not changed for `quiet` seconds and (given `legs`) has
    that many closed legs; a loaded machine can starve the writer for longer than `quiet`."""
    last, changed, end = file_state(path), time.time(), time.time() + timeout
    checked = 0.0
    while time.time() < end:
        time.sleep(0.02)
        now = file_state(path)
        if now != last:
            last, changed = now, time.time()
        elif time.time() - changed >= quiet and time.time() - checked >= quiet:
            checked = time.time()  # reading the files takes a while: at most once per quiet period
            if not legs or whole(path, after)[1] >= legs:
                break
    return changed


def whole(path, after):
    """(legs with a gap, legs closed) among the legs numbered above `after` (one run's: each h2load connection
    through the proxy takes the next two numbers), in the recording's last two files."""
    gaps = closed = 0
    for p in (path + ".1", path):
        if os.path.exists(p):
            with open(p, "rb") as f:
                for line in f:
                    if b'"kind":"closed"' in line and int(re.search(rb'"conn":(\d+)', line).group(1)) > after:
                        closed += 1
                        gaps += GAP in line
    return gaps, closed


def idle_heap(java, cli_cp, idle_cp, upstream_port, port, n, env, state):
    """Used heap after a full GC per idle proxied connection (each with its upstream leg)."""
    proc = start(java + ["-Xms512m", "-Xmx512m", "-cp", cli_cp, "io.h2scope.cli.H2scopeCommand", "proxy", "--listen",
                         f"127.0.0.1:{port}", "--upstream", f"http://127.0.0.1:{upstream_port}/", "--max-connections",
                         str(n + 100), "--record", f"{state}/idle.jsonl"], f"{state}/idle-proxy.out", env)
    try:
        wait_port(port, proc)

        def used():
            subprocess.run(["jcmd", str(proc.pid), "GC.run"], capture_output=True)
            time.sleep(1)
            info = subprocess.run(["jcmd", str(proc.pid), "GC.heap_info"], capture_output=True, text=True).stdout
            return int(re.search(r"used (\d+)K", info).group(1))

        subprocess.run(java + ["-cp", idle_cp, "io.h2scope.bench.server.IdleH2cClients", "127.0.0.1", str(port), "10"],
                       stdin=subprocess.DEVNULL, capture_output=True)
        time.sleep(1)
        base = used()
        clients = subprocess.Popen(java + ["-cp", idle_cp, "io.h2scope.bench.server.IdleH2cClients", "127.0.0.1",
                                           str(port), str(n)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        opened = 0
        for line in clients.stdout:
            if line.startswith("open "):
                opened = int(line.split()[1])
                break
        time.sleep(2)
        loaded = used()
        clients.stdin.close()
        clients.wait(60)
        return opened, base, loaded
    finally:
        stop(proc)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--repo", required=True)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--requests", type=int, default=200000, help="per measured run of h2scope and direct")
    ap.add_argument("--mitm-requests", type=int, default=20000, help="per measured run of mitmproxy (much slower)")
    ap.add_argument("--latency-requests", type=int, default=50000, help="per run that logs latencies")
    ap.add_argument("-c", "--clients", type=int, default=10)
    ap.add_argument("-m", "--streams", type=int, default=10)
    ap.add_argument("--warmup", type=float, default=2.0, help="unmeasured requests per path before the rounds, as a"
                    " multiple of the path's run (the recording proxy's JIT is still compiling after 300,000)")
    ap.add_argument("--record-max-bytes", default="512m", help="the recordings' --record-max-bytes. With 512m the"
                    " warm-up fills both files, so the rounds rewrite pages the page cache already holds; with 1g the"
                    " rounds kept adding new ones, at several times the writer's system time. A run's closed lines"
                    " must stay in the last two files: with 256m one run's were not")
    ap.add_argument("--quiet", type=float, default=0.5, help="seconds without change that end a recording")
    ap.add_argument("--idle", type=int, default=1000, help="idle proxied connections for the heap figure (0: skip)")
    ap.add_argument("--base-port", type=int, default=29400)
    ap.add_argument("--java-opts", default="-Xms512m -Xmx512m")
    ap.add_argument("--before", metavar="DIR", help="another build (DIR holds h2scope-cli.jar and lib/, a copy of"
                    " cli/target) that runs the paths proxy-h2c-before, proxy-h2c-record-before, proxy-tls-before and"
                    " proxy-tls-record-before (name them in --paths): before/after a change, same run")
    ap.add_argument("--paths", default="direct-h2c,proxy-h2c,proxy-h2c-record,direct-tls,proxy-tls-record,mitmproxy-tls")
    a = ap.parse_args()

    state = scratch_dir("proxy-compare-")  # removed at exit, however the run ends
    for d in ("tmp-body", "tmp-proxy", "tmp-fcgi", "tmp-uwsgi", "tmp-scgi"):
        os.makedirs(f"{state}/{d}")
    env = {k: v for k, v in os.environ.items() if k not in ("H2SCOPE_LOG", "H2SCOPE_TRACE_FILE", "SSLKEYLOGFILE",
                                                            "H2SCOPE_TRACE_LISTEN")}
    java = [os.path.join(os.environ["JAVA_HOME"], "bin", "java") if os.environ.get("JAVA_HOME") else "java"]
    cli_cp = f"{a.repo}/cli/target/h2scope-cli.jar:{a.repo}/cli/target/lib/*"
    subprocess.run(["javac", "-d", f"{state}/idle", f"{a.repo}/bench/src/main/java/io/h2scope/bench/server/IdleH2cClients.java"],
                   check=True)
    subprocess.run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-days",
                    "2", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1", "-keyout",
                    f"{state}/upstream-key.pem", "-out", f"{state}/upstream.pem"], check=True, capture_output=True)
    p = a.base_port
    up_h2c, up_tls = p, p + 1
    with open(f"{state}/nginx.conf", "w") as f:
        f.write(nginx_conf(state, up_h2c, up_tls))
    h2scope = java + a.java_opts.split() + ["-cp", cli_cp, "io.h2scope.cli.H2scopeCommand", "proxy"]
    # whole() reads the last two files: the cap must hold a run's closed lines (--record-max-bytes)
    record = lambda name: ["--record", f"{state}/{name}.jsonl", "--record-max-bytes", a.record_max_bytes]
    # name: (port, command or None for direct, url scheme, recorded)
    paths = {
        "direct-h2c": (up_h2c, None, "http", False),
        "proxy-h2c": (p + 2, h2scope + ["--listen", f"127.0.0.1:{p + 2}", "--upstream", f"http://127.0.0.1:{up_h2c}/"],
                      "http", False),
        "proxy-h2c-record": (p + 3, h2scope + ["--listen", f"127.0.0.1:{p + 3}", "--upstream",
                                               f"http://127.0.0.1:{up_h2c}/"] + record("proxy-h2c-record"), "http", True),
        "proxy-h2c-1loop": (p + 9, h2scope + ["--listen", f"127.0.0.1:{p + 9}", "--upstream",
                                              f"http://127.0.0.1:{up_h2c}/", "--loops", "1"], "http", False),
        "proxy-h2c-record-1loop": (p + 10, h2scope + ["--listen", f"127.0.0.1:{p + 10}", "--upstream",
                                                     f"http://127.0.0.1:{up_h2c}/", "--loops", "1"]
                                   + record("proxy-h2c-record-1loop"), "http", True),
        "direct-tls": (up_tls, None, "https", False),
        "proxy-tls": (p + 4, h2scope + ["--listen", f"127.0.0.1:{p + 4}", "--listen-tls", "--upstream",
                                        f"https://127.0.0.1:{up_tls}/", "--insecure"], "https", False),
        "proxy-tls-record": (p + 5, h2scope + ["--listen", f"127.0.0.1:{p + 5}", "--listen-tls", "--upstream",
                                               f"https://127.0.0.1:{up_tls}/", "--insecure"] + record("proxy-tls-record"),
                             "https", True),
        "proxy-tls-1loop": (p + 14, h2scope + ["--listen", f"127.0.0.1:{p + 14}", "--listen-tls", "--upstream",
                                              f"https://127.0.0.1:{up_tls}/", "--insecure", "--loops", "1"], "https",
                            False),
        "proxy-tls-record-1loop": (p + 15, h2scope + ["--listen", f"127.0.0.1:{p + 15}", "--listen-tls", "--upstream",
                                                     f"https://127.0.0.1:{up_tls}/", "--insecure", "--loops", "1"]
                                   + record("proxy-tls-record-1loop"), "https", True),
        "mitmproxy-tls": (p + 6, ["mitmdump", "-q", "--mode", f"reverse:https://127.0.0.1:{up_tls}/", "--listen-host",
                                  "127.0.0.1", "--listen-port", str(p + 6), "--ssl-insecure", "--set",
                                  f"confdir={state}/mitmproxy"], "https", False),
    }
    if a.before:  # the same proxy paths, run by the other build on ports of their own
        for n, port in (("proxy-h2c-record", p + 8), ("proxy-h2c", p + 11), ("proxy-tls", p + 12),
                        ("proxy-tls-record", p + 13)):
            _, cmd, scheme, recorded = paths[n]
            cmd = list(cmd)
            cmd[cmd.index("-cp") + 1] = f"{a.before}/h2scope-cli.jar:{a.before}/lib/*"
            cmd[cmd.index("--listen") + 1] = f"127.0.0.1:{port}"
            if recorded:
                cmd[cmd.index("--record") + 1] = f"{state}/{n}-before.jsonl"
            paths[n + "-before"] = (port, cmd, scheme, recorded)
    names = a.paths.split(",")
    procs = {"nginx": start(["nginx", "-c", f"{state}/nginx.conf", "-p", state], f"{state}/nginx.out", env)}
    runs = []
    load_before = open("/proc/loadavg").read().split()[:3]
    try:
        wait_port(up_h2c, procs["nginx"])
        for n in names:
            port, cmd, _, _ = paths[n]
            if cmd:
                procs[n] = start(cmd, f"{state}/{n}.out", env)
                wait_port(port, procs[n])
        url = lambda n: f"{paths[n][2]}://127.0.0.1:{paths[n][0]}/"
        count = lambda n: a.mitm_requests if n.startswith("mitmproxy") else a.requests
        legs = {n: 0 for n in names}  # legs recorded so far per path: the numbers the proxy has given out

        def load(n, requests, log_file=None):
            result = run_h2load(url(n), a.clients, a.streams, requests, log_file)
            legs[n] += 2 * a.clients
            return result

        for n in names:  # JIT warm-up, unmeasured
            load(n, int(count(n) * a.warmup))
        print(f"# {a.rounds} rounds, h2load -n {a.requests} (mitmproxy {a.mitm_requests}) -c {a.clients} -m {a.streams},"
              f" warm-up {a.warmup:g}x, --record-max-bytes {a.record_max_bytes};"
              f" load average at start {' '.join(load_before)}; state {state}", flush=True)
        for r in range(a.rounds):
            order = names[r % len(names):] + names[:r % len(names)]
            for n in order:
                recorded = paths[n][3]
                rec_file = f"{state}/{n}.jsonl"
                if recorded:
                    recorded_until(rec_file, a.quiet)  # the warm-up's or the last run's lines are all written
                before = legs[n]
                t0 = time.time()
                rps, ok, out = load(n, count(n))
                row = dict(round=r, path=n, h2load_rps=rps, ok=ok, rps=rps)
                if recorded:
                    done = recorded_until(rec_file, a.quiet, 2 * a.clients, before)
                    gaps, closed = whole(rec_file, before)
                    row.update(rps=ok / (done - t0) if ok else 0.0, gaps=gaps, closed=closed)
                log_file = f"{state}/lat.tsv"
                _, ok_logged, _ = load(n, a.latency_requests if not n.startswith("mitm") else a.mitm_requests, log_file)
                row["p50_ms"], row["p99_ms"] = latencies(log_file) if ok_logged else (None, None)
                if os.path.exists(log_file):
                    os.remove(log_file)
                runs.append(row)
                extra = f"; h2load said {rps:.0f} req/s, legs closed {row['closed']}, with a gap {row['gaps']}" \
                    if recorded else ""
                print(f"round {r} {n:>17}: {row['rps']:>9.0f} req/s ({ok} ok), p50 {row['p50_ms'] or 0:6.2f} ms,"
                      f" p99 {row['p99_ms'] or 0:6.2f} ms{extra}", flush=True)
                if ok == 0:
                    print(out[-1500:], file=sys.stderr)
        load_after = open("/proc/loadavg").read().split()[:3]
        for n in names:
            if n in procs:
                stop(procs.pop(n))
        heap = idle_heap(java, cli_cp, f"{state}/idle", up_h2c, p + 7, a.idle, env, state) if a.idle else None
    finally:
        for proc in procs.values():
            stop(proc)
    summarize(runs, names, heap, load_before, load_after, 2 * a.clients)


def summarize(runs, names, heap, load_before, load_after, legs):
    med = lambda xs: statistics.median(xs) if xs else float("nan")
    base = {"http": "direct-h2c", "https": "direct-tls"}
    print(f"\nload average (1, 5, 15 min): {' '.join(load_before)} at start, {' '.join(load_after)} at the end")
    print("\n| path | req/s (median) | ÷ direct, same round (median) | p50 ms | p99 ms | p99 added ms (median) |")
    print("|---|---:|---:|---:|---:|---:|")
    for n in names:
        ref = base["https" if "tls" in n else "http"]
        mine = [x for x in runs if x["path"] == n]
        ratios, added = [], []
        for x in mine:
            b = [y for y in runs if y["path"] == ref and y["round"] == x["round"]]
            if b and b[0]["rps"]:
                ratios.append(x["rps"] / b[0]["rps"])
            if b and x["p99_ms"] is not None and b[0]["p99_ms"] is not None:
                added.append(x["p99_ms"] - b[0]["p99_ms"])
        print(f"| {n} | {med([x['rps'] for x in mine]):.0f} | {med(ratios):.2f} | {med([x['p50_ms'] or 0 for x in mine]):.2f}"
              f" | {med([x['p99_ms'] or 0 for x in mine]):.2f} | {med(added):.2f} |")
    mitm = [x for x in runs if x["path"] == "mitmproxy-tls"]
    for n in ("proxy-tls-record", "proxy-tls"):
        mine = [x for x in runs if x["path"] == n]
        if mine and mitm:
            ratios = [x["rps"] / m["rps"] for x in mine for m in mitm if m["round"] == x["round"] and m["rps"]]
            print(f"{n} ÷ mitmproxy-tls, same round (median): {med(ratios):.1f}")
    bad = [x for x in runs if x.get("gaps") or (x.get("closed") is not None and x["closed"] < legs)]
    if bad:
        print(f"recordings not whole: {bad}")
    if heap:
        opened, base_kib, loaded_kib = heap
        print(f"idle proxied connections: {opened}; proxy heap after full GC {base_kib} KiB -> {loaded_kib} KiB:"
              f" {(loaded_kib - base_kib) * 1024 // max(opened, 1)} bytes per connection (both legs)")


if __name__ == "__main__":
    main()
