// Measures the board on a big custom game (not a test: run it by hand after
// scripts/build-page.sh, `node tests/measure-board.mjs [DIST] [SIDE] [MINES]`; defaults dist,
// 200, 6000). Times, from inside the page, up to the frame after the change is drawn:
// - drawing a new game (New game pressed until the new board is painted),
// - a click on a safe hidden cell until the cell shows (Analyze off), over many clicks,
// - turning Analyze on until every hidden cell shows its chance,
// - a click with Analyze on: until the cell shows, and until the new analysis shows.
// The worker's own time is included in each: it is what a player waits for. "Drawn" is the
// frame after the change: a requestAnimationFrame callback, then a task after that frame.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from './static-server.mjs';
import { launchChromium } from './browser.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIST = path.resolve(process.argv[2] ?? path.join(ROOT, 'dist'));
const SIDE = Number(process.argv[3] ?? 200);
const MINES = Number(process.argv[4] ?? 6000);
const CLICKS = 30;
const RUNS = 3;

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (xs) => `median ${median(xs).toFixed(0)} ms (min ${Math.min(...xs).toFixed(0)}, max ${Math.max(...xs).toFixed(0)}, n ${xs.length})`;


const { server, url } = await startServer(DIST);
const results = { newGame: [], click: [], analyzeOn: [], solver: [], clickCell: [], clickAnalysis: [] };
for (let run = 0; run < RUNS; run++) {
  const browser = await launchChromium('mineseer-measure-board-', { viewport: { width: 1280, height: 800 } });
  const page = await browser.context.newPage();
  await page.addInitScript(() => localStorage.setItem('mineseer.settings', JSON.stringify({ analyze: false })));
  await page.goto(url);
  await page.waitForSelector('body[data-ready="1"]', { timeout: 60_000 });
  await page.selectOption('#preset', 'custom');
  await page.fill('#custom-width', String(SIDE));
  await page.fill('#custom-height', String(SIDE));
  await page.fill('#custom-mines', String(MINES));
  await page.fill('#seed', String(100 + run));

  // New game: from the press until the new board is painted.
  results.newGame.push(await page.evaluate(async ({ seed }) => {
    const t = performance.now();
    document.getElementById('new-game').click();
    while (document.getElementById('game-seed').textContent !== seed) await new Promise((r) => setTimeout(r, 1));
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    return performance.now() - t;
  }, { seed: String(100 + run) }));

  // The first click places the mines; then the layout comes from the game's export.
  await page.click(`#board .cell[data-x="${SIDE / 2}"][data-y="${SIDE / 2}"]`);
  await page.waitForFunction((s) => document.querySelector(`#board .cell[data-x="${s}"][data-y="${s}"]`).dataset.state !== 'hidden', SIDE / 2);
  await page.click('#export-mine');
  await page.waitForFunction(() => /M/.test(document.getElementById('position').value));

  /** Clicks `count` safe hidden cells, each timed until it shows (and, with `analysis`, until the analysis after it shows). */
  const clickSafe = (count, analysis) => page.evaluate(async ({ count, analysis }) => {
    const rows = document.getElementById('position').value.trim().split('\n').slice(1);
    const cells = [];
    const analysisTimes = [];
    for (let i = 0; i < count; i++) {
      const hidden = [...document.querySelectorAll('#board .cell[data-state="hidden"]')]
        .filter((el) => rows[el.dataset.y][el.dataset.x] !== 'M');
      if (hidden.length === 0 || document.body.dataset.game !== 'playing') break;
      // Spread over the board: a cell far from the ones already open, not the next neighbour.
      const el = hidden[Math.floor((i * 7919) % hidden.length)];
      const version = document.body.dataset.analyzed;
      const t = performance.now();
      el.click();
      while (el.dataset.state === 'hidden') await new Promise((r) => setTimeout(r, 0));
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
      cells.push(performance.now() - t);
      if (analysis) {
        while (document.body.dataset.analyzed === version) await new Promise((r) => setTimeout(r, 1));
        await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
        analysisTimes.push(performance.now() - t);
      }
    }
    return { cells, analysisTimes };
  }, { count, analysis });

  results.click.push(...(await clickSafe(CLICKS, false)).cells);

  // Analyze on: until the analysis is on the board.
  results.analyzeOn.push(await page.evaluate(async () => {
    const t = performance.now();
    const before = document.body.dataset.analyzed;
    document.getElementById('analyze').click();
    while (document.body.dataset.analyzed === before) await new Promise((r) => setTimeout(r, 1));
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    return performance.now() - t;
  }));
  // The solver's own time in the worker, as the summary line gives it.
  results.solver.push(Number((await page.textContent('#analysis-summary')).match(/([\d.]+) ms$/)[1]));

  const withAnalysis = await clickSafe(5, true);
  results.clickCell.push(...withAnalysis.cells);
  results.clickAnalysis.push(...withAnalysis.analysisTimes);
  await browser.close();
}
server.close();

console.log(`board ${SIDE}x${SIDE}, ${MINES} mines, ${RUNS} runs (each a new browser), page from ${path.relative(ROOT, DIST) || '.'}`);
console.log(`new game drawn:                 ${fmt(results.newGame)}`);
console.log(`click until the cell shows:     ${fmt(results.click)}  (Analyze off)`);
console.log(`Analyze on until shown:         ${fmt(results.analyzeOn)}`);
console.log(`  of which the solver (worker):  ${fmt(results.solver)}`);
console.log(`click with Analyze on, cell:    ${fmt(results.clickCell)}`);
console.log(`click with Analyze on, analysis:${fmt(results.clickAnalysis)}`);
