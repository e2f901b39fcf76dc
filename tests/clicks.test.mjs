// Browser test of issue 41's parts on the page: Analyze's Clicks option marks the numbers whose
// chord saves clicks with their gain and the efficient style's next click, as `mineseer analyze
// --clicks --json` gives them on the same position (a hand-made one, and a seeded expert game
// a few moves in); and the auto-play style setting plays a seeded game with the CLI's clicks
// for that game and style (`mineseer play --style S`), one click per move listed.
// Needs dist/ (scripts/build-page.sh) and the release CLI (built here when missing).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cliBinary, newGame, servedPage } from './browser.mjs';

const openPage = servedPage('mineseer-clicks-', { viewport: { width: 1400, height: 900 } });

async function loadPosition(page, text) {
  await page.fill('#position', text);
  await page.click('#load-position');
  await page.waitForFunction(() => document.body.dataset.game === 'position');
  await page.waitForFunction((w) => document.querySelectorAll('#board .cell').length === w, Number(text.split('x')[0]) * Number(text.split('x')[1]));
}

/** The page's position as `.mine` text, flags kept (what the page sends the worker). */
async function shownPosition(page, mines) {
  return page.evaluate((m) => {
    const cells = [...document.querySelectorAll('#board .cell')];
    const width = Math.max(...cells.map((c) => Number(c.dataset.x))) + 1;
    const height = cells.length / width;
    const rows = [];
    for (let y = 0; y < height; y++) {
      rows.push(cells.slice(y * width, (y + 1) * width)
        .map((c) => (/^[0-8]$/.test(c.dataset.ch) ? c.dataset.ch : c.dataset.state === 'flag' ? 'F' : 'H')).join(''));
    }
    return `${width}x${height}x${m}\n${rows.join('\n')}\n`;
  }, mines);
}

/** The analysed position's number, to wait for the next one. */
const analyzed = (page) => page.evaluate(() => document.body.dataset.analyzed ?? '');

/** The Clicks marks, once they are drawn for a position analysed after `before`. */
async function clickMarks(page, before) {
  await page.waitForFunction((b) => {
    const { analyzed, clicked } = document.body.dataset;
    return analyzed !== undefined && analyzed !== b && clicked === analyzed;
  }, before);
  return page.evaluate(() => ({
    chords: [...document.querySelectorAll('#board .cell.chord-gain')]
      .map((c) => ({ x: Number(c.dataset.x), y: Number(c.dataset.y), gain: Number(c.dataset.gain) })),
    next: [...document.querySelectorAll('#board .cell.next-click')]
      .map((c) => ({ x: Number(c.dataset.x), y: Number(c.dataset.y), action: c.dataset.next })),
    summary: document.getElementById('clicks-summary').textContent,
  }));
}

function cliClicks(position) {
  const report = JSON.parse(execFileSync(cliBinary(), ['analyze', '--json', '--no-depth', '--clicks'], { input: position }));
  return {
    chords: report.clicks.chords.map(({ x, y, gain }) => ({ x, y, gain })),
    next: report.clicks.next ? [report.clicks.next] : [],
  };
}

test('Clicks marks each number whose chord saves clicks with its gain, and the next click, as the CLI', async () => {
  const { page, problems } = await openPage();
  // The mine (2,0) is flagged; each 1 opens its two safe cells with one chord: +1 each.
  const text = '5x2x1\nHHFHH\n01110\n';
  await loadPosition(page, text);
  const before = await analyzed(page);
  await page.click('#clicks');
  assert.equal(await page.getAttribute('#analyze', 'aria-pressed'), 'true', 'Clicks turns Analyze on');
  const marks = await clickMarks(page, before);
  assert.deepEqual(marks.chords, [{ x: 1, y: 1, gain: 1 }, { x: 2, y: 1, gain: 1 }, { x: 3, y: 1, gain: 1 }]);
  assert.deepEqual(marks, { ...cliClicks(text), summary: marks.summary });
  // (0,0) is a sure zero (no neighbour can be a mine): its cascade opens (1,0) too, as the
  // chord would, for one click.
  assert.deepEqual(marks.next, [{ x: 0, y: 0, action: 'reveal' }]);
  assert.match(marks.summary, /^Chords that save clicks: \(1, 1\) \+1, \(2, 1\) \+1, \(3, 1\) \+1 · next click of the efficient style: reveal \(0, 0\)$/);

  // A seeded expert game, played a few efficient steps in: at every fifth step the marks are
  // the CLI's. Analyze (Clicks stays pressed) is on for the steps to the positions compared
  // only: the steps between analysed positions that nothing asserted, most of this test's CPU.
  // Turned on, Analyze analyses the position before the step too: the step's marks then
  // replace marks already drawn, as they do when Analyze stays on.
  await page.selectOption('#play-style', 'efficient');
  const setAnalyze = async (on) => {
    if ((await page.getAttribute('#analyze', 'aria-pressed')) === String(on)) return;
    const before = await analyzed(page);
    await page.click('#analyze');
    if (on) await clickMarks(page, before);
  };
  let chordsSeen = 0;
  for (let seed = 41; seed < 60 && chordsSeen === 0; seed++) {
    await newGame(page, 'expert', String(seed), { rule: 'safe' });
    for (let i = 0; i < 40 && (await page.getAttribute('body', 'data-game')) === 'playing'; i++) {
      const compared = i % 5 === 4;
      await setAnalyze(compared);
      const moves = await page.$$eval('#moves li', (l) => l.length);
      const before = await analyzed(page);
      await page.click('#step');
      await page.waitForFunction((n) => document.querySelectorAll('#moves li').length > n, moves);
      if ((await page.getAttribute('body', 'data-game')) !== 'playing') break;
      if (!compared) continue;
      const marks = await clickMarks(page, before);
      const position = await shownPosition(page, 99);
      assert.deepEqual({ chords: marks.chords, next: marks.next }, cliClicks(position), position);
      chordsSeen += marks.chords.length;
    }
  }
  assert.ok(chordsSeen > 0, 'some position of the games had a chord to mark');

  // Off: the marks go.
  await setAnalyze(true);
  assert.ok(await page.$$eval('#board .chord-gain, #board .next-click', (l) => l.length) > 0, 'marks to remove');
  await page.click('#clicks');
  assert.equal(await page.$$eval('#board .chord-gain, #board .next-click', (l) => l.length), 0);
  assert.equal(await page.textContent('#clicks-summary'), '');
  assert.deepEqual(problems, []);
  await page.close();
});

