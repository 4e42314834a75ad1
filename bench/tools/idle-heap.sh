#!/usr/bin/env bash
# Heap per idle HTTP/2 connection: a server JVM with a fixed heap, N idle h2c connections
# (IdleH2cClients, another JVM), full GC and used heap (jcmd GC.heap_info) before and after.
#   bench/tools/idle-heap.sh [h2scope|netty] [N=10000] [HEAP=512m] [get]
# With "get" each connection first does one GET / (buffers used once), then idles.
# Needs built jars: mvn -B -o -DskipTests package -pl cli,bench -am
set -euo pipefail
target="${1:-h2scope}"; n="${2:-10000}"; heap="${3:-512m}"; mode="${4:-}"
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
bench="$repo/bench/target/benchmarks.jar"
port=29970
ulimit -n "$(ulimit -Hn)"
case "$target" in
  h2scope) cmd=(java -Xms"$heap" -Xmx"$heap" -cp "$repo/cli/target/h2scope-cli.jar:$repo/cli/target/lib/*"
                io.h2scope.cli.H2scopeCommand serve --h2c --port "$port") ;;
  netty)   cmd=(java -Xms"$heap" -Xmx"$heap" -cp "$bench" io.h2scope.bench.server.NettyH2cServer "$port") ;;
  *) echo "unknown target $target" >&2; exit 2 ;;
esac
log="$(mktemp)"; fifo="$(mktemp -u)"; mkfifo "$fifo"
env -u H2SCOPE_LOG -u H2SCOPE_TRACE_FILE "${cmd[@]}" >"$log" 2>&1 &
server=$!
client=""
cleanup() {
  [[ -n "$client" ]] && { exec 3>&- || true; wait "$client" 2>/dev/null || true; }
  kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true
  rm -f "$fifo" "$log"
}
trap cleanup EXIT
for _ in $(seq 100); do (exec 9<>/dev/tcp/127.0.0.1/$port) 2>/dev/null && break; sleep 0.2; done
used() {  # used heap in KiB after a full GC
  jcmd "$server" GC.run >/dev/null
  sleep 1
  jcmd "$server" GC.heap_info | grep -oE 'used [0-9]+K' | head -1 | grep -oE '[0-9]+'
}
rss() { awk '/VmRSS/ {print $2}' "/proc/$server/status"; }
# warm the server's code paths once, so class loading is not counted per connection
java -cp "$bench" io.h2scope.bench.server.IdleH2cClients 127.0.0.1 "$port" 10 </dev/null >/dev/null
sleep 1
base=$(used); base_rss=$(rss)
java -cp "$bench" io.h2scope.bench.server.IdleH2cClients 127.0.0.1 "$port" "$n" $mode <"$fifo" >"$log.client" 2>&1 &
client=$!
exec 3>"$fifo"
start=$(date +%s)
until grep -qE '^open [0-9]+' "$log.client"; do
  if ! kill -0 "$client" 2>/dev/null; then cat "$log.client" >&2; echo "client failed" >&2; exit 1; fi
  sleep 0.5
done
opened=$(grep -oE '^open [0-9]+' "$log.client" | grep -oE '[0-9]+')
sleep 2
loaded=$(used); loaded_rss=$(rss)
if [[ -n "${HISTO:-}" ]]; then  # HISTO=1: the classes that hold the heap, largest first
  jmap -histo:live "$server" | head -"$(( HISTO > 1 ? HISTO + 3 : 28 ))"
fi
alive=$(kill -0 "$server" 2>/dev/null && echo yes || echo no)
echo "target=$target heap=$heap ${mode:+(after one GET each) }connections=$opened (opened in $(( $(date +%s) - start )) s) server alive=$alive"
echo "used heap after full GC: idle server ${base} KiB, with connections ${loaded} KiB"
echo "heap per idle connection: $(( (loaded - base) * 1024 / opened )) bytes"
echo "RSS: ${base_rss} KiB -> ${loaded_rss} KiB ($(( (loaded_rss - base_rss) * 1024 / opened )) bytes per connection)"
exec 3>&-
wait "$client" || true
client=""
rm -f "$log.client"
