#!/usr/bin/env bash
# The conformance suite's security/* cases against h2scope serve, nginx and h2o, side by side: verdict, what the
# server did and when, its peak RSS and CPU, and whether a normal client was served during and after.
#   bench/tools/attack-compare.sh [--cases rapid-reset,slow-body] [--servers h2scope,nginx,h2o] [--budget-scale 4]
# Needs: nginx, h2o, curl, and the cli built: mvn -B -o -q -pl cli -am -DskipTests package
# See docs/SECURITY.md ("Side by side with nginx and h2o") for what it prints and the figures it gave.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
exec python3 "$here/attack_compare.py" --repo "$(cd "$here/../.." && pwd)" "$@"
