"""Times ./h2scope conform --target local:NAME per server and mode; see suite-time.sh."""
import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time


def run(checkout, target, tls, report):
    """One suite run: (suite seconds, wall seconds, cpu seconds, {case id: outcome})."""
    cmd = [os.path.join(checkout, "h2scope"), "conform", "--target", "local:" + target, "--report", "json=" + report]
    if tls:
        cmd.append("--tls")
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    done = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    wall = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if done.returncode not in (0, 1):
        sys.exit(f"{' '.join(cmd)} exited {done.returncode}: {done.stderr.strip()[-400:]}")
    with open(report) as f:
        data = json.load(f)
    outcomes = {r["id"]: r["outcome"] for r in data["results"]}
    return data["elapsedMs"] / 1000.0, wall, cpu, outcomes


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--repo", required=True)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--targets", default="h2o,nghttpd")
    parser.add_argument("--before", help="another checkout whose build runs beside this one, round by round")
    args = parser.parse_args()
    builds = [("this", args.repo)] + ([("before", args.before)] if args.before else [])
    for _, checkout in builds:  # build once before any timing
        subprocess.run([os.path.join(checkout, "h2scope"), "--version"], check=True, stdout=subprocess.DEVNULL)
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for target in args.targets.split(","):
            for tls in (False, True):
                mode = "tls" if tls else "h2c"
                seen = {name: [] for name, _ in builds}
                verdicts = {}
                for round_no in range(args.rounds):
                    for name, checkout in builds:
                        suite, wall, cpu, outcomes = run(checkout, target, tls, os.path.join(tmp, f"{name}.json"))
                        seen[name].append((suite, wall, cpu))
                        verdicts.setdefault(name, []).append(outcomes)
                        print(f"{target} {mode} round {round_no + 1} {name}: suite {suite:.2f} s, wall {wall:.2f} s, "
                              f"cpu {cpu:.2f} s", flush=True)
                for name, _ in builds:
                    suites, walls, cpus = zip(*seen[name])
                    flips = sorted({case for o in verdicts[name] for case in o if o[case] != verdicts[name][0].get(case)})
                    rows.append((target, mode, name, statistics.median(suites), min(suites), max(suites),
                                 statistics.median(walls), statistics.median(cpus), flips))
                if args.before:
                    this, other = verdicts["this"][0], verdicts["before"][0]
                    differ = sorted(c for c in set(this) | set(other) if this.get(c) != other.get(c))
                    print(f"{target} {mode}: verdicts that differ between the builds (first rounds): {differ or 'none'}")
    print()
    print("| server | mode | build | suite median (min-max) | wall median | cpu median (h2scope and the server) | verdicts that changed between rounds |")
    print("|---|---|---|---|---|---|---|")
    for target, mode, name, med, lo, hi, wall, cpu, flips in rows:
        print(f"| {target} | {mode} | {name} | {med:.2f} s ({lo:.2f}-{hi:.2f}) | {wall:.2f} s | {cpu:.2f} s | "
              f"{', '.join(flips) or 'none'} |")


if __name__ == "__main__":
    main()
