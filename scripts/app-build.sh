#!/usr/bin/env bash
# Builds the desktop app: the web UI (scripts/ui-build.sh: npm ci, then Vite into ui/dist) and
# the Tauri shell, which embeds ui/dist. Plain cargo (no Tauri CLI needed).
# `bash scripts/app-build.sh release` for an optimized build. The shell builds in target/app so
# that it does not wait on the core's builds. A debug build (the one the tests use) has the
# end-to-end tests' hooks built into the UI (window.kepi); a release build (scripts/run.sh) does not.
set -euo pipefail
cd "$(dirname "$0")/.."
profile=${1:-debug}
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$PWD/target/app}"

bash scripts/ui-build.sh "$profile"
if [ "$profile" = release ]; then
  cargo build -p kepi-app --release --locked
else
  cargo build -p kepi-app --locked
fi
echo "built $CARGO_TARGET_DIR/$profile/kepi-app"
