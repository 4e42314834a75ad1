#!/usr/bin/env python3
"""Load comparison of HTTP/2 servers with h2load (h2c prior knowledge); see h2load-compare.sh.

Every server answers GET / with the same 19-byte text body. Servers run pinned to --server-cpu,
h2load to --client-cpu. Each round runs every shape against every target, the target order rotated
per round, so a burst of load from elsewhere on the machine hits all targets alike; ratios are taken
within a round and their median reported. Server CPU time per request comes from /proc/<pid>/stat
(utime+stime of the whole process) read just before and after the measured h2load run: it is far
less sensitive to other load on the machine than requests per second.
Latency percentiles come from a second, separate run with --log-file: h2load writes each request's line
with its own write(2), which makes h2load the bottleneck (near 300k req/s here), so req/s is never taken
from that run.
"""
import argparse, json, os, signal, socket, statistics, subprocess, sys, time

from scratch import scratch_dir

BODY = "Hello from h2scope\n"
SHAPES = {"1x1": (1, 1), "10x100": (10, 100), "100x10": (100, 10)}
CLK_TCK = os.sysconf("SC_CLK_TCK")


def nginx_conf(state, port):
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
    server {{
        listen 127.0.0.1:{port} http2;
        http2_max_concurrent_streams 128;
        location = / {{ default_type "text/plain; charset=utf-8"; return 200 "{BODY.strip()}\\n"; }}
        location /bytes/ {{ root {state}/www; }}
    }}
}}
"""


def h2o_conf(state, port):
    return f"""num-threads: 1
listen:
  host: 127.0.0.1
  port: {port}
hosts:
  default:
    paths:
      /:
        file.dir: {state}/www
        file.index: [index.txt]
file.mime.addtypes:
  "text/plain; charset=utf-8": .txt
