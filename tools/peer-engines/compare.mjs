#!/usr/bin/env node
// Do two engines give the same probabilities? Compares two `dump` outputs (one JSON line per
// position: {"i":N,"p":[mine probability of each hidden cell, row-major]}) cell by cell.
//
//   node compare.mjs OURS.jsonl THEIRS.jsonl [TOLERANCE] [--truncate-ours DIGITS]
//
// --truncate-ours 8 first cuts our probabilities to 8 decimals, as JSMinesweeper's divideBigInt
// (solver_main.js) cuts its quotients, to check that its figures are ours cut, not merely near.
// Prints the number of positions and cells compared, the largest absolute difference and where
// it is, and every position with a cell further apart than TOLERANCE (default 1e-9). Exit
// status 1 when any cell is, or when the files do not cover the same positions and cells.

import fs from 'node:fs';

const args = process.argv.slice(2);
let truncateDigits = null;
const t = args.indexOf('--truncate-ours');
if (t >= 0) {
  truncateDigits = Number(args[t + 1]);
  if (!Number.isInteger(truncateDigits) || truncateDigits < 0 || truncateDigits > 15) {
    console.error(`--truncate-ours needs a number of decimals from 0 to 15, not ${args[t + 1]}`);
    process.exit(2);
  }
  args.splice(t, 2);
}
const [oursFile, theirsFile, toleranceText = '1e-9'] = args;
if (!oursFile || !theirsFile) {
  console.error('usage: node compare.mjs OURS.jsonl THEIRS.jsonl [TOLERANCE] [--truncate-ours DIGITS]');
  process.exit(2);
}
// Cut towards zero at the given decimal, as BigInt division does: floor(p * 10^d) / 10^d.
// The product is rounded first where it is within 1e-6 of a whole number, so that a float
// such as 0.29 * 100 = 28.999999999999996 is not cut one step low.
const cut = (p) => {
  const scaled = p * 10 ** truncateDigits;
  const nearest = Math.round(scaled);
  return (Math.abs(scaled - nearest) < 1e-6 ? nearest : Math.floor(scaled)) / 10 ** truncateDigits;
};
const tolerance = Number(toleranceText);
if (!(tolerance >= 0)) {
  console.error(`the tolerance must be a number >= 0, not ${toleranceText}`);
  process.exit(2);
}

const read = (file) => fs.readFileSync(file, 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l));
const ours = read(oursFile);
const theirs = read(theirsFile);
if (ours.length !== theirs.length) {
  console.error(`${oursFile} has ${ours.length} positions, ${theirsFile} ${theirs.length}`);
  process.exit(1);
}

let cells = 0;
let worst = { diff: -1 };
const apart = [];
for (let k = 0; k < ours.length; k++) {
  const a = ours[k], b = theirs[k];
  if (a.i !== b.i || a.p.length !== b.p.length) {
    console.error(`position ${a.i}: ${a.p.length} hidden cells in ${oursFile}, ${b.p.length} in ${theirsFile} (position ${b.i})`);
    process.exit(1);
  }
  let positionWorst = 0, positionApart = 0;
  for (let j = 0; j < a.p.length; j++) {
    const mine = truncateDigits === null ? a.p[j] : cut(a.p[j]);
    const diff = Math.abs(mine - b.p[j]);
    cells++;
    if (diff > worst.diff) worst = { diff, position: a.i, cell: j, ours: mine, theirs: b.p[j] };
    if (diff > positionWorst) positionWorst = diff;
    if (diff > tolerance) positionApart++;
  }
  if (positionApart) apart.push({ position: a.i, cells: positionApart, largest: positionWorst });
}

console.log(`${ours.length} positions, ${cells} hidden cells${truncateDigits === null ? '' : `, ours cut to ${truncateDigits} decimals`}; largest difference ${worst.diff.toExponential(3)}` +
  ` (position ${worst.position}, hidden cell ${worst.cell}: ${worst.ours} against ${worst.theirs})`);
console.log(`cells further apart than ${tolerance}: ${apart.reduce((s, a) => s + a.cells, 0)} in ${apart.length} positions`);
for (const a of apart) console.log(`  position ${a.position}: ${a.cells} cells, largest difference ${a.largest.toExponential(3)}`);
process.exit(apart.length ? 1 : 0);
