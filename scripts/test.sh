#!/usr/bin/env bash
# Every test of the project: formatting, lints, unit and integration tests, the desktop app.
# Each step prints its elapsed time ("== step: ... (N s)"), so a slow CI run shows where it went.
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
step cargo clippy --all-targets --locked -- -D warnings
step cargo test --locked
# Every reader of outside data meets seeded mutations in `cargo test` (tests/hostile_input.rs).
# Coverage-guided fuzzing needs a sanitizer build of its own: on demand with KEPI_FUZZ=1.
if [ "${KEPI_FUZZ:-}" = 1 ]; then
  step bash scripts/fuzz.sh   # packs 60 s, six others 15 s each
fi
# The desktop app: shell tests, UI browser tests and benchmark, WebDriver end to end. Here the app
# builds in the core's target dir (app-test.sh alone uses target/app, so that a developer's app
# build does not wait on core builds): the dependencies both share (SQLite, zstd, image, ...) are
# built once per run, not twice. The end-to-end tests' command-line kepi is the one `cargo test`
# built above (its integration tests run it), not built a second time.
test -x target/debug/kepi
KEPI_BIN="$PWD/target/debug/kepi" CARGO_TARGET_DIR="$PWD/target" step bash scripts/app-test.sh
