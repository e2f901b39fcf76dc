#!/usr/bin/env bash
# Runs every test of Mineseer: formatting, clippy, the Rust tests (unit, property, corpus),
# the wasm-bindgen tests of the wasm32 build, the page, and the browser tests. Installs what is
# missing first.
#
# The work runs as jobs side by side (scripts/lanes.sh), so that both cores stay busy: each job
# starts as soon as what it needs has passed.
#
#   tools ────────────────────────┐
#   setup ─ page-modules (cargo) ─┴─ page ─┬─ wasm-tests (the wasm-bindgen tests, on the page's build) ─┐
#                                          └────────────────────────────┐                             │
#   rust-build (fmt, the release test build, linted) ─┬──────────────────┴─ browser (N at a time) ────┼─ browser-alone
#                                                     └─ rust-tests (run) ────────────────────────────┘
#   clippy (the benches)
#
# Cargo locks each profile's directory of target/ while it builds there, not the whole of it:
# the release build, clippy's check of the benches (target/debug) and the page's wasm-release
# build run side by side. The wasm-bindgen tests build in the page's profile after the page, so
# that cargo reuses the page's units (the core, js-sys, ...) and compiles only the tests' own.
# The browser tests that time the page, or load it most, run last, alone on the machine. Each
# job's output is printed whole at the end, then the time of every step; the first failure
# stops the rest.
set -euo pipefail
cd "$(dirname "$0")/.."
# The PATH scripts/setup.sh sets: its tools are found by every job, whichever installed them.
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PWD/node_modules/.bin:$PATH"
source scripts/lanes.sh

# The Rust tests are built and run without debug info: none of them reads it, and a clean
# release build of them took 381 s CPU without it against 412 s with it (load 15-20;
# docs/journal/first-run.md). Cargo.toml's `release` profile keeps `debug = 1` for profiling;
# both settings build into target/release, so a developer's `cargo build --release` after this
# command rebuilds every crate it needs, with debug info, and the next test command rebuilds
# them without.
export CARGO_PROFILE_RELEASE_DEBUG=0

# The builds and the Rust tests only need throughput; the browsers beside them (the wasm-bindgen
# tests' and the browser tests') wait on pages, so they go first. Before the browser tests can
# start, the page needs the build tools and the browser tests need the release build (the CLI
# they compare with): on a fresh machine both go before the page's modules, which are quick to
# finish once the tools are there, so that the Rust tests run while the tools still compile
# rather than beside the browser tests (docs/journal/first-run.md). Clippy's check of the
# benches holds nothing up, so it takes what the others leave.
THROUGHPUT="nice -n 5"
FIRST_BUILD="nice -n 0"
LAST_BUILD="nice -n 15"

# Browser test files run this many at a time, each in a process of its own (tests/browser.mjs
# says what a file must keep to itself for that). The Endgame's time budgets (the gold in 1.5 s)
# run alone now too, so more at once would be safe; but the step is bound by CPU, not by
# waiting: with the renderers counted (`perf stat -e task-clock`; the step table's CPU misses
# them) it takes about 1.25 cores, and neither 4 at a time (on a quiet machine) nor 5 (on a
# loaded one) was faster than 3 (docs/journal/first-run.md, twenty-third and twenty-fourth
# sessions).
BROWSER_FILES_AT_ONCE=3
# The browser tests whose names say they time the page (a budget in ms or s, a time budget, as
# fast as) or that load it most (a 200x200 board: its full-page screenshot took over 30 s with
# 3 files at once at a load of 20): they run after everything else, one at a time, with the
# machine to themselves.
ALONE_TESTS='[0-9] ?m?s\b|time budget|as fast|200x200'

job_tools() {
  step "Trunk and wasm-bindgen-cli, built when missing (minutes on a fresh machine)" \
    $FIRST_BUILD env MINESEER_SETUP=build-tools bash scripts/setup.sh
}

job_setup() {
  step "setup: the wasm32 target, the crates, chromium and chromedriver, the npm packages" \
    env MINESEER_SETUP=no-build-tools bash scripts/setup.sh
}

# Clippy lints the workspace's crates as the release build compiles them: cargo runs
# clippy-driver (rustc with clippy's lints, the same code) for the workspace's own crates, as
# `cargo clippy` does for its check build, and -D warnings makes every rustc or clippy warning
# an error. That build covers every target `cargo clippy --all-targets` checks but the benches
# (criterion's, crates/bench), which job_clippy checks alone. A separate check build of every
# crate cost 130 s of CPU; the lints inside the build 24 s, the benches' check 50 s
# (docs/journal/first-run.md). Both release steps set the same, so the tests' run rebuilds
# nothing. (RUSTFLAGS also replaces .cargo/config.toml's flags, which are wasm32's only.)
LINTED=(env RUSTC_WORKSPACE_WRAPPER=clippy-driver "RUSTFLAGS=-D warnings")

job_rust_build() {
  step "cargo fmt --check" cargo fmt --all -- --check
  # Also builds target/release/mineseer, the CLI the browser tests compare with (a separate
  # `cargo build` would resolve the crates' features without the dev-dependencies' and
  # rebuild half the workspace).
  step "cargo test --no-run: the release build of every Rust test, clippy's lints in it (-D warnings)" \
    $FIRST_BUILD "${LINTED[@]}" cargo test --workspace --release --locked --no-run
}

