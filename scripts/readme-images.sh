#!/usr/bin/env bash
# Refresh the README's five screenshots (docs/images/readme-*.png) from the end-to-end tests of
# the real window (tests/e2e/app.test.mjs), which save their screenshots in target/e2e/ by name.
#
# Needs what scripts/test.sh builds and installs: the debug app and the command-line kepi of a
# test build (KEPI_APP and KEPI_BIN, by default target/debug/kepi-app and target/debug/kepi, or
# under $CARGO_TARGET_DIR), tauri-driver and WebKitWebDriver, Node.js, and Xvfb when there is no
# display. The tests need no npm packages. Run from anywhere:
#
#   bash scripts/test.sh            # once, on a clean clone: builds the app and kepi
#   bash scripts/readme-images.sh   # then look at docs/images/readme-*.png and commit them
#
# Two runs of the window, each a fresh app: the Library, the painter and the scenario view, then
# a game of Fatehpur played and reviewed (the jobs it leaves in the jobs panel would cover the
# other views' maps).
# A picture is copied only if this run took it; the script fails naming any it did not.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
target=${CARGO_TARGET_DIR:-$PWD/target}
KEPI_APP=${KEPI_APP:-$target/debug/kepi-app}
KEPI_BIN=${KEPI_BIN:-$target/debug/kepi}
for f in "$KEPI_APP" "$KEPI_BIN"; do
  [ -x "$f" ] || { echo "readme-images: $f is not built (bash scripts/test.sh builds it; or set KEPI_APP and KEPI_BIN)" >&2; exit 1; }
done
for t in node tauri-driver WebKitWebDriver; do
  command -v "$t" >/dev/null || { echo "readme-images: $t is missing (bash scripts/setup.sh installs it)" >&2; exit 1; }
done

# The test (its name's start, as --test-name-pattern reads it) and the screenshot each picture is.
runs=(
  "^the Library lists|^paint a map|^unsaved changes are guarded|^scenario view: Age of Rifles' Gettysburg in its roster table"
  "^play: a game-turn of Fatehpur hot-seat"
)
declare -A pictures=(
  [readme-library]=20-library            # the Library's cards with their thumbnails
  [readme-painter]=09-rifle-and-saber    # the Rifle & Saber map in the painter, its tools and panels
  [readme-scenario]=58-aor-roster        # Gettysburg in the scenario view: its zones, its roster table
  [readme-play]=35-play-move-highlight   # Fatehpur mid-game: a unit's reach, the path, the dice log
  [readme-replay]=36-replay-phase        # the game reviewed: timeline, phases, the move list
)

shots=target/e2e
mkdir -p "$shots"
stamp=$(mktemp)
trap 'rm -f "$stamp"' EXIT
run_with_display() {
  if [ -n "${DISPLAY:-}" ] && [ "${CI:-}" != true ]; then "$@"; else xvfb-run -a -s "-screen 0 1280x800x24" "$@"; fi
}
failed=0
for pattern in "${runs[@]}"; do
  echo "== readme-images: $pattern"
  KEPI_APP="$KEPI_APP" KEPI_BIN="$KEPI_BIN" run_with_display \
    node --test --test-concurrency=1 --test-name-pattern "$pattern" tests/e2e/app.test.mjs || failed=1
done
# A test that fails after its screenshot still gave a picture: copy what this run took, then say.
missing=()
for name in "${!pictures[@]}"; do
  src="$shots/${pictures[$name]}.png"
  if [ -f "$src" ] && [ "$src" -nt "$stamp" ]; then
    cp "$src" "docs/images/$name.png"
    echo "docs/images/$name.png <- $src"
  else
    missing+=("$name (${pictures[$name]}.png)")
  fi
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "readme-images: not taken by this run: ${missing[*]}" >&2
  exit 1
fi
[ "$failed" = 0 ] || echo "readme-images: a test failed after taking its pictures (see above); the pictures were copied" >&2
exit "$failed"
