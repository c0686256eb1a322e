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
# The shell embeds the web UI when it compiles (even to lint it): the UI builds first, with the
# test rule system's panel (Drill, compiled into the core below by the feature test-ruleset).
export VITE_KEPI_TEST_RULESET=1
step bash scripts/ui-build.sh
# Lints while building: clippy-driver compiles the workspace's own crates (the core, the shell,
# every test) as `cargo clippy` runs it, through cargo's RUSTC_WORKSPACE_WRAPPER, with the
# arguments `cargo clippy -- -D warnings` gives it (CLIPPY_ARGS), but producing the real
# artifacts: each crate is compiled once. (A separate `cargo clippy --workspace --all-targets`
# checked some 450 crates a second time: 13 minutes of a CI run on 2 cores.) Dependencies are
# compiled by plain rustc, as `cargo clippy` leaves them. Both steps see the same wrapper and
# arguments, so `cargo test` compiles nothing again. By hand, `cargo clippy --workspace
# --all-targets -- -D warnings` reports the same findings.
# The driver beside cargo (rustup's proxy on PATH), or the toolchain's own through rustup.
clippy_driver=$(command -v clippy-driver || rustup which clippy-driver 2>/dev/null) || {
  echo "clippy-driver not found: rustup component add clippy" >&2
  exit 1
}
linted=(env RUSTC_WORKSPACE_WRAPPER="$clippy_driver" CLIPPY_ARGS="-D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__")
# The lints must bite: a file with a clippy warning (clippy::clone_on_copy) is refused under the
# same wrapper and arguments, or this run stops (a toolchain that read CLIPPY_ARGS otherwise
# would let every lint through silently).
lint_probe() {
  local d out
  d=$(mktemp -d)
  printf 'fn main() {\n    let x = 1u8;\n    let _y = x.clone();\n}\n' >"$d/probe.rs"
  compile() {
    "$@" "$clippy_driver" rustc --edition 2021 --crate-type bin --emit=metadata \
      --out-dir "$d" "$d/probe.rs" 2>&1
  }
  # Without the arguments the probe compiles (a warning only), so a refusal below is the lint's.
  if ! out=$(compile env); then
    echo "clippy-driver cannot compile the probe at all: $out" >&2
    rm -rf "$d"
    return 1
  fi
  if out=$(compile "${linted[@]}") || ! grep -q "clippy::clone.on.copy" <<<"$out"; then
    echo "clippy-driver accepted a clippy warning under -D warnings: the lints would not bite" >&2
    echo "$out" >&2
    rm -rf "$d"
    return 1
  fi
  rm -rf "$d"
  echo "clippy-driver refuses a clippy warning: lints are errors while building"
}
step lint_probe
# The binaries (kepi, kepi-app) and every test (the workspace has no benches or examples, so
# this is everything `clippy --all-targets` lints), in the feature resolution `cargo test` uses.
# The test build has Drill, the test rule system (src/engine/drill/), compiled in: its tests
# and the app's end-to-end tests play it. Both steps name the same features, so nothing is
# compiled twice.
features=(--features kepi/test-ruleset)
step "${linted[@]}" cargo build --workspace --bins --tests --locked "${features[@]}"
step "${linted[@]}" cargo test --workspace --locked "${features[@]}"
# Every reader of outside data meets seeded mutations in `cargo test` (tests/hostile_input.rs).
# Coverage-guided fuzzing needs a sanitizer build of its own: on demand with KEPI_FUZZ=1.
if [ "${KEPI_FUZZ:-}" = 1 ]; then
  step bash scripts/fuzz.sh   # packs 60 s, six others 15 s each
fi
# The desktop app: the UI's browser tests and benchmark, WebDriver end to end on the app built above.
target=${CARGO_TARGET_DIR:-$PWD/target}
KEPI_APP="$target/debug/kepi-app" KEPI_BIN="$target/debug/kepi" step bash scripts/ui-test.sh
