#!/usr/bin/env bash
# A row of counters per rule system as the VASSAL export draws them (the same pictures as print's
# counter sheets), for looking at: units of different types of both sides, then two markers.
# Usage: scripts/counter-pictures.sh KEPI_BINARY OUT.png
# Needs target/vassal-venv (scripts/vassal-venv.sh) for its Python imaging library.
set -euo pipefail
kepi=$(realpath "$1"); out=$(realpath -m "$2")
root=$(cd "$(dirname "$0")/.." && pwd)
py="$root/target/vassal-venv/bin/python"
[ -x "$py" ] || py=/work/main/target/vassal-venv/bin/python
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
rows=(scenarios/rs-01-fatehpur.json scenarios/aor-gettysburg-first-day.json
      scenarios/nc-trautenau.json scenarios/rk-trautenau.json
      tests/fixtures/vae-victis/scenarios/vv-ridge.json)
for i in "${!rows[@]}"; do
  (cd "$root" && "$kepi" vassal export "${rows[$i]}" --out "$tmp/$i.vmod" >/dev/null)
  mkdir -p "$tmp/$i" && unzip -q -o "$tmp/$i.vmod" 'images/unit-*' 'images/marker-*' -d "$tmp/$i"
done
"$py" - "$tmp" "$out" "${#rows[@]}" <<'PY'
import sys, os, glob
from PIL import Image
tmp, out, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
rows = []
for i in range(n):
    units = sorted(glob.glob(f"{tmp}/{i}/images/unit-*.png"))
    # Units of different types first (side, code and symbol: the name's parts), the sides in
    # turn.
    seen, by_side = set(), {}
    for u in units:
        parts = os.path.basename(u).split("-")
        if tuple(parts[1:4]) not in seen:
            seen.add(tuple(parts[1:4])); by_side.setdefault(parts[1], []).append(u)
    sides = list(by_side.values())
    pick = [s[k] for k in range(7) for s in sides if k < len(s)][:7]
    markers = sorted(glob.glob(f"{tmp}/{i}/images/marker-*.png"))[:2]
    rows.append([Image.open(p).convert("RGB") for p in pick + markers])
size = max(im.width for r in rows for im in r)
gap = size // 6
w = max(len(r) for r in rows) * (size + gap) + gap
sheet = Image.new("RGB", (w, len(rows) * (size + gap) + gap), (255, 255, 255))
for y, r in enumerate(rows):
    for x, im in enumerate(r):
        sheet.paste(im, (gap + x * (size + gap), gap + y * (size + gap)))
sheet.save(out)
PY
echo "$out"
