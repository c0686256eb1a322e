#!/usr/bin/env bash
# Fuzz every reader of outside data (fuzz/fuzz_targets/) for a bounded time: the scenario-pack
# importer (`import`) for FUZZ_SECONDS (default 60), and each other target (map, scenario,
# catalog, game, game_tree, archive) for FUZZ_SECONDS_EACH (default 15), so the whole step
# takes about FUZZ_SECONDS + 6 x FUZZ_SECONDS_EACH after one build. FUZZ_TARGETS="map game"
# runs only those. Installs cargo-fuzz if it is missing. cargo-fuzz builds with nightly-only
# flags (sanitizers, coverage); RUSTC_BOOTSTRAP=1 lets the stable toolchain accept them.
# A crash stops the run with exit 1 and leaves the input in fuzz/artifacts/<target>/; add it
# as a regression test beside the reader and to fuzz/seeds/<target>/ once fixed.
set -euo pipefail
cd "$(dirname "$0")/.."
secs="${FUZZ_SECONDS:-60}"
each="${FUZZ_SECONDS_EACH:-15}"
targets="${FUZZ_TARGETS:-import map scenario catalog game game_tree archive}"
export RUSTC_BOOTSTRAP=1
# The fuzz build uses its own flags; it must not share (and so rebuild) the main target dir.
unset CARGO_TARGET_DIR
if ! cargo fuzz --version >/dev/null 2>&1; then
  cargo install cargo-fuzz --locked
fi
# One build of every target, then one bounded run each.
cargo fuzz build
for t in $targets; do
  case "$t" in
    import) t_secs="$secs"; max_len=65536 ;;
    # Maps, scenarios and game files are JSON of up to a few hundred kB; archives are pages.
    *) t_secs="$each"; max_len=262144 ;;
  esac
  echo "fuzz: $t for ${t_secs}s"
  mkdir -p "fuzz/corpus/$t"
  # New inputs go to fuzz/corpus/<target> (not committed); the committed seeds are read only.
  cargo fuzz run "$t" "fuzz/corpus/$t" "fuzz/seeds/$t" -- \
    -max_total_time="$t_secs" -max_len="$max_len" -timeout=10 -rss_limit_mb=2048 \
    -print_final_stats=1
done
