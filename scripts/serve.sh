#!/usr/bin/env bash
# Sets up what is missing, builds the page and serves it on http://127.0.0.1:${PORT:-8080}/.
# dist/ is a plain static site: any static host can serve it the same way.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
trunk build --release --offline --skip-version-check
exec node tests/static-server.mjs dist "${PORT:-8080}"
