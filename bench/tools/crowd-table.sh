#!/usr/bin/env bash
# The crowds (crowd.py) against h2scope serve, nginx and h2o in one run, a normal client from the same address
# beside each, RSS idle, at the end and after a settle time; prints the table of docs/SECURITY.md ("Crowds").
#   bench/tools/crowd-table.sh [--crowds discard,fd-idle,idle,zero-window] [--servers h2scope,nginx,h2o] [--settle 30]
# Needs: h2o, nginx, curl, prlimit, python3, and the built launcher (./h2scope builds on first use).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
exec python3 "$here/crowd_table.py" --repo "$(cd "$here/../.." && pwd)" "$@"
