#!/usr/bin/env bash
# Installs what is needed, builds Kepi and runs it. Until the desktop window lands, Kepi runs as
# the `kepi` command: this checks the shipped maps and scenarios and lists the commands.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
cargo build --release --locked
kepi=target/release/kepi
dirs=()
for d in maps scenarios; do [ -d "$d" ] && dirs+=("$d"); done
if [ ${#dirs[@]} -gt 0 ]; then "$kepi" validate "${dirs[@]}"; fi
"$kepi" --help
