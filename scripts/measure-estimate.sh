#!/usr/bin/env bash
# The endgame estimate's speed natively: games played to the end (one layout after one
# candidate) per CPU-second, one thread, at both player levels, on positions where a guess is due
# (crates/core/benches/endgame_positions/estimate-*.mine: expert's first guess after the opening,
# a mid-game guess of 10^6 to 10^12 layouts, a late one of 20,000 to 10^6; intermediate's first
# and a late one). The plan (one run with a single layout) is timed apart and taken off.
# Usage: bash scripts/measure-estimate.sh   (builds the CLI first; a measurement, not a test)
#        bash scripts/measure-estimate.sh BEFORE AFTER ROUNDS [POSITION ...]
#          two CLI builds in turn, ROUNDS times, and the ratio AFTER / BEFORE of each round
#          (positions: first mid late int-first int-late; default the three expert ones)
set -euo pipefail
cd "$(dirname "$0")/.."
cpu() { /usr/bin/time -f "%U %S" -o "$1" "${@:2}" >/dev/null; awk '{print $1 + $2}' "$1"; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Games per CPU-second of the CLI $1 on position $2 at level $3.
rate() {
  local bin=$1 file=crates/core/benches/endgame_positions/estimate-$2.mine level=$3
  local n k plan all
  n=$([ "$level" = full ] && echo 100 || echo 400)
  local args=(endgame "$file" --estimate --threads 1 --level "$level" --json)
  k=$($bin "${args[@]}" --rollouts 1 | python3 -c 'import json,sys; print(len(json.load(sys.stdin)["estimate"]["candidates"]))')
  plan=$(cpu "$tmp/t1" "$bin" "${args[@]}" --rollouts 1)
  all=$(cpu "$tmp/t" "$bin" "${args[@]}" --rollouts "$n")
  python3 -c "print(round(($n - 1) * $k / max($all - $plan, 1e-9)))"
}

if [ $# -ge 3 ]; then
  before=$1 after=$2 rounds=$3
  shift 3
  printf '| position | level | round | before | after | after / before |\n|---|---|---|---|---|---|\n'
  for name in ${*:-first mid late}; do
    for level in full fast; do
      for round in $(seq "$rounds"); do
        a=$(rate "$before" "$name" "$level")
        b=$(rate "$after" "$name" "$level")
        python3 -c "print(f'| $name | $level | $round | $a | $b | {$b / max($a, 1):.2f} |')"
      done
    done
  done
  exit
fi

cargo build --release --locked -p mineseer-cli >/dev/null 2>&1
bin=target/release/mineseer
printf '| position | layouts | level | games per CPU-second |\n|---|---|---|---|\n'
for name in first mid late int-first int-late; do
  file=crates/core/benches/endgame_positions/estimate-$name.mine
  layouts=$($bin analyze "$file" --json --no-depth | python3 -c 'import json,sys; print(json.load(sys.stdin)["solutions"])')
  for level in full fast; do
    python3 -c "print(f'| $name | {float(\"$layouts\"):.2g} | $level | {$(rate $bin "$name" "$level"):,} |')"
  done
done
