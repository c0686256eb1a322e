#!/usr/bin/env bash
# A project-local Python environment with pywargame, the independent VASSAL module reader that
# tests/vassal/check_vmod.py uses to read Kepi's exported modules back (tests/vassal_export.rs).
# Idempotent: prints the environment's python and installs nothing when it is there already.
set -euo pipefail
cd "$(dirname "$0")/.."
PYWARGAME_VERSION=0.8.0
venv="${CARGO_TARGET_DIR:-target}/vassal-venv"
py="$venv/bin/python"
# One installer at a time: tests run in parallel.
mkdir -p "$(dirname "$venv")"
exec 9>"$venv.lock"
flock 9
if ! "$py" -c "import importlib.metadata as m, sys; sys.exit(m.version('pywargame') != '$PYWARGAME_VERSION')" >/dev/null 2>&1; then
  python3 -m venv "$venv" >&2
  "$venv/bin/pip" install -q --disable-pip-version-check "pywargame==$PYWARGAME_VERSION" >&2
fi
echo "$py"