job_clippy() {
  step "cargo clippy -D warnings: the benches (the one target the test build does not compile)" \
    $LAST_BUILD cargo clippy -p mineseer-bench --benches --locked -- -D warnings
}

job_rust_tests() {
  step "cargo test: every Rust test (release: the property tests enumerate thousands of positions)" \
    $THROUGHPUT "${LINTED[@]}" cargo test --workspace --release --locked
}

# The core's build for wasm32-unknown-unknown is checked by these steps, with no build of its
# own: the page build compiles it in the page's wasm-release profile, and the wasm-bindgen tests
# run on that same build. The page's modules are compiled first, without Trunk, so that on a
# fresh machine that work is done while Trunk itself is still being compiled; Trunk's build then
# only runs wasm-bindgen, wasm-opt and the copies (docs/journal/first-run.md).
job_page_modules() {
  step "the page's two wasm modules (cargo, as Trunk runs it: scripts/build-page.sh --modules-only)" \
    $THROUGHPUT bash scripts/build-page.sh --modules-only
}

job_page() {
  step "the page in dist/ (scripts/build-page.sh: the same build that is served and deployed)" \
    page_after_modules
}

# The page's build, which must find its modules built: a line of cargo's "Compiling" in Trunk's
# output means build-page.sh's --modules-only command and Trunk's differ, and the fresh machine's
# head start is lost.
page_after_modules() {
  $THROUGHPUT bash scripts/build-page.sh 2>&1 | tee "$LANES_DIR/page.out"
  if grep -q '^ *Compiling ' "$LANES_DIR/page.out"; then
    echo "test.sh: Trunk compiled crates that scripts/build-page.sh --modules-only had just built:" \
      "its cargo command no longer matches Trunk's for index.html's modules" >&2
    return 1
  fi
}

# The wasm-bindgen tests (tests/web.rs) in the page's wasm-release profile, after the page: cargo
# reuses every unit of the page's build (the wasm crates ask for the features the tests'
# dev-dependencies turn on, crates/wasm/Cargo.toml), compiles only the tests' own crates and
# links the test module, where a dev-profile build compiled the core, js-sys and the rest again
# (the two ways measured: docs/journal/first-run.md, "issue 42 (branch issue-42e)"). What the
# tests lose: debug assertions and overflow checks in wasm32, where usize has 32 bits (the
# native release tests have neither either); what they gain: they test the code the page ships,
# optimised as it is.
# wasm-bindgen-test-runner gives the tests 20 s by default, which a loaded machine overran (a
# webdriver request timed out after 18.6 s at a load of 28, beside the release build): 120 s.
# It is the harness's limit only; no wasm test asserts a time.
# Only the integration tests (`--test '*'`: tests/web.rs): the library's unit tests are plain
# #[test]s, which the runner does not run in wasm32 ("no tests to run!"); they run natively in
# rust-tests.
job_wasm_tests() {
  step "wasm-bindgen tests of mineseer-wasm, on the page's build (headless Chromium via chromedriver)" \
    env WASM_BINDGEN_TEST_TIMEOUT=120 \
    cargo test --profile wasm-release -p mineseer-wasm --target wasm32-unknown-unknown --locked --test '*'
}

job_browser() {
  step "browser tests, $BROWSER_FILES_AT_ONCE files at a time (all but those that run alone)" \
    browser_tests together --test-concurrency="$BROWSER_FILES_AT_ONCE" \
    --test-name-pattern="^(?!<root>\$)(?!.*(?:$ALONE_TESTS))" tests/
}

job_browser_alone() {
  local files
  mapfile -t files < <(grep -lP "\btest\(.*(?:$ALONE_TESTS)" tests/*.test.mjs || true)
  if ((${#files[@]})); then
    step "browser tests that time the page or load it most, one at a time, alone" \
      browser_tests alone --test-concurrency=1 --test-name-pattern="$ALONE_TESTS" "${files[@]}"
  fi
  step "every browser test ran: the second run passed those the first left out" every_test_ran
}

# node --test with ARGS, its TAP output in the log and in $LANES_DIR/NAME.tap.
# (In Node 20 a test runs when its name or an ancestor's matches the name pattern; the file's
# root test is named "<root>", which the first pattern must not match.)
browser_tests() {
  local name=$1
  shift
  node --test --test-reporter=tap "$@" 2>&1 | tee "$LANES_DIR/$name.tap"
}

# The TAP summary's count of KIND (pass, skipped, ...) in $LANES_DIR/NAME.tap; 0 without it.
tap_count() {
  local count
  count=$(sed -n "s/^# $2 \([0-9]*\)$/\1/p" "$LANES_DIR/$1.tap" 2>/dev/null | tail -1)
  echo "${count:-0}"
}

# No test may be skipped: the tests the first run left out (its only skips) are exactly the
# tests that run alone, so the second run must have passed as many (one in a file the grep above
# did not find would make this fail).
every_test_ran() {
  local left_out ran
  left_out=$(tap_count together skipped)
  ran=$(tap_count alone pass)
  echo "left out of the first browser run: $left_out; passed in the second: $ran"
  [ "$left_out" = "$ran" ]
}

lane tools job_tools
lane setup job_setup
lane rust-build job_rust_build
lane clippy job_clippy
lane page-modules job_page_modules setup
lane page job_page page-modules tools
lane wasm-tests job_wasm_tests page
lane rust-tests job_rust_tests rust-build
lane browser job_browser page rust-build
lane browser-alone job_browser_alone browser rust-tests wasm-tests
lanes_run
