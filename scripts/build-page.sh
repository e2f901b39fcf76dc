#!/usr/bin/env bash
# Builds the page into dist/: installs what is missing (scripts/setup.sh), then Trunk, offline,
# with the pinned wasm-bindgen and wasm-opt. The one build of the page: scripts/serve.sh,
# scripts/test.sh and the hosting workflow (.github/workflows/pages.yml) all call it, so what
# the tests check is what gets served and deployed. Every URL in dist/ is relative, so it works
# at the root of a host and under any sub-path (a project page such as /mineseer/).
#
# `--modules-only` compiles the page's two wasm modules and nothing else, with the cargo command
# Trunk runs for them, so that Trunk's own call then finds them built. scripts/test.sh runs it
# while Trunk and wasm-bindgen-cli are still compiling on a fresh machine: it needs only the
# wasm32 target and the crates, which the test command's setup job installs.
set -euo pipefail
cd "$(dirname "$0")/.."

# Trunk 0.21's command for each built `rel="rust"` link of index.html (the solver's and the
# review's workers, in the profile their data-cargo-profile-release names; Trunk's
# src/pipelines/rust/mod.rs), with the --offline of the build below. tests/setup.test.mjs checks
# these manifests and that profile against index.html, and scripts/test.sh checks that Trunk
# compiles nothing after them.
page_modules() {
  local manifest
  for manifest in crates/wasm/Cargo.toml crates/review-wasm/Cargo.toml; do
    cargo build --target=wasm32-unknown-unknown --manifest-path "$manifest" --profile wasm-release --offline
  done
}

if [ "${1:-}" = --modules-only ]; then
  page_modules
  exit
fi
MINESEER_SETUP=page source scripts/setup.sh
echo "build-page: trunk build --release (about 1 minute)"
trunk build --release --offline --skip-version-check
