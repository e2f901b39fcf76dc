#!/usr/bin/env bash
# Installs what building and testing Mineseer needs, and only what is missing: each tool is
# checked the way that fits it, and nothing that already runs is installed again.
# MINESEER_SETUP says which part:
#   all (the default)  everything;
#   page               what building the page needs, no browser (scripts/build-page.sh);
#   build-tools        Trunk and wasm-bindgen-cli alone: minutes of compiling on a fresh
#                      machine, which scripts/test.sh starts at once, beside its Rust builds;
#   no-build-tools     everything else (scripts/test.sh, at the same time).
# Safe to run again. Versions and the reasons for them: ../shared/TOOLCHAIN.md. Tested by
# tests/setup.test.mjs, which runs this file with chosen tools hidden and stub installers that
# record what they are asked for.
set -euo pipefail

TRUNK_VERSION=0.21.14
WASM_BINDGEN_VERSION=0.2.129
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PWD/node_modules/.bin:$PATH"

setup_have() { command -v "$1" >/dev/null 2>&1; }
setup_say() { printf 'setup: %s\n' "$*"; }

# ---- Rust: the wasm target (rust-toolchain.toml pins 1.95.0; rustup installs nothing by
# itself here) and the locked crates.
setup_rust() {
  if ! rustup target list --installed --toolchain 1.95.0 2>/dev/null | grep -qx wasm32-unknown-unknown; then
    setup_say "adding the wasm32-unknown-unknown target (under a minute)"
    rustup target add wasm32-unknown-unknown --toolchain 1.95.0
  fi
  cargo fetch --locked >/dev/null
}

# ---- Debian packages: chromium and chromedriver for the browser tests (not when only the
# page is built). Node and npm come with the image (Node 20 with its own npm, from outside
# Debian); Debian's npm conflicts with that Node and makes the whole apt transaction fail, so
# apt is asked for nodejs and npm only when there is no node at all, and then for both together.
setup_apt() {
  local packages=()
  if [ "$1" != page ]; then
    setup_have chromium || packages+=(chromium)
    setup_have chromedriver || packages+=(chromium-driver)
  fi
  if ! setup_have node; then
    packages+=(nodejs npm)
  elif ! setup_have npm; then
    echo "setup: node runs but npm does not; install npm from the same place as this node" \
      "($(command -v node)), not from Debian, whose npm conflicts with it" >&2
    return 1
  fi
  if ((${#packages[@]})); then
    setup_say "installing ${packages[*]} with apt (about 30 s)"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${packages[@]}" >/dev/null
  fi
}

# ---- Trunk and wasm-bindgen-cli. Trunk takes wasm-bindgen (and wasm-opt) from PATH only when
# the versions match Trunk.toml exactly; otherwise it tries to download them, which fails here.
# Both are built by one `cargo install` in one target directory, so the dependencies they
# share are built once, and without optimisation (`--debug`, no debug info): that takes about
# 4 minutes on 2 cores instead of 14 for release builds (Trunk's release profile asks for fat
# LTO in one codegen unit), and the page these build tools produce is byte for byte the same;
# a page build takes about a second longer (docs/journal/first-run.md). Without their default
# features: Trunk's are its update check and TLS (rustls) for `trunk serve` and its downloads,
# wasm-bindgen-cli's is TLS in the HTTP client its test runner drives the browser with. The page
# is built offline and served by scripts/serve.sh, and the runner talks to chromedriver over
# plain HTTP on this machine. 25 crates fewer to compile (506 instead of 531), the same page
# byte for byte, and the wasm-bindgen tests pass (docs/journal/first-run.md).
setup_build_tools() {
  local crates=() install_target
  trunk --version 2>/dev/null | grep -qx "trunk $TRUNK_VERSION" || crates+=("trunk@$TRUNK_VERSION")
  wasm-bindgen --version 2>/dev/null | grep -qx "wasm-bindgen $WASM_BINDGEN_VERSION" \
    || crates+=("wasm-bindgen-cli@$WASM_BINDGEN_VERSION")
  if ((${#crates[@]})); then
    setup_say "building ${crates[*]} with cargo install (about 4 minutes on 2 cores)"
    install_target=$(mktemp -d)
    CARGO_TARGET_DIR="$install_target" CARGO_PROFILE_DEV_DEBUG=0 \
      cargo install --locked --debug --no-default-features "${crates[@]}"
    rm -rf "$install_target"
  fi
}

# ---- npm: wasm-opt from binaryen@132 (never Debian's binaryen: its wasm-opt breaks
# wasm-bindgen output), playwright-core and axe-core for the browser tests. `npm ci` runs when
# node_modules does not match the committed lock.
setup_npm() {
  if ! cmp -s package-lock.json node_modules/.mineseer-installed-lock 2>/dev/null; then
    setup_say "npm ci (binaryen, playwright-core, axe-core; under a minute)"
    npm ci --no-audit --no-fund >/dev/null
    cp package-lock.json node_modules/.mineseer-installed-lock
  fi
}

# One call a line: set -e then stops at the first failure inside any of them (in an `a && b`
# list it would not).
case "${MINESEER_SETUP:-all}" in
  all | page)
    setup_rust
    setup_apt "${MINESEER_SETUP:-all}"
    setup_build_tools
    setup_npm
    ;;
  build-tools)
    setup_build_tools
    ;;
  no-build-tools)
    setup_rust
    setup_apt all
    setup_npm
    ;;
  *)
    echo "setup: MINESEER_SETUP=$MINESEER_SETUP: expected all, page, build-tools or no-build-tools" >&2
    false
    ;;
esac
