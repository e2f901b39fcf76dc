#!/usr/bin/env node
// Ratios of the peers' engines to ours, from run.sh's output.
//
//   node summary.mjs RUNS.jsonl
//
// Per corpus and engine, the median over the rounds (smallest–largest) of: the median wall time
// per position; the corpus total (the sum of the per-position medians); the CPU time of the
// process over a whole pass, which what other processes take does not inflate. Per peer, round
// by round against our run of the same round: the ratio of the medians, of the totals, of the
// CPU times of a pass, and the median over positions of each position's own ratio; the median
// of those over the rounds, with their smallest and largest (a wide range says the machine was
// noisy). An older build of ours (run.sh's BEFORE=) is compared as a peer is: its ratio is the
// time before over the time after.

import fs from 'node:fs';

const file = process.argv[2];
if (!file) {
  console.error('usage: node summary.mjs RUNS.jsonl');
  process.exit(2);
}
const runs = fs.readFileSync(file, 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l));
const median = (values) => {
  const v = [...values].sort((a, b) => a - b);
  const n = v.length;
  return n % 2 ? v[(n - 1) / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
};
const corpusName = (path) => path.replace(/^.*\//, '').replace(/\.txt$/, '');
const fmt = (x) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x >= 1 ? x.toFixed(2) : x.toPrecision(2));
const range = (values) => `${fmt(median(values))} (${fmt(Math.min(...values))}–${fmt(Math.max(...values))})`;

const corpora = [...new Set(runs.map((r) => corpusName(r.corpus)))];
// `mineseer-before` (run.sh's BEFORE=): an older build of ours, so its row is before / after.
const engines = ['mineseer', 'minesweeperprob', 'jsminesweeper', 'mineseer-before'];
console.log(`${file}: ${new Set(runs.map((r) => r.round)).size} rounds, ${runs[0].passes} passes after ${runs[0].warmup} untimed`);
console.log('\ncorpus          engine            median ms/position     total ms (sum of medians)  CPU ms per pass');
for (const corpus of corpora) {
  for (const engine of engines) {
    const mine = runs.filter((r) => corpusName(r.corpus) === corpus && r.engine === engine);
    if (!mine.length) continue;
    console.log(`${corpus.padEnd(15)} ${engine.padEnd(17)} ${range(mine.map((r) => r.median_ms)).padEnd(22)} ${range(mine.map((r) => r.total_ms)).padEnd(26)} ${range(mine.map((r) => r.pass_cpu_median_ms))}`);
  }
}
console.log('\npeer / Mineseer, median over rounds (smallest–largest)');
console.log('corpus          peer              of medians          of totals           of CPU per pass     per position (median)');
for (const corpus of corpora) {
  for (const peer of engines.slice(1)) {
    const byMedian = [], byTotal = [], byCpu = [], byPosition = [];
    for (const theirs of runs.filter((r) => corpusName(r.corpus) === corpus && r.engine === peer)) {
      const ours = runs.find((r) => corpusName(r.corpus) === corpus && r.engine === 'mineseer' && r.round === theirs.round);
      if (!ours) continue;
      byMedian.push(theirs.median_ms / ours.median_ms);
      byTotal.push(theirs.total_ms / ours.total_ms);
      byCpu.push(theirs.pass_cpu_median_ms / ours.pass_cpu_median_ms);
      byPosition.push(median(theirs.per_position_ms.map((t, i) => t / ours.per_position_ms[i])));
    }
    if (!byMedian.length) continue;
    console.log(`${corpus.padEnd(15)} ${peer.padEnd(17)} ${range(byMedian).padEnd(19)} ${range(byTotal).padEnd(19)} ${range(byCpu).padEnd(19)} ${range(byPosition)}`);
  }
}
