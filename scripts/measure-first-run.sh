#!/usr/bin/env bash
# Times the README's test command the way a newcomer meets it, as nearly as this machine allows
# without disturbing what others use: a clean clone of this repository's HEAD, an empty
# CARGO_HOME (only rustup's proxies, so every crate is downloaded and Trunk and wasm-bindgen-cli
# are built again), an empty npm cache, no node_modules, no target/, and a PATH without the
# installed trunk and wasm-bindgen. Chromium stays installed unless you purge it first (as root:
# `apt-get purge -y chromium chromium-driver && apt-get clean`; about 15 s of the run then).
# A measurement, not a test. Every output line is time-stamped (seconds since the start) in
# $OUT/run.log, which ends with scripts/test.sh's table of steps (each with its start, wall and
# CPU time); the whole run's CPU time (user + system) and wall time are in $OUT/time.txt.
# Usage: bash scripts/measure-first-run.sh [--ci]
#   --ci: keep the installed tools (trunk, wasm-bindgen, chromium) and the crate registry:
#         a clean clone's .ci/run with the tools installed.
# For a figure to publish, give the run the machine (state the load: `uptime` before and after),
# e.g. as root: `echo 0 > /proc/sys/kernel/sched_autogroup_enabled` and
# `nice -n -20 bash scripts/measure-first-run.sh` (docs/journal/first-run.md).
set -euo pipefail
cd "$(dirname "$0")/.."
mode=fresh
[ "${1:-}" = --ci ] && mode=ci
OUT=$(mktemp -d /tmp/mineseer-first-run-XXXXXX)
git clone -q . "$OUT/clone"
if [ "$mode" = fresh ]; then
  home="$OUT/cargo-home"
  mkdir -p "$home/bin"
  for tool in cargo rustc rustup rustdoc rustfmt cargo-fmt cargo-clippy clippy-driver; do
    ln -s "$HOME/.cargo/bin/$tool" "$home/bin/$tool"
  done
  run_path="$home/bin:/usr/local/bin:/usr/bin:/bin"
else
  home="${CARGO_HOME:-$HOME/.cargo}"
  run_path="$home/bin:$PATH"
fi
if [ "$mode" = fresh ] && PATH="$run_path" command -v trunk >/dev/null; then
  echo "measure-first-run: trunk is on the fresh PATH ($(PATH="$run_path" command -v trunk)):" \
    "not a fresh machine" >&2
  exit 1
fi
echo "measure-first-run: $mode run of $(git rev-parse --short HEAD) in $OUT/clone; load: $(uptime)"
start=$(date +%s)
set +e
(
  cd "$OUT/clone"
  CARGO_HOME="$home" npm_config_cache="$OUT/npm-cache" PATH="$run_path" CI=true \
    /usr/bin/time -f '%e s wall, %U s user, %S s system' -o "$OUT/time.txt" bash .ci/run 2>&1
) | while IFS= read -r line; do printf '%5d %s\n' $(($(date +%s) - start)) "$line"; done > "$OUT/run.log"
status=${PIPESTATUS[0]}
set -e
echo "measure-first-run: exit $status, $(cat "$OUT/time.txt"); load: $(uptime)"
echo "measure-first-run: the steps (scripts/test.sh's table, in $OUT/run.log):"
sed -n '/======== the steps/,$p' "$OUT/run.log" | cut -c7-
exit "$status"
