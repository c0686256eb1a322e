#!/usr/bin/env bash
# Standard against random on every shipped scenario, each side in turn, on the same dice seeds
# (paired): the table of docs/ai.md. Usage: scripts/ai-strength.sh [GAMES_PER_SIDE] [KEPI]
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-20}
kepi=${2:-target/release/kepi}
echo "| scenario | side played by standard | standard won | of |"
echo "|---|---|---|---|"
total=0; won=0
for f in scenarios/rs-*.json; do
  id=$(basename "$f" .json)
  for side in $(python3 -c "import json,sys;print(' '.join(s['id'] for s in json.load(open(sys.argv[1]))['sides']))" "$f"); do
    name=$(python3 -c "import json,sys;print([s['name'] for s in json.load(open(sys.argv[1]))['sides'] if s['id']==sys.argv[2]][0])" "$f" "$side")
    n=$("$kepi" autoplay "$f" --games "$games" --seed 1 --side "$side=standard" | grep -c "^seed .*: $name wins" || true)
    echo "| $id | $name | $n | $games |"
    total=$((total + games)); won=$((won + n))
  done
done
echo
echo "standard won $won of $total games"
