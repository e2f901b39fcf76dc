#!/usr/bin/env bash
# Runs every test of Mineseer: formatting, clippy, the Rust tests (unit, property, corpus),
# the wasm-bindgen tests of the wasm32 build, the page, and the browser tests. Installs what is
# missing first.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh

step() { printf '\n==> %s\n' "$*"; }

step "cargo fmt --check"
cargo fmt --all -- --check

step "cargo clippy -D warnings"
cargo clippy --workspace --all-targets --locked -- -D warnings

step "cargo test (release: the property tests enumerate thousands of positions)"
cargo test --workspace --release --locked

# The core's build for wasm32-unknown-unknown is checked by the two steps below, with no build
# of its own: the wasm-bindgen tests compile it for wasm32 (dev profile), and the page build
# compiles it again for wasm32 in the page's wasm-release profile, as a dependency of both wasm
# modules. (A separate `cargo build -p mineseer-core --target wasm32-unknown-unknown
# --release` built it a third time.)

step "wasm-bindgen tests of mineseer-wasm (headless Chromium via chromedriver)"
cargo test -p mineseer-wasm --target wasm32-unknown-unknown --locked

step "the page in dist/ (scripts/build-page.sh: the same build that is served and deployed)"
bash scripts/build-page.sh

step "browser tests (Playwright driving chromium; screenshots in tests/artifacts/)"
# The CLI the browser tests compare with is target/release/mineseer, which `cargo test` above
# built: a separate `cargo build` resolves the crates' features without the dev-dependencies'
# and rebuilt half the workspace (45 s of a first run).
node --test tests/
