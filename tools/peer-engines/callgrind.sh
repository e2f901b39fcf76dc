#!/bin/sh
# Instructions per position of the two native engines (ours and MineSweeperProb's), which do not
# depend on the machine's load. MineSweeperProb's is its generic build (build/msp-bench-generic,
# the baseline x86-64 as ours): valgrind cannot run the -march=native one here ("Illegal
# instruction"). Each driver is run under callgrind with 1 pass and with 1 + K passes (no
# warm-up); the difference, divided by K and by the positions, is what one pass costs per
# position, the loading of the corpus and the start-up cancelled out.
#
#   tools/peer-engines/callgrind.sh [K] [CORPUS...]    (from the repository's root; K = 5)
#
# LAB=path/to/mineseer-lab counts another build of ours; BEFORE=path/to/mineseer-lab also counts
# an older build of ours (`mineseer-before`), for a before / after table; PEERS= (empty) leaves
# MineSweeperProb out (its counts do not change with ours).
set -eu
K="${1:-5}"
[ $# -gt 1 ] && shift 1 || set --
CORPORA="${*:-beginner intermediate expert expert-hard expert-guesses}"
HERE="tools/peer-engines"
LAB="${LAB:-target/release/mineseer-lab}"
BEFORE="${BEFORE:-}"
PEERS="${PEERS-minesweeperprob}"

instructions() { # COMMAND...: the instructions callgrind counted
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null |
    sed -n 's/^==[0-9]*== Collected : \([0-9]*\)$/\1/p'
}

printf '%-15s %-17s %s\n' corpus engine "instructions per position"
for corpus in $CORPORA; do
  file="crates/core/benches/corpus/$corpus.txt"
  positions=$(grep -c x "$file")
  for engine in mineseer $PEERS ${BEFORE:+mineseer-before}; do
    case "$engine" in
      mineseer) set -- "$LAB" engine-passes "$file" ;;
      mineseer-before) set -- "$BEFORE" engine-passes "$file" ;;
      minesweeperprob) set -- "$HERE/build/msp-bench-generic" "$file" ;;
    esac
    one=$(instructions "$@" 1 0)
    many=$(instructions "$@" $((K + 1)) 0)
    [ -n "$one" ] && [ -n "$many" ] || { echo "callgrind failed on $*" >&2; exit 1; }
    printf '%-15s %-17s %s\n' "$corpus" "$engine" $(((many - one) / K / positions))
  done
done
