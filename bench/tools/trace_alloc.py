"""Bytes allocated per request by h2scope serve --h2c, untraced and traced, from JFR.

For each variant (VAR=VALUE environment, or none): start the server pinned to cpu 0, warm it up with h2load,
start a JFR recording, run `h2load -c C -m M -n N` (pinned to cpu 1), stop the recording, and sum over the server's
threads the growth of jdk.ThreadAllocationStatistics (emitted at the recording's start and end) divided by N.
Allocation hardly moves with the machine's load, unlike CPU time.
  bench/tools/trace-alloc.sh [--requests 500000] [--jars DIR] [--variant NAME=VAR=VALUE ...]
"""
import argparse, json, os, subprocess, sys, time, socket

from scratch import scratch_dir


def wait_port(port, timeout=30):
    end = time.time() + timeout
    while time.time() < end:
        try:
            socket.create_connection(("127.0.0.1", port), 0.5).close()
            return
        except OSError:
            time.sleep(0.2)
    sys.exit(f"nothing listens on {port} after {timeout} s")


def h2load(port, c, m, n):
    out = subprocess.run(["taskset", "-c", "1", "h2load", "-c", str(c), "-m", str(m), "-n", str(n),
                          f"http://127.0.0.1:{port}/"], capture_output=True, text=True, check=True).stdout
    done = [l for l in out.splitlines() if l.startswith("requests:")][0]
    return int(done.split()[7])  # "requests: N total, N started, N done, N succeeded, ..."


def allocated(jfr_file):
    out = subprocess.run(["jfr", "print", "--json", "--events", "jdk.ThreadAllocationStatistics", jfr_file],
                         capture_output=True, text=True, check=True).stdout
    per_thread = {}
    for e in json.loads(out)["recording"]["events"]:
        v = e["values"]
        per_thread.setdefault(v["thread"]["javaThreadId"], []).append(v["allocated"])
    return sum(max(a) - min(a) for a in per_thread.values())


def options(port, requests):
    """The options every per-variant measurement of h2scope serve takes."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--repo", required=True)
    ap.add_argument("--jars", help="the directory of h2scope-cli.jar and lib/ (default: this tree's cli/target)")
    ap.add_argument("--port", type=int, default=port)
    ap.add_argument("--requests", type=int, default=requests)
    ap.add_argument("--shape", default="10x100")
    ap.add_argument("--variant", action="append", default=[], metavar="NAME=VAR=VALUE",
                    help="a traced variant ({state} in VALUE is a scratch directory); 'off' (no variable) always runs")
    return ap


def servers(a, state):
    """For each variant ('off' first): its name and the server process, started pinned to cpu 0 and listening; stopped
    when the caller goes on to the next."""
    jars = a.jars or f"{a.repo}/cli/target"
    cp = f"{jars}/h2scope-cli.jar:{jars}/lib/*"
    for name, assignment in [("off", None)] + [tuple(v.split("=", 1)) for v in a.variant]:
        env = {k: v for k, v in os.environ.items() if not k.startswith("H2SCOPE_")}
        if assignment:
            var, value = assignment.split("=", 1)
            env[var] = value.replace("{state}", state)
        log = open(f"{state}/{name}.err", "w")
        server = subprocess.Popen(["taskset", "-c", "0", "java", "-Xms512m", "-Xmx512m", "-cp", cp,
                                   "io.h2scope.cli.H2scopeCommand", "serve", "--h2c", "--port", str(a.port)],
                                  env=env, stdout=log, stderr=log)
        try:
            wait_port(a.port)
            yield name, server
        finally:
            server.terminate()
            server.wait()
            log.close()


def shape_and_state(a, prefix):
    """h2load's connections and streams per connection, and a scratch directory for the run (removed at exit)."""
    c, m = (int(x) for x in a.shape.split("x"))
    return c, m, scratch_dir(prefix)


def main():
    a = options(31960, 500000).parse_args()
    c, m, state = shape_and_state(a, "trace-alloc-")
    print(f"# h2load -c {c} -m {m} -n {a.requests}, after as many of warm-up")
    for name, server in servers(a, state):
        h2load(a.port, c, m, a.requests)
        jfr_file = f"{state}/{name}.jfr"
        subprocess.run(["jcmd", str(server.pid), "JFR.start", "name=alloc"], capture_output=True, check=True)
        done = h2load(a.port, c, m, a.requests)
        subprocess.run(["jcmd", str(server.pid), "JFR.stop", "name=alloc", f"filename={jfr_file}"],
                       capture_output=True, check=True)
        print(f"{name:>8}: {allocated(jfr_file) / done:8.0f} B/request ({done} requests)", flush=True)


if __name__ == "__main__":
    main()
