// Metasweeper's comments on the real replays (tests/fixtures/replays/) beside our review of
// the same moves, as the Markdown table of docs/BENCHMARKS.md ("Metasweeper's comments beside
// the exact review"). Each move where either side speaks: Metasweeper's "high risk guess" or
// "needless guess" (ms_toollib's analyse_for_features), and our blunders (a guess while a cell
// was certainly safe) and guesses below 51 % safety, which its "high risk guess" would catch.
//
//   cargo build --release -p mineseer-cli && node scripts/metasweeper-comments.mjs
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const dir = 'tests/fixtures/replays';
const pct = (p) => `${(p * 100).toFixed(1)} %`;
const rows = [];
const totals = [];
for (const file of readdirSync(dir).filter((f) => /\.(avf|rmv|mvf|evf)$/.test(f)).sort()) {
  const review = JSON.parse(execFileSync('target/release/mineseer', ['review', '--json', `${dir}/${file}`], { maxBuffer: 1 << 28 }));
  const said = new Map();
  for (const c of review.replay.comments) {
    const text = c.kind === 'high-risk-guess' ? `high risk guess (survival ${pct(c.survival)})` : 'needless guess';
    said.set(c.move, [...(said.get(c.move) ?? []), text]);
  }
  let agree = 0;
  let disagree = 0;
  review.moves.forEach((m, i) => {
    const ours = m.kind === 'blunder' || (m.safety !== undefined && m.safety < 0.49 && m.kind !== 'chord');
    if (!said.has(i) && !ours) return;
    const theirs = said.get(i)?.join(', ') ?? '—';
    const needless = theirs.includes('needless');
    const same = (m.kind === 'blunder') === needless && (!said.has(i) || ours);
    if (same) agree += 1;
    else disagree += 1;
    const best = m.best ? `${pct(m.best_safety)} at (${m.best.x},${m.best.y})` : '—';
    rows.push(`| ${file} | ${i} | ${m.op} (${m.x},${m.y}) | ${theirs} | ${m.kind} | ${m.safety !== undefined ? pct(m.safety) : '—'} | ${best} | ${m.safe_available ?? '—'} | ${same ? 'agree' : 'differ'} |`);
  });
  totals.push(`| ${file} | ${review.moves.length} | ${review.guesses} | ${review.blunders} | ${review.replay.comments.filter((c) => c.kind === 'needless-guess').length} | ${review.replay.comments.filter((c) => c.kind === 'high-risk-guess').length} | ${agree} | ${disagree} |`);
}
console.log('| replay | move | cell | Metasweeper says | our class | exact safety | best safety | safe cells | |');
console.log('|---|---|---|---|---|---|---|---|---|');
for (const r of rows) console.log(r);
console.log('\n| replay | moves | our guesses | our blunders | needless guess | high risk guess | agree | differ |');
console.log('|---|---|---|---|---|---|---|---|');
for (const t of totals) console.log(t);
