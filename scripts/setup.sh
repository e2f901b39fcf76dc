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
