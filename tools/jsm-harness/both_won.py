#!/usr/bin/env python3
# both_won.py PRESET DUMP [RUNS]: our efficient style against JSMinesweeper's "Safe efficiency",
# game by game, on the games both won.
# DUMP: the output of `MEASURE_PRESET=P MEASURE_GAMES=N MEASURE_DUMP=1 cargo test --release -p
# mineseer-core --test integration play_styles::measure -- --ignored --nocapture` (lines
# "game ID STYLE won BOOL clicks C bbbv B ... guesses CELLS"). RUNS: the folder of play.mjs's
# chunks (runs/). The games both won are also split by path: where both guessed the same cells
# in the same order (after the opening), the two opened the same cells between guesses, and
# only how they opened them (clicks, flags, chords) differs.
# Its clicks are counted as efficiency.py counts them: the first click, the clears that opened
# something, chords and flags.
import glob, json, os, sys

preset, dump = sys.argv[1], sys.argv[2]
runs = sys.argv[3] if len(sys.argv) > 3 else os.path.join(os.path.dirname(__file__), 'runs')

ours = {}
for line in open(dump):
    t = line.split()
    if len(t) >= 9 and t[0] == 'game' and t[2] == 'efficient' and t[4] == 'true':
        guesses = [] if len(t) < 17 or t[16] == '-' else [int(c) for c in t[16].split(',')]
        ours[int(t[1])] = (int(t[6]), int(t[8]), guesses)  # clicks, 3BV, guesses' cells

theirs = {}
for path in glob.glob(os.path.join(runs, f'eff-{preset}-*.jsonl')):
    for line in open(path):
        r = json.loads(line)
        if r['won']:
            clicks = 1 + (r['clicks'] - r['redundant_clicks']) + r['chords'] + r['flags']
            theirs[r['id']] = (clicks, r['guess_cells'])

both = sorted(set(ours) & set(theirs))
if not both:
    sys.exit('no game won by both')
mean = lambda xs: 100 * sum(xs) / len(xs)
print(f"{preset}: games both won {len(both)} (ours {len(ours)}, JSMinesweeper {len(theirs)})")
same = [i for i in both if ours[i][2] == theirs[i][1]]
other = [i for i in both if ours[i][2] != theirs[i][1]]
for name, ids in (('all', both), ('the same guesses', same), ('other guesses', other)):
    if not ids:
        continue
    print(f"{name}: {len(ids)} games, mean efficiency ours "
          f"{mean([ours[i][1] / ours[i][0] for i in ids]):.2f} %, JSMinesweeper "
          f"{mean([ours[i][1] / theirs[i][0] for i in ids]):.2f} %; ours more clicks on "
          f"{sum(ours[i][0] > theirs[i][0] for i in ids)} games, fewer on "
          f"{sum(ours[i][0] < theirs[i][0] for i in ids)}; clicks in all, ours "
          f"{sum(ours[i][0] for i in ids)}, JSMinesweeper {sum(theirs[i][0] for i in ids)}")
    # The paired difference of the two means, with its standard error: how far the gap is
    # from noise on these games.
    d = [100 * (ours[i][1] / ours[i][0] - ours[i][1] / theirs[i][0]) for i in ids]
    if len(d) > 1:
        m = sum(d) / len(d)
        se = (sum((x - m) ** 2 for x in d) / (len(d) - 1) / len(d)) ** 0.5
        print(f"  ours less JSMinesweeper's: {m:+.3f} point, standard error {se:.3f} (paired)")
