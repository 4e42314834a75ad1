#!/usr/bin/env python3
"""Summarises a JMH JSON result of HpackBench (-rf json -prof gc) as a Markdown table.

Per benchmark and library: the median and the minimum of the measured iterations (ns/op; the median
resists the bursts of load on a shared machine better than the mean), the mean with JMH's 99.9% error,
B/op (gc.alloc.rate.norm), and each library's speed relative to the fastest peer, by median and by
minimum. Goal check for h2scope: at least 1.3x faster than the best of netty, jetty and okhttp by both
median and minimum, and fewer B/op than any of them.

usage: hpack_summary.py result.json [more.json ...]   (later files override earlier ones per row)
"""
import json
import statistics
import sys

PEERS = ("netty", "jetty", "okhttp")
ORDER = ("corpusDecode", "coldDecode", "coldEncode", "warmDecode", "warmEncode", "staticIndexedDecode")


def load(paths):
    rows = {}
    for path in paths:
        with open(path) as f:
            for r in json.load(f):
                bench = r["benchmark"].rsplit(".", 1)[1]
                lib = r["params"]["lib"]
                raw = [x for fork in r["primaryMetric"]["rawData"] for x in fork]
                norm = r.get("secondaryMetrics", {}).get("gc.alloc.rate.norm", {}).get("score")
                rows[(bench, lib)] = {
                    "median": statistics.median(raw), "min": min(raw),
                    "mean": r["primaryMetric"]["score"], "err": r["primaryMetric"]["scoreError"],
                    "bop": norm,
                }
    return rows


def fmt(ns):
    return f"{ns:,.0f}" if ns >= 100 else f"{ns:,.1f}"


def main(paths):
    rows = load(paths)
    benches = [b for b in ORDER if any(k[0] == b for k in rows)]
    print("| benchmark | lib | median ns/op | min ns/op | mean ± error ns/op | B/op | best peer ÷ this (median) | (min) |")
    print("|---|---|---:|---:|---:|---:|---:|---:|")
    verdicts = []
    for b in benches:
        libs = [lib for (bb, lib) in rows if bb == b]
        peers = [l for l in libs if l in PEERS]
        best = min(peers, key=lambda l: rows[(b, l)]["median"]) if peers else None
        best_min = min(peers, key=lambda l: rows[(b, l)]["min"]) if peers else None
        for lib in sorted(libs, key=lambda l: (l not in ("h2scope", "h2scope-list"), l)):
            r = rows[(b, lib)]
            ratio = ratio_min = ""
            if best:
                ratio = f"{rows[(b, best)]['median'] / r['median']:.2f}x" + (" (best)" if lib == best else "")
                ratio_min = f"{rows[(b, best_min)]['min'] / r['min']:.2f}x" + (" (best)" if lib == best_min else "")
            bop = "n/a" if r["bop"] is None else f"{r['bop']:,.0f}"
            print(f"| {b} | {lib} | {fmt(r['median'])} | {fmt(r['min'])} | {fmt(r['mean'])} ± {fmt(r['err'])}"
                  f" | {bop} | {ratio} | {ratio_min} |")
        if best and (b, "h2scope") in rows:
            h = rows[(b, "h2scope")]
            peer_bop = min(rows[(b, l)]["bop"] for l in peers)
            speed = rows[(b, best)]["median"] / h["median"]
            speed_min = rows[(b, best_min)]["min"] / h["min"]
            fewer = h["bop"] < peer_bop
            ok = speed >= 1.3 and speed_min >= 1.3 and fewer
            verdicts.append(f"- {b}: h2scope {speed:.2f}x the best peer by median ({best}), {speed_min:.2f}x by"
                            f" minimum ({best_min}); {h['bop']:,.0f} B/op vs the peers' fewest {peer_bop:,.0f}:"
                            f" {'goal met' if ok else 'goal NOT met'}")
    print()
    print("\n".join(verdicts))


if __name__ == "__main__":
    main(sys.argv[1:])
