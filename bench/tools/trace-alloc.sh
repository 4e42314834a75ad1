#!/usr/bin/env bash
# Bytes allocated per request by h2scope serve, untraced and with each tracing variant given (JFR).
#   bench/tools/trace-alloc.sh [--requests 500000] --variant 'frames=H2SCOPE_LOG=frames=debug' \
#     --variant 'jsonl=H2SCOPE_TRACE_FILE={state}/t.jsonl'
# Needs: h2load, taskset, jcmd and jfr (JDK 17), and the built jars: mvn -B -o -DskipTests package -pl cli -am
# See docs/BENCHMARKS.md ("Tracing on the server load shape").
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
exec python3 "$here/trace_alloc.py" --repo "$(cd "$here/../.." && pwd)" "$@"
