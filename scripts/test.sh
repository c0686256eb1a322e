#!/usr/bin/env bash
# Every test of the project: formatting, lints, unit and integration tests, the desktop app.
# Each step prints its elapsed time ("== step: ... (N s)"), so a slow CI run shows where it went.
#
# Built once: the core and the shell (src-tauri) are linted, built and tested as one workspace,
# in one feature resolution, so that every crate both share (the kepi library itself, SQLite,
# serde, image, ...) compiles once per run. (`cargo build -p kepi-app` alone resolves the
# shared crates' features differently from the core's `cargo test`, and so compiled the kepi
# library a second time: four minutes of a CI run.)
set -euo pipefail
cd "$(dirname "$0")/.."
start=$SECONDS
step() {
  local t0=$SECONDS
  echo "== step: $* (started at $((t0 - start)) s)"
  "$@"
  echo "== step done: $* ($((SECONDS - t0)) s; $((SECONDS - start)) s in all)"
}
step bash scripts/setup.sh
step cargo fmt --all --check
# The shell embeds the web UI when it compiles (even to lint it): the UI builds first.
step bash scripts/ui-build.sh
step cargo clippy --workspace --all-targets --locked -- -D warnings
# The binaries (kepi, kepi-app) and every test, in the feature resolution `cargo test` uses.
step cargo build --workspace --bins --tests --locked
step cargo test --workspace --locked
# Every reader of outside data meets seeded mutations in `cargo test` (tests/hostile_input.rs).
# Coverage-guided fuzzing needs a sanitizer build of its own: on demand with KEPI_FUZZ=1.
if [ "${KEPI_FUZZ:-}" = 1 ]; then
  step bash scripts/fuzz.sh   # packs 60 s, six others 15 s each
fi
# The desktop app: the UI's browser tests and benchmark, WebDriver end to end on the app built above.
target=${CARGO_TARGET_DIR:-$PWD/target}
KEPI_APP="$target/debug/kepi-app" KEPI_BIN="$target/debug/kepi" step bash scripts/ui-test.sh
