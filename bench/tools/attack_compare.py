#!/usr/bin/env python3
"""The conformance suite's security/* cases, one at a time, against h2scope serve, nginx and h2o; see attack-compare.sh.

The attacks are the suite's own (./h2scope conform URL --case security/NAME --strict): each sends what the case
says, bounded in frames and time or by its budget. Each (case, server) pair gets a fresh server from the same
configs as h2load-compare (h2load_compare.targets), loopback, h2c. Measured around each case:
  - the case's verdict and what the server did (the verdict's actual text: reaction and time to it);
  - the server's RSS before and its peak during the case (/proc/PID/status VmRSS, sampled every 100 ms);
  - the server's CPU time during the case (/proc/PID/stat utime+stime);
  - a normal client: curl from another loopback address (127.0.0.2), one GET every 200 ms during the case,
    and five after it ended.
Prints one Markdown table. The machine is shared: figures are from one run, compare within a row group.
"""
import argparse, json, os, re, subprocess, sys, threading, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from h2load_compare import cpu_ticks, stop, targets, wait_port  # one home for the servers' configs
from scratch import scratch_dir  # noqa: E402

CLK_TCK = os.sysconf("SC_CLK_TCK")
CASES = ["rapid-reset", "continuation-flood", "zero-length-continuation-flood", "hpack-bomb", "table-size-abuse",
         "settings-flood", "ping-flood", "empty-frames-flood", "zero-window-stall", "zero-window-stall-reset",
         "slow-body", "slow-preface", "connection-count", "stream-id-exhaustion"]
SERVERS = ["h2scope", "nginx", "h2o"]


def rss_kb(pid):
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


class Sampler(threading.Thread):
    """Peak RSS of one process, every 100 ms, until stopped."""

    def __init__(self, pid):
        super().__init__(daemon=True)
        self.pid, self.peak, self.stop = pid, rss_kb(pid), threading.Event()

    def run(self):
        while not self.stop.wait(0.1):
            self.peak = max(self.peak, rss_kb(self.pid))


class NormalClient:
    """Counts of a normal client's GETs; normal_loop runs it."""

    def __init__(self):
        self.ok, self.total, self.stop = 0, 0, threading.Event()


def get(url):
    """1 when a GET from 127.0.0.2 got 200 within 2 s, else 0."""
    code = subprocess.run(["curl", "--http2-prior-knowledge", "--interface", "127.0.0.2", "-s", "-o", "/dev/null",
                           "-w", "%{http_code}", "--max-time", "2", url], capture_output=True, text=True).stdout
    return 1 if code == "200" else 0


def one(repo, state, name, cmd, port, case, scale):
    log = open(f"{state}/{name}-{case}.log", "w")
    proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, cwd=state)
    try:
        wait_port(port, proc)
        url = f"http://127.0.0.1:{port}/"
        time.sleep(0.5)
        for _ in range(3):  # warm: the first requests of a JVM are slow, and are not the attack's doing
            get(url)
        before_rss, before_cpu = rss_kb(proc.pid), cpu_ticks(proc.pid)
        sampler, client = Sampler(proc.pid), NormalClient()
        sampler.start()
        client_thread = threading.Thread(target=normal_loop, args=(client, url), daemon=True)
        client_thread.start()
        report = f"{state}/{name}-{case}.json"
        cli = ["java", "-cp", f"{repo}/cli/target/h2scope-cli.jar:{repo}/cli/target/lib/*", "io.h2scope.cli.H2scopeCommand",
               "conform", url, "--case", f"security/{case}", "--strict", "--budget-scale", str(scale), "--report",
               f"json={report}"]
        subprocess.run(cli, capture_output=True, text=True, timeout=600)
        client.stop.set()
        client_thread.join()
        sampler.stop.set()
        sampler.join()
        cpu = (cpu_ticks(proc.pid) - before_cpu) / CLK_TCK if proc.poll() is None else None
        after = sum(get(url) for _ in range(5)) if proc.poll() is None else 0
        with open(report) as f:
            result = json.load(f)["results"][0]
        return {"verdict": result["outcome"], "actual": result["actual"], "seconds": result["elapsedMs"] / 1000,
                "rss": (before_rss, sampler.peak), "cpu": cpu, "during": (client.ok, client.total), "after": after,
                "alive": proc.poll() is None}
    finally:
        stop(proc)
        log.close()


def normal_loop(client, url):
    """One GET every 200 ms from 127.0.0.2 (another client than the attacker's 127.0.0.1), until stopped."""
    while not client.stop.is_set():
        client.total += 1
        client.ok += get(url)
        client.stop.wait(0.2)


def reaction(actual):
    """What the server did, from a verdict's actual text: for a flood, how far it got first (frames, ms), then the
    reaction; for the other cases the text names its own times."""
    text = actual.replace("|", "/")
    flood = re.match(r"sent (\d+) (.+?) frames \(\d+ octets\) in (\d+) ms", text)
    for marker in ("; ended by ", "; the first it closed", "; from #", "; it ", ": it ", "; GOAWAY", "; the target closed",
                   "; then "):
        at = text.find(marker)
        if at > 0:
            text = text[at + 2:]
            break
    if flood:
        text = f"after {flood.group(1)} frames, {flood.group(3)} ms: {text}"
    return text if len(text) <= 170 else text[:169] + "…"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--repo", required=True)
    ap.add_argument("--cases", default=",".join(CASES), help="security/* case names, comma-separated")
    ap.add_argument("--servers", default=",".join(SERVERS))
    ap.add_argument("--budget-scale", default="1", help="passed to conform: longer budgets see longer server limits")
    ap.add_argument("--base-port", type=int, default=18600)
    args = ap.parse_args()
    state = scratch_dir("h2scope-attacks-")  # removed at exit, however the run ends
    t = targets(args.repo, state, args.base_port, ["-Xmx512m"])
    print(f"security/* cases, --strict --budget-scale {args.budget_scale}, one fresh server per row, loopback h2c;"
          f" normal client: curl from 127.0.0.2, a GET every 200 ms during, 5 after; {os.cpu_count()} cores,"
          f" load average {os.getloadavg()[0]:.1f} at start", flush=True)
    print("\n| case | server | verdict | what the server did (time to it) | case s | RSS before → peak MB | CPU s |"
          " normal GETs during | after |")
    print("|---|---|---|---|---|---|---|---|---|")
    for case in args.cases.split(","):
        for name in args.servers.split(","):
            port, cmd = t[name]
            try:
                r = one(args.repo, state, name, cmd, port, case, args.budget_scale)
            except Exception as e:  # a row that could not be measured says why, the rest still run
                print(f"| `{case}` | {name} | not measured: {e} | | | | | | |", flush=True)
                continue
            cpu = "died" if r["cpu"] is None else f"{r['cpu']:.2f}"
            print(f"| `{case}` | {name} | {r['verdict']} | {reaction(r['actual'])} | {r['seconds']:.1f} |"
                  f" {r['rss'][0] / 1024:.0f} → {r['rss'][1] / 1024:.0f} | {cpu} | {r['during'][0]}/{r['during'][1]} |"
                  f" {r['after']}/5 |", flush=True)


if __name__ == "__main__":
    main()
