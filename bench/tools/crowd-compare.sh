#!/usr/bin/env bash
# One crowd attack (crowd.py) against a running h2c server, with a normal client from the same address beside it:
# a GET / with curl (prior knowledge, 5 s limit) every 0.5 s for as long as the attack holds, then the count of
# answers, their p99, and the server's RSS before and after (when its PID is given).
#   crowd-compare.sh PORT PID|- MODE ARGS...     e.g. crowd-compare.sh 8080 1234 idle 2000 30
set -euo pipefail
port=$1 pid=$2 mode=$3
shift 3
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
rss() { [[ "$pid" == - ]] && echo "-" || awk '/VmRSS/ {print $2 " kB"}' "/proc/$pid/status"; }
echo "rss before: $(rss)"
python3 "$here/crowd.py" "$mode" 127.0.0.1 "$port" "$@" &
attack=$!
sleep 2 # the crowd is opened before the first probe
times=()
ok=0 n=0
while kill -0 "$attack" 2>/dev/null; do
  t=$(curl -s -o /dev/null --http2-prior-knowledge --max-time 5 -w '%{http_code} %{time_total}' "http://127.0.0.1:$port/" || true)
  n=$((n + 1))
  if [[ "$t" == 200\ * ]]; then ok=$((ok + 1)); times+=("${t#200 }"); fi
  sleep 0.5
done
wait "$attack" || true
p99=$(printf '%s\n' "${times[@]:-}" | sort -n | awk '{a[NR]=$1} END {if (NR) print a[int(NR*0.99 + 0.999)]; else print "-"}')
echo "normal client: $ok of $n answered, p99 ${p99} s"
echo "rss after: $(rss)"
