#!/usr/bin/env bash
# Builds the web UI into ui/dist (npm ci when needed, then Vite). The shell (src-tauri) embeds
# ui/dist when it compiles, so this runs before any build or lint of kepi-app.
# `bash scripts/ui-build.sh release` leaves out the end-to-end tests' hooks (window.kepi), which a
# debug build has (VITE_KEPI_TEST_HOOKS=1).
set -euo pipefail
cd "$(dirname "$0")/../ui"
profile=${1:-debug}
# npm ci only when node_modules is missing or older than the lockfile.
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi
if [ "$profile" = release ]; then
  VITE_KEPI_TEST_HOOKS=0 npm run build
else
  VITE_KEPI_TEST_HOOKS=1 npm run build
fi
