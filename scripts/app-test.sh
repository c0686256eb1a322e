#!/usr/bin/env bash
# Tests of the desktop app: the shell's lints and unit tests, the UI's type check and browser
# tests (headless Chromium: geometry and the 200 x 200 frame-time benchmark), and the end-to-end
# WebDriver test of the real window under Xvfb (tauri-driver + WebKitWebDriver).
# Screenshots: target/e2e/*.png; benchmark picture: target/ui-bench.png.
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$PWD/target/app}"
export PATH="$HOME/.cargo/bin:$PATH"

bash scripts/app-build.sh
cargo clippy -p kepi-app --all-targets --locked -- -D warnings
cargo test -p kepi-app --locked

cd ui
npm test
cd ..

# The real window needs a display: Xvfb when there is none (CI).
run_with_display() {
  if [ -n "${DISPLAY:-}" ] && [ "${CI:-}" != true ]; then "$@"; else xvfb-run -a -s "-screen 0 1280x800x24" "$@"; fi
}
# The command-line kepi, to check what the window wrote into the archive: the one named by
# KEPI_BIN when given (scripts/test.sh gives the one its `cargo test` has just built: building
# it again here, with the app's feature set, took 4.5 min of a CI run), else built here.
if [ -z "${KEPI_BIN:-}" ]; then
  cargo build --locked --bin kepi
  KEPI_BIN="$CARGO_TARGET_DIR/debug/kepi"
fi
KEPI_APP="$CARGO_TARGET_DIR/debug/kepi-app" KEPI_BIN="$KEPI_BIN" run_with_display node --test --test-concurrency=1 tests/e2e/
