#!/usr/bin/env bash
# Installs what building and testing Mineseer needs, skipping what is already there.
# Sourced by scripts/test.sh and scripts/serve.sh; safe to run again.
set -euo pipefail

have() { command -v "$1" >/dev/null 2>&1; }

if ! rustup target list --installed --toolchain 1.95.0 2>/dev/null | grep -q wasm32-unknown-unknown; then
  echo "setup: adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown --toolchain 1.95.0
fi
cargo fetch --locked >/dev/null

# ---- The page: Trunk, wasm-bindgen, wasm-opt, chromium and the browser-test tools.
# Versions: see ../shared/TOOLCHAIN.md. Trunk uses wasm-bindgen and wasm-opt from PATH only
# when their versions match Trunk.toml exactly (it would try to download them otherwise).
TRUNK_VERSION=0.21.14
WASM_BINDGEN_VERSION=0.2.129
export PATH="$HOME/.cargo/bin:$PWD/node_modules/.bin:$PATH"

if ! have chromium || ! have chromedriver || ! have node || ! have npm; then
  echo "setup: installing chromium, chromium-driver, nodejs and npm (apt)"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver nodejs npm >/dev/null
fi
if ! trunk --version 2>/dev/null | grep -qx "trunk $TRUNK_VERSION"; then
  echo "setup: installing trunk $TRUNK_VERSION (about 10 minutes)"
  cargo install trunk --version "$TRUNK_VERSION" --locked
fi
if ! wasm-bindgen --version 2>/dev/null | grep -qx "wasm-bindgen $WASM_BINDGEN_VERSION"; then
  echo "setup: installing wasm-bindgen-cli $WASM_BINDGEN_VERSION (about 4 minutes)"
  cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION" --locked
fi
# npm ci when node_modules does not match the committed lock (wasm-opt from binaryen@132,
# playwright-core). Never Debian's binaryen: its wasm-opt breaks wasm-bindgen output.
if ! cmp -s package-lock.json node_modules/.mineseer-installed-lock 2>/dev/null; then
  echo "setup: npm ci (binaryen, playwright-core)"
  npm ci --no-audit --no-fund >/dev/null
  cp package-lock.json node_modules/.mineseer-installed-lock
fi
