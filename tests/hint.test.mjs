// Browser test of the Hint (issue 40): the button and the key H on loaded positions (a 1-2-1
// whose safe middle needs all three numbers, then its mines; a position with no certain cell
// gives the safest guess), and in a game: the page's hint, its proof and its sentence are the
// CLI's (`mineseer hint --all --json` on the same position), and playing the hinted cell and
// pressing again gives a hint on the new position.
// Needs dist/ (scripts/build-page.sh) and the release CLI (built here when missing).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cellSelector, cliBinary, newGame, servedPage } from './browser.mjs';

const openPage = servedPage('mineseer-hint-', { viewport: { width: 1400, height: 900 } });

async function loadPosition(page, text) {
  await page.fill('#position', text);
  await page.click('#load-position');
  await page.waitForFunction((t) => document.getElementById('position').value === t && !document.getElementById('message').textContent.includes('error'), text);
  await page.waitForFunction((w) => document.querySelectorAll('#board .cell').length === w, Number(text.split('x')[0]) * Number(text.split('x')[1]));
}

/** Presses Hint (the button, or the key H) and waits for the marks of that press. */
async function pressHint(page, { key = false } = {}) {
  const before = await page.evaluate(() => document.body.dataset.hinted ?? '');
  if (key) {
    await page.focus('#board');
    await page.keyboard.press('h');
  } else {
    await page.click('#hint');
  }
  await page.waitForFunction((b) => (document.body.dataset.hinted ?? '') !== b, before);
  return page.evaluate(() => ({
    hinted: [...document.querySelectorAll('#board .cell.hint')].map((c) => ({ x: Number(c.dataset.x), y: Number(c.dataset.y), classes: c.className })),
    proof: [...document.querySelectorAll('#board .cell.hint-proof')].map((c) => ({ x: Number(c.dataset.x), y: Number(c.dataset.y) })),
    text: document.getElementById('hint-text').textContent,
  }));
}

test('Hint and H on a 1-2-1: the safe middle with its three numbers, then a mine with two', async () => {
  const { page, problems } = await openPage();
  await loadPosition(page, '3x3x2\nHHH\n121\n000');
  const first = await pressHint(page);
  assert.deepEqual(first.hinted.map(({ x, y }) => ({ x, y })), [{ x: 1, y: 0 }]);
  assert.match(first.hinted[0].classes, /hint-safe/);
  assert.deepEqual(first.proof, [{ x: 0, y: 1 }, { x: 1, y: 1 }, { x: 2, y: 1 }]);
  assert.match(first.text, /^Level 3\. Safe: .*\(1, 0\) is safe\.$/);
  const second = await pressHint(page, { key: true });
  assert.equal(second.hinted.length, 1);
  assert.match(second.hinted[0].classes, /hint-mine/);
  assert.ok([0, 2].includes(second.hinted[0].x) && second.hinted[0].y === 0, JSON.stringify(second));
  assert.equal(second.proof.length, 2);
  assert.match(second.text, /^Level 2\. Mine: /);
  assert.deepEqual(problems, []);
  await page.close();
});

test('no certain cell: the safest guess and its chance', async () => {
  const { page, problems } = await openPage();
  await loadPosition(page, '3x3x1\nHHH\nH1H\nHHH');
  const hint = await pressHint(page);
  assert.deepEqual(hint.hinted.map(({ x, y }) => ({ x, y })), [{ x: 0, y: 0 }]);
  assert.match(hint.hinted[0].classes, /hint-guess/);
  assert.deepEqual(hint.proof, []);
  assert.match(hint.text, /No cell is certain: the safest guess is \(0, 0\), a mine with chance 12\.50%/);
  assert.deepEqual(problems, []);
  await page.close();
});

/** The game's position as the player sees it, flags taken off, as `.mine` text. */
async function seenPosition(page, mines) {
  return page.evaluate((m) => {
    const cells = [...document.querySelectorAll('#board .cell')];
    const width = Math.max(...cells.map((c) => Number(c.dataset.x))) + 1;
    const height = cells.length / width;
    const rows = [];
    for (let y = 0; y < height; y++) {
      rows.push(cells.slice(y * width, (y + 1) * width).map((c) => (/^[0-8]$/.test(c.dataset.ch) ? c.dataset.ch : 'H')).join(''));
    }
    return `${width}x${height}x${m}\n${rows.join('\n')}\n`;
  }, mines);
}

