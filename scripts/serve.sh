#!/usr/bin/env bash
# Builds the page (scripts/build-page.sh, which installs what is missing) and serves dist/ on
# http://127.0.0.1:${PORT:-8080}/. dist/ is a plain static site: any static host can serve it.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build-page.sh
exec node tests/static-server.mjs dist "${PORT:-8080}"
