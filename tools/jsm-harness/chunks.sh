#!/bin/bash
# Resumable runs of JSMinesweeper's auto-play in chunks: ./chunks.sh STYLE PRESET START END STEP
# Plays games START..END-1 (0-based lines) of runs/PRESET.jsonl with --play-style STYLE, STEP games
# per process, into runs/STYLE-PRESET-AAAAA-BBBBB.jsonl; a chunk is renamed from .tmp only when it
# is complete, and a finished chunk is skipped. A killed run resumes at the next unplayed game:
# the games already in a chunk's .tmp are kept and only the rest of the chunk is played.
# Two lanes may run the same range at once: each chunk is played by the lane that locks it.
# runs/ is ignored by git. Run it niced: nohup nice -n 19 ./chunks.sh eff expert 0 6000 100 &
set -eu
cd "$(dirname "$0")"
STYLE=$1; P=$2; S=$3; E=$4; K=$5
for ((a=S; a<E; a+=K)); do
  b=$((a+K)); [ $b -gt $E ] && b=$E
  out=runs/$STYLE-$P-$(printf %05d $a)-$(printf %05d $b).jsonl
  [ -s "$out" ] && continue
  # Another lane playing this chunk holds its lock: leave the chunk to it.
  exec 9> "$out.lock"
  flock -n 9 || continue
  played=0; [ -f "$out.tmp" ] && played=$(wc -l < "$out.tmp")
  in=runs/in-$STYLE-$P-$a.jsonl
  sed -n "$((a+1+played)),${b}p" runs/$P.jsonl > "$in"
  node play.mjs "$in" --play-style "$STYLE" --quiet-solver >> "$out.tmp" 2>> "$out.err" && mv "$out.tmp" "$out"
  rm -f "$in"
done
