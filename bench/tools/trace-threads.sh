#!/usr/bin/env bash
# Server CPU per request by thread (connection loop, JSONL writer, JIT, GC), untraced and with each tracing variant.
#   bench/tools/trace-threads.sh [--requests 1000000] --variant 'frames=H2SCOPE_LOG=frames=debug' \
#     --variant 'jsonl=H2SCOPE_TRACE_FILE={state}/t.jsonl'
# Needs: h2load, taskset, Linux /proc, and the built jars: mvn -B -o -DskipTests package -pl cli -am
# See docs/BENCHMARKS.md ("Tracing on the server load shape").
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
exec python3 "$here/trace_threads.py" --repo "$(cd "$here/../.." && pwd)" "$@"