test('in a game the hint is the CLI\'s, and the chain goes on after the hinted move', async () => {
  const { page, problems } = await openPage();
  const cli = cliBinary();
  // The first seed whose opening leaves a certain cell.
  for (let seed = 4040; ; seed++) {
    await newGame(page, 'intermediate', String(seed));
    await page.click(cellSelector(8, 8));
    await page.waitForFunction(() => document.querySelectorAll('#board .cell[data-state="0"]').length > 0);
    const position = await seenPosition(page, 40);
    if (JSON.parse(execFileSync(cli, ['hint', '--json'], { input: position })).kind === 'certain') break;
    assert.ok(seed < 4060, 'no opening with a certain cell');
  }
  for (let press = 0; press < 3; press++) {
    const hint = await pressHint(page);
    assert.equal(hint.hinted.length, 1, JSON.stringify(hint));
    const position = await seenPosition(page, 40);
    const all = JSON.parse(execFileSync(cli, ['hint', '--all', '--json'], { input: position })).hints;
    const { x, y } = hint.hinted[0];
    const same = all.find((h) => h.cell.x === x && h.cell.y === y);
    assert.ok(same, `the CLI has no hint at (${x}, ${y}): ${hint.text} in\n${position}`);
    assert.deepEqual(hint.proof, same.proof);
    assert.equal(hint.text, `Level ${same.level}. ${same.text}`);
    // Safe cells first, and the lowest level the position has.
    assert.equal(same.certainty, all[0].certainty);
    assert.equal(same.level, all[0].level);
    if (same.certainty !== 'safe') break;
    // Play the hinted cell: the marks go, and the next press is on the new position.
    await page.click(cellSelector(x, y));
    await page.waitForFunction(([cx, cy]) => document.querySelector(`#board .cell[data-x="${cx}"][data-y="${cy}"]`).dataset.state !== 'hidden', [x, y]);
    assert.equal(await page.locator('#board .cell.hint').count(), 0);
    assert.equal(await page.textContent('#hint-text'), '');
  }
  assert.deepEqual(problems, []);
  await page.close();
});

/**
 * Plays a beginner game with a blunder: the opening, then the least risky cell that is not
 * certainly safe while some cell is. Seeds are tried in turn until the blunder survives.
 * Returns the position before the blunder (flags off) and the CLI's hints there.
 */
async function gameWithBlunder(page) {
  const cli = cliBinary();
  for (let seed = 1; seed < 40; seed++) {
    await newGame(page, 'beginner', String(seed));
    await page.click(cellSelector(4, 4));
    await page.waitForFunction(() => document.querySelectorAll('#board .cell[data-state="hidden"]').length < 81);
    if (await page.evaluate(() => document.body.dataset.game !== 'playing')) continue;
    const position = await seenPosition(page, 10);
    const hints = JSON.parse(execFileSync(cli, ['hint', '--all', '--json'], { input: position })).hints;
    if (!hints.some((h) => h.certainty === 'safe')) continue;
    const certain = new Set(hints.map((h) => `${h.cell.x},${h.cell.y}`));
    const analysis = JSON.parse(execFileSync(cli, ['analyze', '--json', '--no-depth'], { input: position }));
    const risky = analysis.cells.filter((c) => c.p > 0 && c.p < 1 && !certain.has(`${c.x},${c.y}`)).sort((a, b) => a.p - b.p)[0];
    if (!risky) continue;
    await page.click(cellSelector(risky.x, risky.y));
    await page.waitForFunction(([x, y]) => document.querySelector(`#board .cell[data-x="${x}"][data-y="${y}"]`).dataset.state !== 'hidden', [risky.x, risky.y]);
    if (await page.evaluate(() => document.body.dataset.game === 'lost')) continue;
    return { position, hints };
  }
  throw new Error('no seed gave a surviving blunder');
}

/** Whether an element's box lies inside the viewport. */
async function inView(page, selector) {
  return page.evaluate((sel) => {
    const box = document.querySelector(sel).getBoundingClientRect();
    return box.height > 0 && box.top >= 0 && box.left >= 0 && box.bottom <= innerHeight && box.right <= innerWidth;
  }, selector);
}

test('the review shows a blunder\'s missed hint, beside the board on a desktop and a phone', async () => {
  for (const viewport of [{ width: 1400, height: 900 }, { width: 390, height: 844 }]) {
    const { page, problems } = await openPage();
    await page.setViewportSize(viewport);
    const { position, hints } = await gameWithBlunder(page);
    await page.click('#review-start');
    await page.waitForSelector('.review-move[data-kind="blunder"]');
    // In view together, without scrolling.
    const parts = viewport.width > 900
      ? ['#board', '#review-slider', '#review-moves', '#win-line']
      : ['#board', '#review-slider'];
    for (const selector of parts) assert.ok(await inView(page, selector), `${selector} is out of view at ${viewport.width}x${viewport.height}`);
    const blunder = await page.getAttribute('.review-move[data-kind="blunder"]', 'data-i');
    await page.click(`.review-move[data-i="${blunder}"]`);
    await page.waitForFunction(() => document.getElementById('review-current').dataset.missed === 'certain');
    const shown = await page.evaluate(() => ({
      hinted: [...document.querySelectorAll('#board .cell.hint')].map((c) => ({ x: Number(c.dataset.x), y: Number(c.dataset.y) })),
      proof: [...document.querySelectorAll('#board .cell.hint-proof')].map((c) => ({ x: Number(c.dataset.x), y: Number(c.dataset.y) })),
      text: document.getElementById('review-current').textContent,
    }));
    assert.equal(shown.hinted.length, 1);
    const same = hints.find((h) => h.cell.x === shown.hinted[0].x && h.cell.y === shown.hinted[0].y);
    assert.ok(same, `(${shown.hinted[0].x}, ${shown.hinted[0].y}) is not certain in ${position}`);
    assert.equal(same.certainty, 'safe');
    assert.equal(same.level, hints[0].level);
    assert.deepEqual(shown.proof, same.proof);
    assert.ok(shown.text.includes(`Missed: Level ${same.level}. ${same.text}`), shown.text);
    // Back to the game: the marks go.
    await page.click('#review-close');
    assert.equal(await page.locator('#board .cell.hint').count(), 0);
    assert.deepEqual(problems, []);
    await page.close();
  }
});
