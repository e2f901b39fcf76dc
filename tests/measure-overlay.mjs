// Measures the main thread's work while Analyze follows an expert game (not a test: run it by
// hand after scripts/build-page.sh, `node tests/measure-overlay.mjs DIST [DIST_B] [ROUNDS]`;
// with two builds they alternate round by round). The moves are those of page.test.mjs's
// long-task test: seed 4242, the first click at (15, 8), Analyze on, then five reveals of the
// safest cell shown, each waiting for the new analysis. A Chromium trace of the moves gives each
// phase's thread CPU (style, layout, paint, the page's own script in microtasks), summed, and
// the longest layout; thread CPU, not wall time, so other load on the machine shows least. The
// long tasks are the page's own PerformanceObserver's (wall time, so load shows there).
import { launchChromium, openPage, newGame } from './browser.mjs';
import { startServer } from './static-server.mjs';

const DISTS = process.argv.slice(2).filter((a) => !/^\d+$/.test(a));
const ROUNDS = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 3);
if (DISTS.length === 0) {
  console.error('usage: node tests/measure-overlay.mjs DIST [DIST_B] [ROUNDS]');
  process.exit(2);
}

async function measure(dist) {
  const { server, url } = await startServer(dist);
  const browser = await launchChromium('measure-overlay');
  try {
    const { page } = await openPage(browser.context, url);
    const setAnalyze = async (on) => {
      if ((await page.getAttribute('#analyze', 'aria-pressed')) !== String(on)) await page.click('#analyze');
    };
    const click = (x, y) => page.click(`#board .cell[data-x="${x}"][data-y="${y}"]`);
    await setAnalyze(false);
    await page.evaluate(() => {
      window.longTasks = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.longTasks.push(Math.round(entry.duration));
      }).observe({ type: 'longtask' });
    });
    await newGame(page, 'expert', '4242');
    await click(15, 8);
    await page.waitForFunction(() => document.querySelector('#board .cell[data-x="15"][data-y="8"]').dataset.state !== 'hidden');
    await setAnalyze(true);
    await page.waitForSelector('#board .cell[data-p]');
    const cdp = await browser.context.newCDPSession(page);
    const events = [];
    cdp.on('Tracing.dataCollected', (d) => events.push(...d.value));
    const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline,v8.execute', transferMode: 'ReportEvents' });
    const tasksBefore = (await page.evaluate(() => window.longTasks)).length;
    for (let move = 0; move < 5; move++) {
      if ((await page.getAttribute('body', 'data-game')) !== 'playing') break;
      const version = await page.getAttribute('body', 'data-analyzed');
      const hidden = await page.$$eval('#board .cell[data-state="hidden"][data-p]', (cells) => cells.map((c) => [Number(c.dataset.x), Number(c.dataset.y), Number(c.dataset.p)]));
      const [x, y] = hidden.reduce((a, b) => (b[2] < a[2] ? b : a));
      await click(x, y);
      await page.waitForFunction((v) => document.body.dataset.analyzed !== v || document.body.dataset.game !== 'playing', version);
    }
    await page.waitForTimeout(200);
    await cdp.send('Tracing.end');
    await done;
    const cpu = (name) => events.filter((e) => e.name === name && e.tdur).map((e) => e.tdur / 1000);
    const sum = (xs) => xs.reduce((a, b) => a + b, 0);
    const layouts = cpu('Layout');
    return {
      style: sum(cpu('UpdateLayoutTree')),
      layout: sum(layouts),
      longestLayout: Math.max(0, ...layouts),
      paint: sum(cpu('Paint')),
      script: sum(cpu('RunMicrotasks')),
      longTasks: (await page.evaluate(() => window.longTasks)).slice(tasksBefore),
    };
  } finally {
    await browser.close();
    server.close();
  }
}

const ms = (v) => v.toFixed(0).padStart(5);
console.log('thread CPU over the five moves, ms: style, layout (longest), paint, script; long tasks (wall ms)');
for (let round = 0; round < ROUNDS; round++) {
  for (const dist of DISTS) {
    const m = await measure(dist);
    console.log(`${dist}: ${ms(m.style)} ${ms(m.layout)} (${m.longestLayout.toFixed(0)}) ${ms(m.paint)} ${ms(m.script)}   ${JSON.stringify(m.longTasks)}`);
  }
}
