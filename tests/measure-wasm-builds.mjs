// Compares builds of the page's wasm module on the same work, in Node (the V8 of Chromium,
// without the page around it), so that a change of compiler settings can be judged by its
// speed as well as its size (not a test: run it by hand).
//
//   node tests/measure-wasm-builds.mjs OLD_DIST NEW_DIST [MORE_DIST...]
//
// Each DIST is a directory holding a build's `mineseer-wasm.js` and `mineseer-wasm_bg.wasm`
// (for example a copy of dist/ before and after). The builds run each workload in turn,
// in a rotating order, ROUNDS times (3 unless set); the figure is the least CPU time of the
// rounds, which is the least disturbed by other work on a busy machine. Every build must give
// the same answers, or the script says so and fails.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dirs = process.argv.slice(2).map((d) => path.resolve(d));
if (dirs.length < 2) {
  console.error('usage: node tests/measure-wasm-builds.mjs OLD_DIST NEW_DIST [MORE_DIST...]');
  process.exit(2);
}
const ROUNDS = Number(process.env.ROUNDS ?? 3);

const builds = [];
for (const dir of dirs) {
  const bytes = fs.readFileSync(path.join(dir, 'mineseer-wasm_bg.wasm'));
  // The query makes each build's glue a module of its own, with its own instance.
  const glue = await import(`${pathToFileURL(path.join(dir, 'mineseer-wasm.js')).href}?${builds.length}`);
  await glue.default({ module_or_path: bytes });
  builds.push({ dir, glue, raw: bytes.length, gzipped: zlib.gzipSync(bytes, { level: 9 }).length });
}

const endgame = (name) => fs.readFileSync(path.join(ROOT, 'crates/core/benches/endgame_positions', `${name}.mine`), 'utf8');
const corpus = fs.readFileSync(path.join(ROOT, 'crates/core/benches/corpus/expert-hard.txt'), 'utf8')
  .trim().split(/\n\s*\n/).map((p) => `${p.trim()}\n`);
/** Each workload returns what the page would show, so the builds' answers can be compared. */
const WORKLOADS = {
  'endgame expert-20000-3': (g) => g.solveEndgame(endgame('expert-20000-3'), {}),
  'endgame expert-5000-hard': (g) => g.solveEndgame(endgame('expert-5000-hard'), {}),
  'analysis, 100 expert-hard positions': (g) => corpus.slice(0, 100).map((p) => g.solveBoard(p, {})),
  'auto-player, 20 expert games': (g) => g.playGames({ preset: 'expert', rule: 'safe', seed: '1', games: 20 }),
};

let differences = 0;
const cpu = {};
for (let round = 0; round < ROUNDS; round++) {
  for (const [name, work] of Object.entries(WORKLOADS)) {
    let first;
    for (let i = 0; i < builds.length; i++) {
      const b = (round + i) % builds.length;
      const start = process.cpuUsage();
      const answer = JSON.stringify(work(builds[b].glue));
      const used = process.cpuUsage(start);
      (cpu[name] ??= builds.map(() => [])) [b].push((used.user + used.system) / 1000);
      if (first === undefined) first = answer;
      else if (answer !== first) {
        differences += 1;
        console.error(`${name}: ${path.basename(builds[b].dir)} answers differently`);
      }
    }
  }
}

const label = (b) => path.relative(process.cwd(), b.dir) || '.';
console.log('build: raw bytes, gzipped (-9) bytes');
for (const b of builds) console.log(`  ${label(b)}: ${b.raw}, ${b.gzipped}`);
console.log(`least CPU time over ${ROUNDS} rounds, ms (ratio to ${label(builds[0])})`);
for (const [name, per] of Object.entries(cpu)) {
  const least = per.map((xs) => Math.min(...xs));
  console.log(`  ${name}: ${builds.map((b, i) => `${label(b)} ${least[i].toFixed(0)} (${(least[i] / least[0]).toFixed(2)})`).join(', ')}`);
}
if (differences > 0) {
  console.error(`${differences} answer(s) differ between the builds`);
  process.exit(1);
}
