#!/usr/bin/env bash
# Installs what is needed, builds Kepi and runs it: checks the shipped maps and scenarios with the
# `kepi` command, lists its commands, then builds the desktop app (UI and shell, release) and opens
# its window. Without a display (no DISPLAY or WAYLAND_DISPLAY) it stops after the build.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
cargo build --release --locked
kepi=target/release/kepi
dirs=()
for d in maps scenarios; do [ -d "$d" ] && dirs+=("$d"); done
if [ ${#dirs[@]} -gt 0 ]; then "$kepi" validate "${dirs[@]}"; fi
"$kepi" --help

bash scripts/app-build.sh release
app=target/app/release/kepi-app
if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
  echo "no display: built $app; run it on a desktop (or: xvfb-run -a $app)"
  exit 0
fi
exec "$app"
