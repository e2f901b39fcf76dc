#!/usr/bin/env python3
# Where two players' clicks differ on the same game: python3 trace_diff.py GAMES.jsonl JSM.trace OURS.trace
# JSM.trace: `node play.mjs GAMES --play-style eff --trace` lines; OURS.trace: the lines of
# `TRACE_GAMES=... cargo test ... play_styles::trace` (see README). Each trace is replayed on the
# layout; per game: the clicks of each kind, and the cells one side opened with a reveal of its
# own (a click on a number, not a zero) that the other side opened for free (a chord, or a
# cascade), with how the other side opened them.
import json, sys
from collections import Counter

def replay(g, trace):
    w, h = g['width'], g['height']; n = w * h; mines = set(g['mines'])
    nb = lambda i: [y * w + x for y in range(i // w - 1, i // w + 2) for x in range(i % w - 1, i % w + 2)
                    if 0 <= x < w and 0 <= y < h and y * w + x != i]
    val = [sum(j in mines for j in nb(i)) for i in range(n)]
    cov = [True] * n; flag = [False] * n; how = {}   # cell -> (step, kind, target)
    def open_(cells, step, kind, tgt):
        st = []
        for c in cells:
            if cov[c] and not flag[c]:
                assert c not in mines, (g['id'], step, kind, c)
                cov[c] = False; how[c] = (step, kind, tgt); st.append(c)
        while st:
            c = st.pop()
            if val[c] == 0:
                for j in nb(c):
                    if cov[j] and not flag[j]:
                        cov[j] = False; how[j] = (step, 'cascade', tgt); st.append(j)
    useless = Counter()
    for s, (k, i) in enumerate(trace):
        if k == 'r':
            if not cov[i]: useless['r on revealed'] += 1
            open_([i], s, 'r', i)
        elif k == 'f':
            if not cov[i]: useless['f on revealed'] += 1
            if flag[i]: useless['unflag'] += 1
            flag[i] = not flag[i]
        else:
            before = sum(cov)
            open_([j for j in nb(i)], s, 'c', i)
            if sum(cov) == before: useless['chord opening nothing'] += 1
    won = all(not cov[i] for i in range(n) if i not in mines)
    return how, val, won, useless

games = {json.loads(l)['id']: json.loads(l) for l in open(sys.argv[1])}
jsm = {r['id']: r for r in map(json.loads, open(sys.argv[2]))}
ours = {r['id']: r for r in map(json.loads, open(sys.argv[3]))}
for gid in ours:
    if gid not in jsm: continue
    g = games[gid]; w = g['width']
    hj, val, wj, uj = replay(g, jsm[gid]['trace'])
    ho, _, wo, uo = replay(g, ours[gid]['trace'])
    cj = Counter(k for k, _ in jsm[gid]['trace']); co = Counter(k for k, _ in ours[gid]['trace'])
    print(f"game {gid}: jsm {len(jsm[gid]['trace'])} (r {cj['r']} f {cj['f']} c {cj['c']}, won {wj}, {dict(uj)}) ours {len(ours[gid]['trace'])} (r {co['r']} f {co['f']} c {co['c']}, won {wo}, {dict(uo)})")
    fj = set(i for k, i in jsm[gid]['trace'] if k == 'f'); fo = set(i for k, i in ours[gid]['trace'] if k == 'f')
    xy = lambda i: f"({i % w},{i // w})"
    print(f"  flags only jsm: {[xy(i) for i in sorted(fj - fo)]}  only ours: {[xy(i) for i in sorted(fo - fj)]}")
    for name, a, b in (('ours', ho, hj), ('jsm', hj, ho)):
        extra = [c for c, (s, k, t) in sorted(a.items(), key=lambda e: e[1][0]) if k == 'r' and b.get(c, (0, 'r'))[1] != 'r']
        print(f"  {name} clicked, the other got free ({len(extra)}): " + ', '.join(
            f"{xy(c)}={val[c]}@{a[c][0]}<-{b[c][1]} {xy(b[c][2])}@{b[c][0]}" for c in extra))
