#!/usr/bin/env python3
"""The crowds of crowd.py against h2scope serve, nginx and h2o in one run; see crowd-table.sh.

Each (crowd, server) pair gets a fresh server from the configs h2load-compare uses (h2load_compare.targets: loopback,
h2c, `/` answers a 19-octet text); h2scope runs through the launcher (./h2scope serve --h2c, its JVM flags, -Xmx512m),
so that what the launcher sets for memory is what is measured. crowd-compare.sh runs the crowd with a normal client
from the same address (curl, a GET / every 0.5 s) and gives the answers and their p99. RSS (/proc/PID/status VmRSS:
nginx and h2o run as one process here) is read idle before the crowd, at its end, and SETTLE seconds after it, with
nothing done to the server in between (no forced collection). Prints one Markdown table.
"""
import argparse, json, os, subprocess, sys, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from h2load_compare import stop, targets, wait_port  # one home for the servers' configs
from scratch import scratch_dir  # noqa: E402
from attack_compare import rss_kb

CROWDS = {
    # name: (crowd.py arguments, descriptor limit or None)
    "idle": (["idle", "2000", "30"], None),
    "fd-idle": (["idle", "400", "20"], 256),
    "discard": (["discard", "/", "30"], None),
    "zero-window": (["zero-window", "60", "100", "/bytes/1048576", "30"], None),
}
SERVERS = ["h2scope", "nginx", "h2o"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--repo", required=True)
    ap.add_argument("--crowds", default="discard,fd-idle")
    ap.add_argument("--servers", default=",".join(SERVERS))
    ap.add_argument("--settle", type=float, default=30, help="seconds after the crowd before RSS is read again")
    ap.add_argument("--base-port", type=int, default=29980)
    ap.add_argument("--heap", default="-Xmx512m")
    a = ap.parse_args()
    here = os.path.dirname(os.path.abspath(__file__))
    state = scratch_dir("crowd-table-")  # removed at exit, however the run ends
    all_targets = targets(a.repo, state, a.base_port, [])
    env = {k: v for k, v in os.environ.items() if not k.startswith("H2SCOPE_")}
    rows = []
    for crowd in a.crowds.split(","):
        args, nofile = CROWDS[crowd]
        for name in a.servers.split(","):
            port, cmd = all_targets[name]
            server_env = dict(env)
            if name == "h2scope":
                cmd = [f"{a.repo}/h2scope", "serve", "--h2c", "--port", str(port)]
                server_env["H2SCOPE_JAVA_OPTS"] = a.heap
            if nofile:
                cmd = ["prlimit", f"--nofile={nofile}:{nofile}"] + cmd
            log = open(f"{state}/{crowd}-{name}.out", "w")
            proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, env=server_env, start_new_session=True)
            try:
                wait_port(port, proc)
                time.sleep(5)  # the JVM's start-up work done before idle is read
                idle = rss_kb(proc.pid)
                out = subprocess.run([f"{here}/crowd-compare.sh", str(port), str(proc.pid)] + args,
                                     capture_output=True, text=True, timeout=600).stdout
                end = rss_kb(proc.pid)
                trail = []  # RSS every 10 s while it settles, to stderr
                for _ in range(int(a.settle // 10)):
                    time.sleep(10)
                    trail.append(rss_kb(proc.pid) // 1024)
                time.sleep(a.settle % 10)
                settled = rss_kb(proc.pid)
            finally:
                stop(proc)
            report = next((json.loads(l) for l in out.splitlines() if l.startswith("{")), {})
            normal = next((l.split(": ", 1)[1] for l in out.splitlines() if l.startswith("normal client:")), "-")
            rows.append((crowd, name, report, normal, idle, end, settled))
            print(f"# {crowd} {name}: {json.dumps(report)} | {normal} | RSS {idle} -> {end} -> {settled} kB (MiB every 10 s: {trail})",
                  file=sys.stderr, flush=True)
    mib = lambda kb: f"{kb / 1024:.0f}"
    print(f"| crowd | server | what the server did to the crowd | normal GETs from the same address | "
          f"RSS idle → end → {a.settle:.0f} s later, MiB |")
    print("|---|---|---|---|---|")
    for crowd, name, r, normal, idle, end, settled in rows:
        args, nofile = CROWDS[crowd]
        label = f"`{' '.join(args)}`" + (f" under `prlimit --nofile={nofile}`" if nofile else "")
        did = (f"opened {r.get('opened')}, refused at connect {r.get('refused_at_connect')}, answered "
               f"{r.get('answered')}, closed {r.get('closed_by_server')} ({r.get('first_close_s')}-"
               f"{r.get('last_close_s')} s), GOAWAY {r.get('goaway')}, RST_STREAM {r.get('rst_stream')}")
        if "body_octets_sent" in r:
            did += f", body sent {r['body_octets_sent'] / 1048576:.1f} MiB, still open {r['still_open']}"
        print(f"| {label} | {name} | {did} | {normal} | {mib(idle)} → {mib(end)} → {mib(settled)} |")


if __name__ == "__main__":
    main()
