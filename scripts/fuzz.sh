#!/usr/bin/env bash
# Fuzz the scenario-pack importer (kepi::pack::read_pack, fuzz/fuzz_targets/import.rs) for a
# bounded time: FUZZ_SECONDS (default 60). Installs cargo-fuzz if it is missing. cargo-fuzz
# builds with nightly-only flags (sanitizers, coverage); RUSTC_BOOTSTRAP=1 lets the stable
# toolchain accept them. A crash stops the run with exit 1 and leaves the input in
# fuzz/artifacts/import/.
set -euo pipefail
cd "$(dirname "$0")/.."
secs="${FUZZ_SECONDS:-60}"
export RUSTC_BOOTSTRAP=1
if ! cargo fuzz --version >/dev/null 2>&1; then
  cargo install cargo-fuzz --locked
fi
mkdir -p fuzz/corpus/import
# New inputs go to fuzz/corpus/import (not committed); the committed seeds are read only.
cargo fuzz run import fuzz/corpus/import fuzz/seeds/import -- \
  -max_total_time="$secs" -max_len=65536 -timeout=10 -rss_limit_mb=2048 -print_final_stats=1