"""


def targets(repo, state, base_port, java_opts):
    cli_cp = f"{repo}/cli/target/h2scope-cli.jar:{repo}/cli/target/lib/*"
    bench = f"{repo}/bench/target/benchmarks.jar"
    java = [os.path.join(os.environ["JAVA_HOME"], "bin", "java") if os.environ.get("JAVA_HOME") else "java"]
    t = {
        "h2scope": (base_port, java + java_opts + ["-cp", cli_cp, "io.h2scope.cli.H2scopeCommand", "serve", "--h2c",
                                                   "--port", str(base_port)]),
        "netty": (base_port + 1, java + java_opts + ["-cp", bench, "io.h2scope.bench.server.NettyH2cServer",
                                                     str(base_port + 1)]),
        "jetty": (base_port + 2, java + java_opts + ["-cp", bench, "io.h2scope.bench.server.JettyH2cServer",
                                                     str(base_port + 2)]),
        "h2o": (base_port + 3, ["h2o", "-m", "worker", "-c", f"{state}/h2o.conf"]),
        "nginx": (base_port + 4, ["nginx", "-c", f"{state}/nginx.conf", "-p", state]),
    }
    os.makedirs(f"{state}/www", exist_ok=True)
    with open(f"{state}/www/index.txt", "w") as f:
        f.write(BODY)
    os.makedirs(f"{state}/www/bytes", exist_ok=True)  # /bytes/1048576, as h2scope serve answers it (crowd_table.py)
    with open(f"{state}/www/bytes/1048576", "wb") as f:
        f.write(bytes(1048576))
    os.chmod(state, 0o755)
    with open(f"{state}/h2o.conf", "w") as f:
        f.write(h2o_conf(state, t["h2o"][0]))
    with open(f"{state}/nginx.conf", "w") as f:
        f.write(nginx_conf(state, t["nginx"][0]))
    return t


def stop(proc):
    """Ends a server started for one measurement: TERM, then KILL after 10 s."""
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def wait_port(port, proc, seconds=60):
    end = time.time() + seconds
    while time.time() < end:
        if proc.poll() is not None:
            raise RuntimeError(f"server on {port} exited with {proc.returncode}")
        try:
            socket.create_connection(("127.0.0.1", port), 0.2).close()
            return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"nothing listens on {port}")


def cpu_ticks(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])  # utime, stime (fields 14, 15 of stat(5))


def h2load(url, clients, streams, seconds, cpu, log_file=None):
    cmd = ["taskset", "-c", str(cpu), "h2load", "-c", str(clients), "-m", str(streams), "-D", str(seconds), url]
    if log_file:
        cmd[-1:-1] = ["--log-file", log_file]
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=seconds + 60).stdout
    except subprocess.TimeoutExpired:
        return 0.0, 0, "h2load did not finish within 60 s of its duration"
    rps, ok = 0.0, 0
    for line in out.splitlines():
        if line.startswith("finished in"):
            rps = float(line.split(",")[1].split()[0])
        elif line.startswith("requests:"):
            ok = int(line.split(",")[3].split()[0])
    return rps, ok, out


def latencies(log_file):
    values = []
    with open(log_file) as f:
        for line in f:
            parts = line.split("\t")
            if len(parts) >= 3 and parts[1] == "200":
                values.append(int(parts[2]))
    values.sort()
    if not values:
        return None, None
    pick = lambda q: values[min(len(values) - 1, int(q * len(values)))] / 1000.0
    return pick(0.50), pick(0.99)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--repo", required=True)
    ap.add_argument("--targets", default="h2scope,netty,jetty,h2o,nginx")
    ap.add_argument("--shapes", default="1x1,10x100,100x10")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--duration", type=int, default=5, help="seconds measured per run")
    ap.add_argument("--latency-duration", type=int, default=3,
                    help="seconds of the separate run that logs latencies (0: none)")
    ap.add_argument("--warmup", type=int, default=2, help="seconds of unmeasured load before each run")
    ap.add_argument("--jit-warmup", type=int, default=5, help="seconds of load per target and shape at start")
    ap.add_argument("--server-cpu", type=int, default=0)
    ap.add_argument("--client-cpu", type=int, default=1)
    ap.add_argument("--base-port", type=int, default=29880)
    ap.add_argument("--java-opts", default="-Xms512m -Xmx512m")
    ap.add_argument("--json", help="write every run here")
    ap.add_argument("--h2scope-build", action="append", default=[], metavar="NAME=DIR",
                    help="another h2scope build as target NAME: DIR holds h2scope-cli.jar and lib/ (a copy of cli/target)")
    ap.add_argument("--h2scope-env", action="append", default=[], metavar="NAME=VAR=VALUE[;VAR=VALUE...]",
                    help="h2scope serve with these environment variables as target NAME ({state} in a value is the run's "
                         "temporary directory), e.g. jsonl=H2SCOPE_TRACE_FILE={state}/t.jsonl: tracing's cost, same run; "
                         "NAME@BUILD runs the jars of --h2scope-build BUILD instead of this tree's")
    a = ap.parse_args()

    state = scratch_dir("h2load-compare-")  # removed at exit, however the run ends
    for d in ("tmp-body", "tmp-proxy", "tmp-fcgi", "tmp-uwsgi", "tmp-scgi"):
        os.makedirs(f"{state}/{d}")
    all_targets = targets(a.repo, state, a.base_port, a.java_opts.split())
    for i, spec in enumerate(a.h2scope_build):  # e.g. before=/tmp/jars/base: before/after an optimization, same run
        name, jars = spec.split("=", 1)
        port = a.base_port + 10 + i
        cmd = list(all_targets["h2scope"][1])
        cmd[cmd.index("-cp") + 1] = f"{jars}/h2scope-cli.jar:{jars}/lib/*"
        cmd[-1] = str(port)
        all_targets[name] = (port, cmd)
    target_env = {}
    for i, spec in enumerate(a.h2scope_env):  # e.g. frames=H2SCOPE_LOG=frames=debug: the same jar, traced
        name, assignments = spec.split("=", 1)
        name, _, build = name.partition("@")  # frames@before=...: a --h2scope-build's jars, traced
        port = a.base_port + 20 + i
        cmd = list(all_targets[build or "h2scope"][1])
        cmd[-1] = str(port)
        all_targets[name] = (port, cmd)
        target_env[name] = dict(kv.split("=", 1) for kv in assignments.split(";"))
        target_env[name] = {k: v.replace("{state}", state) for k, v in target_env[name].items()}
    names = a.targets.split(",")
    procs = {}
    env = {k: v for k, v in os.environ.items() if not k.startswith("H2SCOPE_") and k != "SSLKEYLOGFILE"}
    runs = []
    try:
        for n in names:
            port, cmd = all_targets[n]
            log = open(f"{state}/{n}.out", "w")
            procs[n] = subprocess.Popen(["taskset", "-c", str(a.server_cpu)] + cmd, stdout=log, stderr=subprocess.STDOUT,
                                        env={**env, **target_env.get(n, {})}, start_new_session=True)
            wait_port(port, procs[n])
        for n in names:  # JIT: every server sees every shape before anything is measured
            for shape in a.shapes.split(","):
                c, m = SHAPES[shape]
                h2load(f"http://127.0.0.1:{all_targets[n][0]}/", c, m, a.jit_warmup, a.client_cpu)
        print(f"# servers on cpu {a.server_cpu}, h2load on cpu {a.client_cpu}; {a.rounds} rounds x {a.duration} s "
              f"(+{a.warmup} s warm-up); state {state}", flush=True)
        for r in range(a.rounds):
            order = names[r % len(names):] + names[:r % len(names)]
            for shape in a.shapes.split(","):
                c, m = SHAPES[shape]
                for n in order:
                    url = f"http://127.0.0.1:{all_targets[n][0]}/"
                    if a.warmup:
                        h2load(url, c, m, a.warmup, a.client_cpu)
                    pid = procs[n].pid
                    before = cpu_ticks(pid)
                    rps, ok, out = h2load(url, c, m, a.duration, a.client_cpu)
                    used = cpu_ticks(pid) - before
                    cpu_us = used / CLK_TCK * 1e6 / ok if ok else None
                    # Latency in a run of its own: with --log-file h2load makes one write(2) per request,
                    # which caps it near 300k req/s on this machine, so that run's req/s is h2load's, not the server's.
                    log_file = f"{state}/lat-{n}.tsv"
                    rps_logged, ok_logged, _ = h2load(url, c, m, a.latency_duration, a.client_cpu, log_file) \
                        if ok and a.latency_duration > 0 else (0.0, 0, "")
                    p50, p99 = latencies(log_file) if ok_logged else (None, None)
                    run = dict(round=r, shape=shape, target=n, rps=rps, ok=ok, p50_ms=p50, p99_ms=p99, cpu_us_per_req=cpu_us,
                               rps_while_logging=rps_logged)
                    runs.append(run)
                    print(f"round {r} {shape:>6} {n:>8}: {rps:>10.0f} req/s  cpu {cpu_us or 0:6.1f} us/req  ({ok} ok);"
                          f" logging run {rps_logged:>8.0f} req/s  p50 {p50 or 0:7.2f} ms  p99 {p99 or 0:7.2f} ms", flush=True)
                    if ok == 0:
                        alive = "running" if procs[n].poll() is None else f"exited {procs[n].returncode}"
                        print(f"{n} ({alive}) h2load said:\n{out[-1500:]}\nserver log tail:\n"
                              + open(f"{state}/{n}.out").read()[-3000:], file=sys.stderr)
                    if os.path.exists(log_file):
                        os.remove(log_file)
    finally:
        for n, p in procs.items():
            try:
                os.killpg(p.pid, signal.SIGTERM)
                p.wait(10)
            except (ProcessLookupError, subprocess.TimeoutExpired):
                os.killpg(p.pid, signal.SIGKILL)
    if a.json:
        with open(a.json, "w") as f:
            json.dump(runs, f, indent=1)
    summarize(runs, names, a.shapes.split(","))


def summarize(runs, names, shapes):
    med = lambda xs: statistics.median(xs) if xs else float("nan")
    ref = names[0]
    print(f"\n| shape | target | req/s (median) | p99 ms, logging run (median) | server CPU us/req (median) | {ref} req/s ÷ target, per round (median) | target CPU/req ÷ {ref} |")
    print("|---|---|---:|---:|---:|---:|---:|")
    for s in shapes:
        for n in names:
            mine = [x for x in runs if x["shape"] == s and x["target"] == n]
            ratios, cpu_ratios = [], []
            for x in mine:
                base = [y for y in runs if y["shape"] == s and y["target"] == ref and y["round"] == x["round"]]
                if base and x["rps"]:
                    ratios.append(base[0]["rps"] / x["rps"])
                if base and x["cpu_us_per_req"] and base[0]["cpu_us_per_req"]:
                    cpu_ratios.append(x["cpu_us_per_req"] / base[0]["cpu_us_per_req"])
            print(f"| {s} | {n} | {med([x['rps'] for x in mine]):.0f} | {med([x['p99_ms'] or 0 for x in mine]):.2f} | "
                  f"{med([x['cpu_us_per_req'] or 0 for x in mine]):.1f} | {med(ratios):.2f} | {med(cpu_ratios):.2f} |")


if __name__ == "__main__":
    main()
