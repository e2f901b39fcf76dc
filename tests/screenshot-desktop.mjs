// Screenshots of the page on a laptop screen (1280x800), for comparing two builds by eye (not a
// test): `node tests/screenshot-desktop.mjs DIST NAME` writes tests/artifacts/desktop-NAME-*.png:
// the start, and an expert game with Analyze on after a dozen auto-play steps (the Auto-play
// card's move list then has two-digit numbers).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from './static-server.mjs';
import { launchChromium } from './browser.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIST = path.resolve(process.argv[2] ?? path.join(ROOT, 'dist'));
const NAME = process.argv[3] ?? 'now';
const ARTIFACTS = path.join(ROOT, 'tests', 'artifacts');
fs.mkdirSync(ARTIFACTS, { recursive: true });

const { server, url } = await startServer(DIST);
const browser = await launchChromium('mineseer-shot-', { viewport: { width: 1280, height: 800 } });
const page = await browser.context.newPage();
await page.goto(url);
await page.waitForSelector('body[data-ready="1"]', { timeout: 60_000 });
await page.fill('#seed', '2024');
await page.click('#new-game');
await page.waitForFunction(() => document.getElementById('game-seed').textContent === '2024');
await page.screenshot({ path: path.join(ARTIFACTS, `desktop-${NAME}-start.png`) });
for (let i = 0; i < 12; i++) {
  const before = await page.locator('#moves li').count();
  await page.click('#step');
  await page.waitForFunction((n) => document.querySelectorAll('#moves li').length > n || document.body.dataset.game !== 'playing', before);
  if ((await page.getAttribute('body', 'data-game')) !== 'playing') break;
}
await page.click('#analyze');
await page.waitForSelector('#board .cell[data-p]');
await page.screenshot({ path: path.join(ARTIFACTS, `desktop-${NAME}-analyze.png`) });
await page.screenshot({ path: path.join(ARTIFACTS, `desktop-${NAME}-analyze-full.png`), fullPage: true });
await browser.close();
server.close();
console.log(`tests/artifacts/desktop-${NAME}-{start,analyze,analyze-full}.png`);
