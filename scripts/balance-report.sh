#!/usr/bin/env bash
# The balance report of every shipped scenario (docs/balance.md): `kepi balance` at the standard
# level and at random, paired seeds, as JSON lines, then a table.
# Usage: scripts/balance-report.sh [GAMES] [KEPI] > report.jsonl
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-200}
kepi=${2:-target/release/kepi}
for f in scenarios/*.json; do   # both rule systems have a standard level
  "$kepi" balance "$f" --games "$games" --level standard --json | python3 -c 'import json,sys; print(json.dumps(json.load(sys.stdin)))'
done
