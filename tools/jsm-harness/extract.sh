#!/bin/sh
# Extract JSMinesweeper sources (unmodified) from the bare git mirror into ./jsm-src/
# Usage: ./extract.sh [REV]   (default REV=HEAD)
# JSM_GITDIR: a bare clone of https://github.com/DavidNHill/JSMinesweeper; without it,
# tools/clones/clone.sh clones it once into tools/clones/ (ignored by git).
set -eu
REV="${1:-HEAD}"
HERE="$(cd "$(dirname "$0")" && pwd)"
GITDIR="${JSM_GITDIR:-$("$HERE/../clones/clone.sh" JSMinesweeper https://github.com/DavidNHill/JSMinesweeper)}"
OUT="$HERE/jsm-src"
mkdir -p "$OUT"
for f in \
  Minesweeper/Utility/Binomial.js Minesweeper/Utility/PrimeSieve.js Minesweeper/Utility/Compression.js \
  Minesweeper/client/Board.js Minesweeper/client/Tile.js Minesweeper/client/solver_main.js \
  Minesweeper/client/solver_probability_engine.js Minesweeper/client/BruteForceAnalysis.js \
  Minesweeper/client/Brute_force.js Minesweeper/client/FiftyFiftyHelper.js \
  Minesweeper/client/LongTermRiskHelper.js Minesweeper/client/SolutionCounter.js \
  Minesweeper/client/EfficiencyHelper.js Minesweeper/client/MinesweeperGame.js \
  Minesweeper/client/main.js index.html
do
  git --git-dir="$GITDIR" show "$REV:$f" > "$OUT/$(basename "$f")"
done
git --git-dir="$GITDIR" rev-parse "$REV" > "$OUT/COMMIT"
echo "extracted $(ls "$OUT" | wc -l) files from $(cat "$OUT/COMMIT") into $OUT"