/** `derive_seed(master, index)` of crates/core/src/rng.rs: the seed of game `index` of a CLI series. */
function deriveSeed(master, index) {
  const M = (1n << 64n) - 1n;
  const GAMMA = 0x9E3779B97F4A7C15n;
  const mix = (z) => {
    z = ((z ^ (z >> 30n)) * 0xBF58476D1CE4E5B9n) & M;
    z = ((z ^ (z >> 27n)) * 0x94D049BB133111EBn) & M;
    return z ^ (z >> 31n);
  };
  return mix(mix((BigInt(master) + GAMMA) & M) ^ ((BigInt(index) * GAMMA) & M));
}

/** The CLI's clicks on game `index` of series 41 (beginner, rule safe) in `style`, and whether it was won. */
function cliGame(index, style) {
  const report = JSON.parse(execFileSync(cliBinary(), [
    'play', '--preset', 'beginner', '--rule', 'safe', '--seed', '41', '--first-game', String(index),
    '--games', '1', '--style', style, '--json', '--threads', '1',
  ]));
  return { won: report.wins === 1, clicks: report.clicks_won };
}

test('the auto-play style plays a seeded game with the CLI\'s clicks in each style', async () => {
  // The first game of the series the styles play in different numbers of clicks, and win.
  let index = 0;
  let cli;
  for (; index < 50; index++) {
    cli = Object.fromEntries(['normal', 'efficient', 'nf-efficient'].map((s) => [s, cliGame(index, s)]));
    if (cli.normal.won && cli.efficient.clicks < cli['nf-efficient'].clicks && cli['nf-efficient'].clicks < cli.normal.clicks) break;
  }
  assert.ok(index < 50, 'a game of the first 50 where the three styles differ');
  const seed = deriveSeed(41, index).toString();
  const { page, problems } = await openPage();
  await page.$eval('#speed', (el) => {
    el.value = '10';
    el.dispatchEvent(new Event('change'));
  });
  for (const style of ['normal', 'efficient', 'nf-efficient']) {
    await page.selectOption('#play-style', style);
    await newGame(page, 'beginner', seed, { rule: 'safe' });
    await page.click('#autoplay');
    await page.waitForFunction(() => ['won', 'lost'].includes(document.body.dataset.game), null, { timeout: 60_000 });
    assert.equal(await page.getAttribute('body', 'data-game'), 'won', style);
    const moves = await page.$$eval('#moves li', (items) => items.map((li) => li.textContent));
    const actions = moves.map((m) => m.match(/^\(\d+, \d+\) (\w+):/)[1]);
    if (style === 'normal') {
      // The page's normal player flags the certain mines too (so they show): its reveals are
      // the CLI's normal clicks.
      assert.equal(actions.filter((a) => a === 'reveal').length, cli.normal.clicks, moves.join(' | '));
      assert.ok(actions.every((a) => a === 'reveal' || a === 'flag'), moves.join(' | '));
      continue;
    }
    assert.equal(moves.length, cli[style].clicks, `${style}: ${moves.join(' | ')}`);
    // Fewer clicks than without flags takes a chord, and a chord its flags.
    if (style === 'efficient') assert.ok(actions.includes('chord') && actions.includes('flag'), moves.join(' | '));
    else assert.ok(actions.every((a) => a === 'reveal'), `${style}: ${moves.join(' | ')}`);
  }
  assert.equal(await page.$eval('#play-style', (el) => el.value), 'nf-efficient');
  assert.deepEqual(problems, []);
  await page.close();
});
