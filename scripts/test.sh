#!/usr/bin/env bash
# Every test of the project: formatting, lints, unit and integration tests, the desktop app.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
cargo fmt --all --check
cargo clippy --all-targets --locked -- -D warnings
cargo test --locked
bash scripts/fuzz.sh   # every reader of outside data under cargo-fuzz: packs 60 s, six others 15 s each
bash scripts/app-test.sh   # the desktop app: shell tests, UI browser tests and benchmark, WebDriver end to end
