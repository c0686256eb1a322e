#!/usr/bin/env bash
# Builds the desktop app: the web UI (npm ci, then Vite into ui/dist) and the Tauri shell, which
# embeds ui/dist. Plain cargo (no Tauri CLI needed). `bash scripts/app-build.sh release` for an
# optimized build. The shell builds in target/app so that it does not wait on the core's builds.
set -euo pipefail
cd "$(dirname "$0")/.."
profile=${1:-debug}
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$PWD/target/app}"

cd ui
# npm ci only when node_modules is missing or older than the lockfile.
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi
npm run build
cd ..

if [ "$profile" = release ]; then
  cargo build -p kepi-app --release --locked
else
  cargo build -p kepi-app --locked
fi
echo "built $CARGO_TARGET_DIR/$profile/kepi-app"
