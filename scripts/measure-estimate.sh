#!/usr/bin/env bash
# The endgame estimate's speed natively: games played to the end (one layout after one
# candidate) per CPU-second, one thread, at both player levels, on positions where a guess is due
# (crates/core/benches/endgame_positions/estimate-*.mine: expert's first guess after the opening,
# a mid-game guess of 10^6 to 10^12 layouts, a late one of 20,000 to 10^6; intermediate's first
# and a late one). The plan (one run with a single layout) is timed apart and taken off.
# Usage: bash scripts/measure-estimate.sh   (builds the CLI first; a measurement, not a test)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --locked -p mineseer-cli >/dev/null 2>&1
bin=target/release/mineseer
cpu() { /usr/bin/time -f "%U %S" -o "$1" "${@:2}" >/dev/null; awk '{print $1 + $2}' "$1"; }
tmp=$(mktemp -d)
printf '| position | layouts | level | layouts drawn | games per CPU-second |\n|---|---|---|---|---|\n'
for name in first mid late int-first int-late; do
  file=crates/core/benches/endgame_positions/estimate-$name.mine
  layouts=$($bin analyze "$file" --json --no-depth | python3 -c 'import json,sys; print(json.load(sys.stdin)["solutions"])')
  for level in full fast; do
    n=$([ "$level" = full ] && echo 100 || echo 400)
    args=(endgame "$file" --estimate --threads 1 --level "$level" --json)
    k=$($bin "${args[@]}" --rollouts 1 | python3 -c 'import json,sys; print(len(json.load(sys.stdin)["estimate"]["candidates"]))')
    plan=$(cpu "$tmp/t1" $bin "${args[@]}" --rollouts 1)
    all=$(cpu "$tmp/t" $bin "${args[@]}" --rollouts "$n")
    python3 -c "n=$n; k=$k; all=$all; plan=$plan
print(f'| $name | {float(\"$layouts\"):.2g} | $level | {n} x {k} candidates | {(n - 1) * k / max(all - plan, 1e-9):,.0f} |')"
  done
done
rm -rf "$tmp"
