#!/usr/bin/env bash
# h2load against h2scope serve, Netty 4.2, Jetty 12, h2o and nginx, side by side in one run.
# Servers pinned to one core, h2load to the other; targets alternate round by round.
#   bench/tools/h2load-compare.sh [--rounds 3] [--duration 5] [--targets h2scope,netty,jetty,h2o,nginx]
# Needs: h2load (nghttp2-client), h2o, nginx, taskset, and built jars:
#   mvn -B -o -DskipTests package -pl cli,bench -am
# See docs/BENCHMARKS.md ("Server load") for what it prints and the figures it gave.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
exec python3 "$here/h2load_compare.py" --repo "$(cd "$here/../.." && pwd)" "$@"
