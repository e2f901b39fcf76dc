#!/bin/sh
# Times the three probability engines on the same corpora, in turn, ROUNDS times, and appends
# each run's JSON line (with its round) to OUT. summary.mjs turns OUT into ratios.
#
#   tools/peer-engines/run.sh OUT [ROUNDS] [PASSES] [WARMUP] [CORPUS...]
#
# Run from the repository's root after `cargo build --release -p mineseer-lab` and
# tools/peer-engines/extract.sh. Defaults: 5 rounds, 10 timed passes after 3 untimed ones, the
# corpora beginner, intermediate, expert, expert-hard and expert-guesses of
# crates/core/benches/corpus/.
# Within a round every corpus is run by the engines one after another, each in its own
# process; the order of the engines turns from round to round, so that none always runs first
# after another's load or always last.
# LAB=path/to/mineseer-lab times another build of ours; BEFORE=path/to/mineseer-lab adds an
# older build of ours as a fourth engine (`mineseer-before`, so that summary.mjs gives the
# before / after ratio from the same rounds); PEERS="minesweeperprob" leaves JSMinesweeper out
# (default: both peers).
set -eu
OUT="${1:?usage: run.sh OUT [ROUNDS] [PASSES] [WARMUP] [CORPUS...]}"
ROUNDS="${2:-5}"
PASSES="${3:-10}"
WARMUP="${4:-3}"
[ $# -gt 4 ] && shift 4 || set --
CORPORA="${*:-beginner intermediate expert expert-hard expert-guesses}"
HERE="tools/peer-engines"
LAB="${LAB:-target/release/mineseer-lab}"  # LAB=...: another build of ours
BEFORE="${BEFORE:-}"
PEERS="${PEERS:-minesweeperprob jsminesweeper}"
ENGINES="mineseer $PEERS${BEFORE:+ mineseer-before}"
for tool in "$LAB" "$HERE/build/msp-bench" "$HERE/jsm-src/COMMIT" $BEFORE; do
  [ -e "$tool" ] || { echo "missing $tool: build it first (see $HERE/README.md)" >&2; exit 2; }
done

engine() { # ENGINE CORPUS_FILE: one timed run, one JSON line
  case "$1" in
    mineseer) "$LAB" engine-passes "$2" "$PASSES" "$WARMUP" ;;
    mineseer-before) "$BEFORE" engine-passes "$2" "$PASSES" "$WARMUP" | sed 's/"engine":"mineseer"/"engine":"mineseer-before"/' ;;
    minesweeperprob) "$HERE/build/msp-bench" "$2" "$PASSES" "$WARMUP" ;;
    jsminesweeper) node "$HERE/jsm-bench.mjs" "$2" "$PASSES" "$WARMUP" ;;
  esac
}

round=1
while [ "$round" -le "$ROUNDS" ]; do
  # The engines' list turned by one more place each round.
  order="$ENGINES"
  turn=1
  while [ "$turn" -lt "$round" ]; do
    order="${order#* } ${order%% *}"
    turn=$((turn + 1))
  done
  for corpus in $CORPORA; do
    for e in $order; do
      line="$(engine "$e" "crates/core/benches/corpus/$corpus.txt")"
      echo "{\"round\":$round,${line#\{}" >> "$OUT"
      echo "round $round $corpus $e done" >&2
    done
  done
  round=$((round + 1))
done
