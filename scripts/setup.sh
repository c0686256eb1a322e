#!/usr/bin/env bash
# Installs what Kepi needs to build and test on a fresh Debian 12 machine (as root or with sudo).
# Idempotent: a second run installs nothing new.
set -euo pipefail
cd "$(dirname "$0")/.."

need_root() { if [ "$(id -u)" -ne 0 ]; then echo sudo; fi; }

# The Rust toolchain with rustfmt and clippy (the machine's rustup toolchain is used as is).
if ! command -v cargo >/dev/null 2>&1; then
  echo "Kepi needs Rust (cargo): install it with rustup first" >&2
  exit 1
fi
if command -v rustup >/dev/null 2>&1; then
  rustup component add rustfmt clippy >/dev/null 2>&1 || true
fi

# System packages: a C compiler for bundled C code of crates, pkg-config.
pkgs=(build-essential pkg-config)
missing=()
for p in "${pkgs[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  $(need_root) apt-get update -q
  DEBIAN_FRONTEND=noninteractive $(need_root) apt-get install -y -q --no-install-recommends "${missing[@]}"
fi
