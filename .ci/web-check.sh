#!/usr/bin/env bash
# The web app's checks: its build (web/build.sh, which
# installs wasm-bindgen-cli from crates.io if needed) and the browser tests in
# Debian's headless Chromium (web/browser_test.py, and web/touch_test.py:
# the boards played by touch on a phone, over the DevTools protocol with
# python3-websocket). Nothing is downloaded but Debian packages and
# crates. If the wasm32 target cannot be added, says so and skips.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! rustup target add wasm32-unknown-unknown >/dev/null 2>&1 &&
    ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
    echo "web checks skipped: the Rust target wasm32-unknown-unknown cannot be added"
    exit 0
fi

missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
/usr/bin/python3 -c "import websocket" 2>/dev/null || missing+=(python3-websocket)
if [ ${#missing[@]} -gt 0 ]; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

bash web/build.sh
/usr/bin/python3 web/browser_test.py
/usr/bin/python3 web/touch_test.py
