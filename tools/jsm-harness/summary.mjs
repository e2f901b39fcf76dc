#!/usr/bin/env node
// node summary.mjs RESULTS.jsonl [...]  -> win rate, 95% CI, CPU ms/game (mean, median, p90, max), guesses
import fs from 'node:fs';
const rows = [];
for (const f of process.argv.slice(2)) for (const l of fs.readFileSync(f, 'utf8').split('\n')) if (l.trim()) rows.push(JSON.parse(l));
const n = rows.length, won = rows.filter(r => r.won).length, p = won / n;
const q = (a, x) => a[Math.min(a.length - 1, Math.floor(a.length * x))];
const cpu = rows.map(r => r.ms).sort((a, b) => a - b), wall = rows.map(r => r.wall_ms).sort((a, b) => a - b);
const mean = a => a.reduce((s, x) => s + x, 0) / a.length;
const status = {}; for (const r of rows) status[r.status] = (status[r.status] || 0) + 1;
console.log(`games=${n} won=${won} win%=${(100 * p).toFixed(2)} +/-${(196 * Math.sqrt(p * (1 - p) / n)).toFixed(2)} (95%)  status=${JSON.stringify(status)}`);
console.log(`cpu ms/game: mean=${mean(cpu).toFixed(1)} median=${q(cpu, 0.5)} p90=${q(cpu, 0.9)} max=${cpu[n - 1]}  (mean without games >5s: ${mean(cpu.filter(x => x <= 5000)).toFixed(1)})`);
console.log(`wall ms/game: mean=${mean(wall).toFixed(1)} median=${q(wall, 0.5)}`);
console.log(`guesses/game=${mean(rows.map(r => r.guesses)).toFixed(3)} moves/game=${mean(rows.map(r => r.moves)).toFixed(1)} games_with_violations=${rows.filter(r => r.violations || r.errors).length}`);
