#!/usr/bin/env bash
# The recording proxy's overhead: h2load direct to nginx (h2c and TLS), through `h2scope proxy` with and without
# --record, and through Debian's mitmproxy (TLS), interleaved round by round; then heap per idle proxied connection.
#   bench/tools/proxy-compare.sh [--rounds 3] [--requests 200000] [--paths direct-h2c,proxy-h2c,...] [--idle 1000]
# Needs: h2load (nghttp2-client), nginx, mitmproxy (Debian's, 8.1), openssl, a JDK, and built jars:
#   mvn -B -o -DskipTests package -pl cli -am
# See docs/BENCHMARKS.md ("Recording proxy") for what it prints and the figures it gave.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
exec python3 "$here/proxy_compare.py" --repo "$(cd "$here/../.." && pwd)" "$@"
