#!/usr/bin/env bash
# Builds the page into dist/: installs what is missing (scripts/setup.sh), then Trunk, offline,
# with the pinned wasm-bindgen and wasm-opt. The one build of the page: scripts/serve.sh,
# scripts/test.sh and the hosting workflow (.github/workflows/pages.yml) all call it, so what
# the tests check is what gets served and deployed. Every URL in dist/ is relative, so it works
# at the root of a host and under any sub-path (a project page such as /mineseer/).
set -euo pipefail
cd "$(dirname "$0")/.."
MINESEER_SETUP=page source scripts/setup.sh
echo "build-page: trunk build --release (about 1 minute)"
trunk build --release --offline --skip-version-check
