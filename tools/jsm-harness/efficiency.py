#!/usr/bin/env python3
# Efficiency of the won games of a play.mjs run: python3 efficiency.py GAMES.jsonl RESULTS.jsonl [MINESEER]
# clicks = the given first click + the clears that opened something + chords + flags; 3BV from the layout.
# With the path of a `mineseer` binary, also the won games' clicks over their ZiNi in total
# (`mineseer stats --json` of each layout), as `mineseer play --json` reports clicks_per_zini_won.
import json,subprocess,sys,statistics
def zini(g,mineseer):
    m=set(g['mines']); w=g['width']
    rows=[''.join('M' if y*w+x in m else 'H' for x in range(w)) for y in range(g['height'])]
    text=f"{w}x{g['height']}x{len(m)}\n"+'\n'.join(rows)+'\n'
    out=subprocess.run([mineseer,'stats','--json'],input=text,capture_output=True,text=True,check=True).stdout
    return json.loads(out)['zini']
def bbbv(w,h,mines):
    m=set(mines); N=w*h
    nb=lambda i:[(y*w+x) for x in range(i%w-1,i%w+2) for y in range(i//w-1,i//w+2) if 0<=x<w and 0<=y<h and (y*w+x)!=i]
    num=[sum(j in m for j in nb(i)) for i in range(N)]
    seen=[False]*N; b=0
    for i in range(N):
        if i in m or num[i] or seen[i]: continue
        b+=1; st=[i]; seen[i]=True
        while st:
            c=st.pop()
            for j in nb(c):
                if j in m: continue
                if num[j]==0 and not seen[j]: seen[j]=True; st.append(j)
                elif num[j]: seen[j]=True
    # numbers not adjacent to an opening
    for i in range(N):
        if i not in m and num[i] and not seen[i]: b+=1
    return b
games={}
for l in open(sys.argv[1]):
    g=json.loads(l); games[g['id']]=g
mineseer=sys.argv[3] if len(sys.argv)>3 else None
n=0; won=0; effs=[]; cpb=[]; tc=0; tb=0; tz=0
for l in open(sys.argv[2]):
    r=json.loads(l); n+=1
    if not r['won']: continue
    g=games[r['id']]; b=bbbv(g['width'],g['height'],g['mines'])
    clicks=1+(r['clicks']-r['redundant_clicks'])+r['chords']+r['flags']
    won+=1; effs.append(b/clicks); cpb.append(clicks/b); tc+=clicks; tb+=b
    if mineseer: tz+=zini(g,mineseer)
print(f"{sys.argv[2]}: games {n}, won {won}, mean efficiency {statistics.mean(effs)*100 if effs else float('nan'):.1f} %, median clicks/3BV {statistics.median(cpb) if cpb else float('nan'):.3f}, clicks {tc}, 3BV {tb}"+(f", ZiNi {tz}, clicks / ZiNi {tc/tz:.3f}" if tz else ""))
