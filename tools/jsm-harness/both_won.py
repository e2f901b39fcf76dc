#!/usr/bin/env python3
# both_won.py PRESET DUMP [RUNS]: our efficient style against JSMinesweeper's "Safe efficiency",
# game by game, on the games both won.
# DUMP: the output of `MEASURE_PRESET=P MEASURE_GAMES=N MEASURE_DUMP=1 cargo test --release -p
# mineseer-core --test integration play_styles::measure -- --ignored --nocapture` (lines
# "game ID STYLE won BOOL clicks C bbbv B ..."). RUNS: the folder of play.mjs's chunks (runs/).
# Its clicks are counted as efficiency.py counts them: the first click, the clears that opened
# something, chords and flags.
import glob, json, os, sys

preset, dump = sys.argv[1], sys.argv[2]
runs = sys.argv[3] if len(sys.argv) > 3 else os.path.join(os.path.dirname(__file__), 'runs')

ours = {}
for line in open(dump):
    t = line.split()
    if len(t) >= 9 and t[0] == 'game' and t[2] == 'efficient' and t[4] == 'true':
        ours[int(t[1])] = (int(t[6]), int(t[8]))  # clicks, 3BV

theirs = {}
for path in glob.glob(os.path.join(runs, f'eff-{preset}-*.jsonl')):
    for line in open(path):
        r = json.loads(line)
        if r['won']:
            theirs[r['id']] = 1 + (r['clicks'] - r['redundant_clicks']) + r['chords'] + r['flags']

both = sorted(set(ours) & set(theirs))
if not both:
    sys.exit('no game won by both')
mean = lambda xs: 100 * sum(xs) / len(xs)
print(f"{preset}: games both won {len(both)} (ours {len(ours)}, JSMinesweeper {len(theirs)})")
print(f"mean efficiency: ours {mean([ours[i][1] / ours[i][0] for i in both]):.2f} %, "
      f"JSMinesweeper {mean([ours[i][1] / theirs[i] for i in both]):.2f} %")
print(f"ours more clicks on {sum(ours[i][0] > theirs[i] for i in both)} games, fewer on "
      f"{sum(ours[i][0] < theirs[i] for i in both)}; clicks in all, ours "
      f"{sum(ours[i][0] for i in both)}, JSMinesweeper {sum(theirs[i] for i in both)}")
