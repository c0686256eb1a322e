#!/usr/bin/env bash
# The UI's type check and browser tests (headless Chromium: geometry and the 200 x 200 frame-time
# benchmark), then the end-to-end WebDriver tests of the real window under Xvfb (tauri-driver +
# WebKitWebDriver). Needs the UI's packages and the debug app built (scripts/ui-build.sh, then
# the shell): KEPI_APP names the app, KEPI_BIN the command-line kepi that checks what the window
# wrote into the archive.
# Screenshots: target/e2e/*.png; benchmark picture: target/ui-bench.png.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
: "${KEPI_APP:?KEPI_APP names the debug kepi-app to test}"
: "${KEPI_BIN:?KEPI_BIN names the command-line kepi}"

(cd ui && npm test)

# The real window needs a display: Xvfb when there is none (CI).
run_with_display() {
  if [ -n "${DISPLAY:-}" ] && [ "${CI:-}" != true ]; then "$@"; else xvfb-run -a -s "-screen 0 1280x800x24" "$@"; fi
}
KEPI_APP="$KEPI_APP" KEPI_BIN="$KEPI_BIN" run_with_display node --test --test-concurrency=1 tests/e2e/
