#!/usr/bin/env node
// Paired comparison of two result files on the games they share (matched by id):
//
//   node pair.mjs A.results.jsonl B.results.jsonl [--limit N]
//
// Each file holds JSON lines with at least {"id", "won"} (play.mjs's output, or any other
// player's in that form). Prints both win rates, the games only one side won, and the paired
// difference of win rates with its standard error (McNemar's setting, as peer-games compare).
// --limit N keeps only the ids below N, so that runs cut at different points can be paired on
// a common prefix of the games.
import fs from 'node:fs';

const argv = process.argv.slice(2);
const files = [];
let limit = Infinity;
for (let i = 0; i < argv.length; i++) {
  if (argv[i] === '--limit') limit = Number(argv[++i]);
  else files.push(argv[i]);
}
if (files.length !== 2 || !(limit > 0)) {
  console.error('usage: node pair.mjs A.results.jsonl B.results.jsonl [--limit N]');
  process.exit(2);
}

function load(file) {
  const won = new Map();
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    let r;
    try { r = JSON.parse(line); } catch { continue; }   // a run cut mid-line leaves a partial last line
    if (typeof r.won !== 'boolean') throw new Error(`${file}: a line without "won": ${line}`);
    if (won.has(r.id)) throw new Error(`${file}: game ${r.id} appears twice`);
    if (Number(r.id) < limit) won.set(r.id, r.won);
  }
  return won;
}

const [a, b] = files.map(load);
let n = 0, wa = 0, wb = 0, onlyA = 0, onlyB = 0;
for (const [id, x] of a) {
  if (!b.has(id)) continue;
  const y = b.get(id);
  n++; wa += x; wb += y;
  if (x && !y) onlyA++;
  if (y && !x) onlyB++;
}
const pct = (w) => (100 * w / Math.max(n, 1)).toFixed(2);
const diff = (onlyA - onlyB) / Math.max(n, 1);
const se = Math.sqrt(Math.max(0, (onlyA + onlyB) - (onlyA - onlyB) ** 2 / Math.max(n, 1))) / Math.max(n, 1);
console.log(`${n} shared games: A won ${wa} (${pct(wa)} %), B won ${wb} (${pct(wb)} %); ` +
  `only A ${onlyA}, only B ${onlyB}; A - B = ${(100 * diff >= 0 ? '+' : '')}${(100 * diff).toFixed(2)} points ` +
  `(SE ${(100 * se).toFixed(2)}, ${se > 0 ? (diff / se).toFixed(1) : '-'} SE)`);
console.log(`A = ${files[0]}\nB = ${files[1]}`);
