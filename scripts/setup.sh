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

# Install the Debian packages named that are not installed yet.
apt_install_missing() {
  local missing=() p
  for p in "$@"; do
    dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
  done
  if [ ${#missing[@]} -gt 0 ]; then
    $(need_root) apt-get update -q
    DEBIAN_FRONTEND=noninteractive $(need_root) apt-get install -y -q --no-install-recommends "${missing[@]}"
  fi
}

# System packages: a C compiler for bundled C code of crates, pkg-config; poppler-utils
# (pdfinfo, pdffonts, pdftotext, pdftoppm), with which tests/print.rs reads `kepi print`'s PDFs.
apt_install_missing build-essential pkg-config poppler-utils

# The desktop app (src-tauri, ui/) and its tests: WebKitGTK and the libraries Tauri links, a
# virtual display (Xvfb) and WebKit's WebDriver for the end-to-end test of the real window,
# Chromium for the UI's browser tests, and Node.js with npm for the UI build.
app_pkgs=(file curl libwebkit2gtk-4.1-dev libssl-dev librsvg2-dev libayatana-appindicator3-dev
  libxdo-dev xvfb xauth webkit2gtk-driver at-spi2-core fonts-dejavu-core chromium)
command -v node >/dev/null 2>&1 || app_pkgs+=(nodejs npm)
# Python 3 (standard library only) sends the window its close request in the end-to-end test.
command -v python3 >/dev/null 2>&1 || app_pkgs+=(python3)
# Python's venv module: the VASSAL export test reads modules back with pywargame (PyPI, pinned) in
# a project-local environment (scripts/vassal-venv.sh).
app_pkgs+=(python3-venv)
apt_install_missing "${app_pkgs[@]}"
node_major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
if [ "$node_major" -lt 20 ]; then
  echo "the UI build (Vite 8) needs Node.js 20.19 or newer; this machine has $(node --version 2>/dev/null || echo none)" >&2
  exit 1
fi
# tauri-driver (WebDriver for Tauri windows), from crates.io; about 40 s to build.
if ! command -v tauri-driver >/dev/null 2>&1 && [ ! -x "$HOME/.cargo/bin/tauri-driver" ]; then
  cargo install tauri-driver --locked --version '^2'
fi
# pywargame (pinned) in target/vassal-venv, for the VASSAL export test.
bash scripts/vassal-venv.sh >/dev/null
