#!/usr/bin/env bash
# Opening a recording of about 1,000,000 HTTP/2 frames in the inspector (OpenRecordingBench, -Xmx1g) and a capture
# of comparable traffic in tshark, one after the other in one run, with the load average before each:
#   bench/tools/inspector-vs-tshark.sh [WORK_DIR=/tmp/h2scope-open-bench] [ROUNDS=2]
# Makes what is missing in WORK_DIR: the JSONL recording (LargeTraceGenerator) and the pcapng capture (nghttpd
# serving two files over h2c on loopback, h2load making the requests, dumpcap capturing: needs root or the
# wireshark group). Needs the bench jar: mvn -B -o -q -pl bench -am -DskipTests package
set -euo pipefail
work="${1:-/tmp/h2scope-open-bench}"; rounds="${2:-2}"
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
bench="$repo/bench/target/benchmarks.jar"
port=38443
mkdir -p "$work"
jsonl="$work/1m.jsonl"; pcap="$work/h2.pcapng"

if [[ ! -s "$jsonl" ]]; then
  java -cp "$bench" io.h2scope.bench.inspector.LargeTraceGenerator "$jsonl" 1000000
fi

if [[ ! -s "$pcap" ]]; then
  www="$work/www"; mkdir -p "$www"
  head -c 800 /dev/zero | tr '\0' a >"$www/small.txt"
  head -c 8000 /dev/zero | tr '\0' b >"$www/mid.txt"
  urls="$work/urls"; : >"$urls"
  for _ in $(seq 9); do echo "http://127.0.0.1:$port/small.txt" >>"$urls"; done
  echo "http://127.0.0.1:$port/mid.txt" >>"$urls"
  nghttpd --no-tls -a 127.0.0.1 -d "$www" "$port" >/dev/null 2>&1 &
  server=$!
  dumpcap -q -B 1024 -i lo -f "tcp port $port" -w "$pcap" >/dev/null 2>&1 &
  capture=$!
  trap 'kill $server $capture 2>/dev/null || true' EXIT
  sleep 2
  h2load -n 270000 -c 64 -m 4 -r 8 -i "$urls" | grep -E 'requests:|finished in'
  sleep 2
  kill -INT "$capture"; wait "$capture" || true
  kill "$server"; wait "$server" 2>/dev/null || true
  trap - EXIT
fi

echo "== $(date -u +%FT%TZ), $(nproc) cores"
echo "-- h2scope inspector: load average $(cut -d' ' -f1-3 /proc/loadavg)"
/usr/bin/time -f "   process: %e s wall, %U s user + %S s sys, %M KiB resident" \
  java -Xmx1g -cp "$bench" io.h2scope.bench.inspector.OpenRecordingBench "$jsonl" "$rounds"
for r in $(seq "$rounds"); do
  echo "-- tshark round $r: load average $(cut -d' ' -f1-3 /proc/loadavg)"
  frames=$( { /usr/bin/time -f "%e s wall, %U s user + %S s sys, %M KiB resident" -o "$work/tshark.time" \
    tshark -r "$pcap" -d "tcp.port==$port,http2" -T fields -e http2.type 2>/dev/null | tr , '\n' | grep -c . ; } )
  echo "   tshark $(tshark --version 2>/dev/null | head -1 | awk "{print \$3}"): $frames HTTP/2 frames of $(stat -c %s "$pcap") octets in $(cat "$work/tshark.time")"
done
