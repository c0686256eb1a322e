#!/usr/bin/env bash
# Tests of the desktop app alone, for a developer working on it: the shell's lints and unit tests,
# then the UI's browser tests and the end-to-end tests of the real window (scripts/ui-test.sh).
# Builds in target/app, so that a developer's app build does not wait on the core's builds.
# (scripts/test.sh runs all of this too, in one build of the whole workspace.)
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$PWD/target/app}"
export PATH="$HOME/.cargo/bin:$PATH"

# The test build, as scripts/test.sh makes it: Drill, the test rule system, compiled into the
# core (feature test-ruleset) and its panel into the UI, for the end-to-end tests that play it.
export VITE_KEPI_TEST_RULESET=1
features=(--features kepi/test-ruleset)
bash scripts/ui-build.sh
cargo build -p kepi-app --locked "${features[@]}"
cargo clippy -p kepi-app --all-targets --locked "${features[@]}" -- -D warnings
cargo test -p kepi-app --locked "${features[@]}"
# The command-line kepi, to check what the window wrote into the archive.
if [ -z "${KEPI_BIN:-}" ]; then
  cargo build --locked --bin kepi "${features[@]}"
  KEPI_BIN="$CARGO_TARGET_DIR/debug/kepi"
fi
KEPI_APP="$CARGO_TARGET_DIR/debug/kepi-app" KEPI_BIN="$KEPI_BIN" bash scripts/ui-test.sh
