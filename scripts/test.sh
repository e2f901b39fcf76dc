#!/usr/bin/env bash
# Runs every test of Mineseer: formatting, clippy, the Rust tests (unit, property, corpus),
# the core's wasm32 build, and the browser tests. Installs what is missing first.
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

step "the core builds for wasm32-unknown-unknown"
cargo build -p mineseer-core --target wasm32-unknown-unknown --release --locked

step "wasm-bindgen tests of mineseer-wasm (headless Chromium via chromedriver)"
cargo test -p mineseer-wasm --target wasm32-unknown-unknown --locked

step "the page in dist/ (scripts/build-page.sh: the same build that is served and deployed)"
bash scripts/build-page.sh

step "browser tests (Playwright driving chromium; screenshots in tests/artifacts/)"
# The CLI the browser tests compare with is target/release/mineseer, which `cargo test` above
# built: a separate `cargo build` resolves the crates' features without the dev-dependencies'
# and rebuilt half the workspace (45 s of a first run).
node --test tests/
