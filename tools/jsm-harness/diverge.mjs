#!/usr/bin/env node
// Game-by-game diff of two runs of the same games (e.g. --mode page and --mode bulk):
//
//   node diverge.mjs A.results.jsonl A.positions.jsonl B.results.jsonl B.positions.jsonl [--show K]
//
// A run played in pieces gives its positions files joined by commas (a.jsonl,b.jsonl,...). A
// game played by more than one piece (a piece cut mid-game and played again) takes its
// positions from the first file that holds all of its guesses.
//
// For every shared game it compares the sequence of guesses (cell and the solver's safety) and
// the positions before them, and counts: games whose guesses are identical, games where both
// runs meet the same position but guess differently, and games where the positions before a
// guess differ (which can only come from the certain moves between guesses). The position
// compare reads a flag ('F', placed by the page's flagging style) as hidden ('H'), since the
// flags are the one thing the two modes are known to show differently. --show K prints the
// first K games where they part, with both positions.
import fs from 'node:fs';

const argv = process.argv.slice(2);
let show = 3;
const files = [];
for (let i = 0; i < argv.length; i++) {
  if (argv[i] === '--show') show = Number(argv[++i]);
  else files.push(argv[i]);
}
if (files.length !== 4) {
  console.error('usage: node diverge.mjs A.results.jsonl A.positions.jsonl B.results.jsonl B.positions.jsonl [--show K]');
  process.exit(2);
}

function lines(file) {
  const out = [];
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    try { out.push(JSON.parse(line)); } catch { /* a run cut mid-line */ }
  }
  return out;
}
function results(file) { return new Map(lines(file).map(r => [r.id, r])); }
function positions(fileList, runResults) {
  const byId = new Map();
  for (const file of fileList.split(',')) {
    const here = new Map();
    for (const p of lines(file)) {
      if (!here.has(p.id)) here.set(p.id, []);
      here.get(p.id).push(p);
    }
    for (const [id, guesses] of here) {
      const all = runResults.get(id)?.guesses;
      if (!byId.has(id) || (guesses.length === all && byId.get(id).length !== all)) byId.set(id, guesses);
    }
  }
  return byId;
}

const [ra, rb] = [results(files[0]), results(files[2])];
const [pa, pb] = [positions(files[1], ra), positions(files[3], rb)];
const noFlags = (board) => board.replace(/F/g, 'H');
let shared = 0, same = 0, sameOutcomeDiffPlay = 0, uncompared = 0;
const kinds = { 'same position, other guess': 0, 'same position, same cell, other safety': 0, 'other position': 0, 'one run guesses more': 0 };
const examples = [];
for (const [id, a] of ra) {
  const b = rb.get(id);
  if (!b) continue;
  shared++;
  const ga = pa.get(id) || [], gb = pb.get(id) || [];
  // A game whose positions one run did not write in full (a run cut mid-game) is not compared.
  if (ga.length !== a.guesses || gb.length !== b.guesses) { uncompared++; continue; }
  let k = 0;
  while (k < ga.length && k < gb.length && noFlags(ga[k].board) === noFlags(gb[k].board) &&
         ga[k].x === gb[k].x && ga[k].y === gb[k].y && Math.abs(ga[k].prob - gb[k].prob) < 1e-9) k++;
  if (k === ga.length && k === gb.length) { same++; if (a.won !== b.won) examples.push({ id, kind: 'identical guesses, other outcome', a, b }); continue; }
  if (a.won === b.won) sameOutcomeDiffPlay++;
  let kind;
  if (k >= ga.length || k >= gb.length) kind = 'one run guesses more';
  else if (noFlags(ga[k].board) !== noFlags(gb[k].board)) kind = 'other position';
  else if (ga[k].x === gb[k].x && ga[k].y === gb[k].y) kind = 'same position, same cell, other safety';
  else kind = 'same position, other guess';
  kinds[kind]++;
  examples.push({ id, kind, k, a, b, pa: ga[k], pb: gb[k] });
}
console.log(`${shared} shared games; identical guesses (cells, safeties and positions, flags aside) in ${same}`);
if (uncompared) console.log(`games not compared (one run's positions incomplete, a run cut mid-game): ${uncompared}`);
console.log(`games where the runs part: ${shared - same - uncompared} (${sameOutcomeDiffPlay} of them with the same outcome)`);
for (const [k, v] of Object.entries(kinds)) console.log(`  ${k}: ${v}`);
for (const e of examples.slice(0, show)) {
  console.log(`\ngame ${e.id}: ${e.kind}${e.k != null ? ` at guess ${e.k + 1}` : ''}; A ${e.a.status}, B ${e.b.status}`);
  if (e.pa) console.log(`  A guesses (${e.pa.x},${e.pa.y}) safety ${e.pa.prob}\n  ${e.pa.board.replace(/\//g, '\n  ')}`);
  if (e.pb) console.log(`  B guesses (${e.pb.x},${e.pb.y}) safety ${e.pb.prob}\n  ${e.pb.board.replace(/\//g, '\n  ')}`);
}
