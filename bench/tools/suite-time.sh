#!/usr/bin/env bash
# How long the conformance suite takes per local server, h2c and TLS, round by round, and whether a second build
# gives the same verdicts: the suite's own time (the report's elapsed time, JVM start excluded), the command's wall
# time and its CPU time.
#   bench/tools/suite-time.sh [--rounds 5] [--targets h2o,nghttpd] [--before /path/to/other/checkout]
# Needs the servers' Debian packages (h2o, nghttp2-server); ./h2scope builds itself on first use.
# See docs/BENCHMARKS.md ("Suite time") for what it measures.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
exec python3 "$here/suite_time.py" --repo "$(cd "$here/../.." && pwd)" "$@"
