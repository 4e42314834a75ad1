#!/usr/bin/env bash
# HTTP/2 clients side by side (ClientBench: h2scope, JDK HttpClient, OkHttp, Netty, Jetty) against h2o.
# h2o pinned to one core, the JMH jar to the other; libraries in rotated order, round by round.
#   bench/tools/client-compare.sh [--rounds 3] [--libs h2scope,jdk,okhttp,netty,jetty] [--jmh "-wi 2 -w 2 -i 3 -r 2"]
#   before/after: --h2scope-jar NAME=JAR (lib h2scope from that jar), --lib-jar NAME=LIB=JAR (any lib from that jar)
# Needs: h2o, taskset, python3 and the built jar: mvn -B -o -DskipTests package -pl bench -am
# See docs/BENCHMARKS.md ("Client speed") for what it prints and the figures it gave.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
exec python3 "$here/client_compare.py" --repo "$(cd "$here/../.." && pwd)" "$@"
