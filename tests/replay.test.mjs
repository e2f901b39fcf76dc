// Browser test of replays of other programs (issue 30): a real replay of each format opened
// with the file input (and one dropped on the page) goes straight into the review, every
// `.review-move` as `mineseer review --json` classes it, the program's figures beside ours and
// Metasweeper's comments shown; the replay reader (a wasm module of its own) is loaded only when
// a replay is opened; bad replays are refused with a message naming the format, the game kept.
// Needs dist/ (scripts/build-page.sh) and the release CLI (built here when missing).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, cliBinary, newGame, servedPage } from './browser.mjs';

const REPLAYS = path.join(ROOT, 'tests', 'fixtures', 'replays');

const openPage = servedPage('mineseer-replay-', { viewport: { width: 1360, height: 900 } });

/** A fresh page of the built site, ready, with its errors and its requests collected. */
const cells = (page) => page.$$eval('#board .cell', (els) => els.map((c) => c.dataset.state).join(''));

/** Waits for the review of a replay of `n` moves. */
async function reviewed(page, n) {
  await page.waitForFunction((count) => document.body.dataset.review === 'open'
    && document.querySelectorAll('.review-move').length === count, n, { timeout: 60_000 });
}

test('a replay of each format opens into the review, as the CLI reviews it', async () => {
  const { page, problems, requests } = await openPage();
  assert.ok(!requests.some((u) => u.includes('mineseer-review-wasm')), 'the review module (with the replay reader) is not loaded with the page');
  for (const file of ['arbiter-beg-15.52-3bv24.avf', 'viennasweeper-exp-98.763.rmv', 'clone-exp-38.82-3bv122.mvf', 'viennasweeper-rmv2-24px.rmv']) {
    const cli = JSON.parse(execFileSync(cliBinary(), ['review', '--json', path.join(REPLAYS, file)], { encoding: 'utf8' }));
    await page.setInputFiles('#open-file', path.join(REPLAYS, file));
    await reviewed(page, cli.moves.length);
    const moves = await page.$$eval('.review-move', (els) => els.map((e) => ({ kind: e.dataset.kind, op: e.dataset.op, x: Number(e.dataset.x), y: Number(e.dataset.y), metasweeper: e.dataset.metasweeper ?? null })));
    assert.deepEqual(moves.map(({ metasweeper, ...m }) => m), cli.moves.map((m) => ({ kind: m.kind, op: m.op, x: m.x, y: m.y })), file);
    const commented = moves.map((m, i) => (m.metasweeper ? i : null)).filter((i) => i !== null);
    assert.deepEqual(commented, [...new Set(cli.replay.comments.map((c) => c.move))], `${file}: Metasweeper's comments`);
    // The program's figures beside ours, as the CLI has them.
    const figures = await page.$$eval('#review-figures tbody tr', (rows) => rows.map((r) => [...r.children].map((c) => c.textContent)));
    for (const f of cli.replay.figures) {
      assert.ok(figures.some(([name, ours, program]) => name === f.name && ours === f.ours && program === f.program), `${file}: ${f.name}`);
    }
    assert.match(await page.textContent('#message'), new RegExp(`Opened a ${cli.replay.program} replay`));
  }
  assert.ok(requests.some((u) => u.includes('mineseer-review-wasm')), 'the review module was loaded for the replays');
  assert.deepEqual(problems, []);
  await page.close();
});

test('a replay dropped on the page opens; bad replays are refused and the game kept', async () => {
  const { page, problems } = await openPage();
  await newGame(page, 'beginner', '7');
  await page.click('#board .cell[data-x="4"][data-y="4"]');
  await page.waitForFunction(() => Number(document.body.dataset.gameStates) >= 2);
  const before = await cells(page);
  const avf = fs.readFileSync(path.join(REPLAYS, 'arbiter-exp-49.25-3bv127.avf'));
  const drop = (name, bytes) => page.evaluate(({ n, b }) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([new Uint8Array(b)], n));
    document.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
  }, { n: name, b: [...bytes] });
  for (const [name, bytes, message] of [
    ['empty.evf', Buffer.alloc(0), 'not a readable Metasweeper replay (.evf): the file is empty'],
    ['cut.avf', avf.subarray(0, avf.length / 2), 'not a readable Minesweeper Arbiter replay (.avf): the file ends too early (truncated)'],
    ['notes.rmv', Buffer.from('8x8x10\nHHHHHHHH\n'), "not a readable Viennasweeper replay (.rmv): the file's header is not this format's"],
    // ms_toollib panics on a mine at row 0, which aborts the reader's module: it is reloaded
    // for the next replay.
    ['panic.avf', Buffer.from([52, 1, 2, 3, 4, 6, 7, 7, 0, 1, 0, 0, 0, 0, 0, 0]), 'not a readable replay: the reader failed on panic.avf'],
  ]) {
    await drop(name, bytes);
    await page.waitForFunction((m) => document.getElementById('message').textContent.includes(m), message);
    assert.equal(await cells(page), before, `the game is kept after ${name}`);
  }
  // After the reader's failure, a good replay reads with a new instance of it.
  await drop('arbiter-exp-49.25-3bv127.avf', avf);
  await reviewed(page, 151);
  assert.match(await page.textContent('#review-figures'), /3BV.*127.*127/s);
  assert.deepEqual(problems, []);
  await page.close();
});
