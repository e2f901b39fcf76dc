#!/bin/sh
# Extracts the two peers' probability engines, unmodified, from bare git mirrors into folders
# that git ignores, and builds MineSweeperProb's with our driver (msp-bench.cpp).
#
#   ./extract.sh            the revisions measured in README.md
#   MSP_REV=... JSM_REV=... ./extract.sh
#
# MSP_GITDIR / JSM_GITDIR: bare clones of https://github.com/b1f6c1c4/MineSweeperProb and
# https://github.com/DavidNHill/JSMinesweeper; without them, tools/clones/clone.sh clones each
# once into tools/clones/ (ignored by git).
set -eu
MSP_REV="${MSP_REV:-8f5a804469938f20fdabf0a2ea0c4989b312b296}"
JSM_REV="${JSM_REV:-d8ff392543623c77e72b34e437ff30d68ca7178a}"
HERE="$(cd "$(dirname "$0")" && pwd)"
CLONE="$HERE/../clones/clone.sh"
MSP_GITDIR="${MSP_GITDIR:-$("$CLONE" MineSweeperProb https://github.com/b1f6c1c4/MineSweeperProb)}"
JSM_GITDIR="${JSM_GITDIR:-$("$CLONE" JSMinesweeper https://github.com/DavidNHill/JSMinesweeper)}"

# MineSweeperProb: the probability computation (BasicSolver) and the binomial table it reads.
MSP="$HERE/msp-src"
rm -rf "$MSP" && mkdir -p "$MSP"
for f in BasicSolver.h BasicSolver.cpp BinomialHelper.h BinomialHelper.cpp stdafx.h; do
  git --git-dir="$MSP_GITDIR" show "$MSP_REV:MineSweeperSolver/$f" > "$MSP/$f"
done
git --git-dir="$MSP_GITDIR" rev-parse "$MSP_REV" > "$MSP/COMMIT"

# JSMinesweeper: the scripts index.html loads (main.js only for its MAX_BINOMIAL_N; it is not
# run).
JSM="$HERE/jsm-src"
rm -rf "$JSM" && mkdir -p "$JSM"
for f in Minesweeper/client/Board.js Minesweeper/client/Tile.js Minesweeper/client/solver_main.js \
  Minesweeper/client/solver_probability_engine.js Minesweeper/client/Brute_force.js \
  Minesweeper/client/BruteForceAnalysis.js Minesweeper/client/MinesweeperGame.js \
  Minesweeper/client/SolutionCounter.js Minesweeper/client/EfficiencyHelper.js \
  Minesweeper/client/FiftyFiftyHelper.js Minesweeper/client/LongTermRiskHelper.js \
  Minesweeper/client/main.js Minesweeper/Utility/PrimeSieve.js Minesweeper/Utility/Binomial.js
do
  git --git-dir="$JSM_GITDIR" show "$JSM_REV:$f" > "$JSM/$(basename "$f")"
done
git --git-dir="$JSM_GITDIR" rev-parse "$JSM_REV" > "$JSM/COMMIT"

# MineSweeperProb's own build (CMakeLists.txt, README.md): C++23, CMake's Release flags
# (-O3 -DNDEBUG), link-time optimisation, -march=native. msp-bench-generic leaves out
# -march=native, to match our release build, which targets the baseline x86-64.
CXX="${CXX:-g++}"
FLAGS="-std=c++2b -O3 -DNDEBUG -flto -I$MSP"
SOURCES="$HERE/msp-bench.cpp $MSP/BasicSolver.cpp $MSP/BinomialHelper.cpp"
mkdir -p "$HERE/build"
# shellcheck disable=SC2086
$CXX $FLAGS -march=native $SOURCES -o "$HERE/build/msp-bench"
# shellcheck disable=SC2086
$CXX $FLAGS $SOURCES -o "$HERE/build/msp-bench-generic"
echo "MineSweeperProb $(cat "$MSP/COMMIT"), JSMinesweeper $(cat "$JSM/COMMIT"); built $HERE/build/msp-bench{,-generic} with $($CXX --version | head -1)"
