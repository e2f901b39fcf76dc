#!/bin/sh
# Extract JSMinesweeper sources (unmodified) from the bare git mirror into ./jsm-src/
# Usage: ./extract.sh [REV]   (default REV=HEAD)
set -eu
REV="${1:-HEAD}"
GITDIR="${JSM_GITDIR:-/work/.mirror/DavidNHill+JSMinesweeper/repo}"
HERE="$(cd "$(dirname "$0")" && pwd)"
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
