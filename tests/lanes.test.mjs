// scripts/lanes.sh, the test command's runner of jobs side by side, on small jobs of sleeps
// and echoes: the order jobs start in, the logs and the table at the end, and what a failure
// does (the status, the failing log first, every other job stopped, nothing left running).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const LANES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'scripts', 'lanes.sh');

/** Runs `body` (job functions and `lane` lines) with lanes.sh sourced, then `lanes_run`. */
function runLanes(body) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mineseer-lanes-test-'));
  const script = `set -euo pipefail\nsource ${JSON.stringify(LANES)}\n${body}\nlanes_run\n`;
  const tmp = path.join(dir, 'tmp');
  fs.mkdirSync(tmp);
  const result = spawnSync('bash', ['-c', script], { cwd: dir, encoding: 'utf8', env: { ...process.env, DIR: dir, TMPDIR: tmp } });
  // Its logs and times live in a directory of its own under TMPDIR, removed at the end.
  assert.deepEqual(fs.readdirSync(tmp), [], 'lanes.sh left its directory behind');
  return { ...result, dir };
}

/** Whether process `pid` still runs (a zombie, stopped but not yet reaped, does not). */
const alive = (pid) => {
  try {
    return !/^\d+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
};

test('lanes: a job starts once what it needs has passed; independent jobs overlap; the logs come in order, then the table', () => {
  const { status, stdout, stderr, dir } = runLanes(`
job_a() { step "a sleeps" sleep 1; step "a says" echo from-a; }
job_b() { step "b says" echo from-b; touch "$DIR/b-done"; }
job_c() { step "c checks a and b" bash -c '[ -e "$DIR/b-done" ] && echo from-c'; }
lane a job_a
lane b job_b
lane c job_c a b
`);
  fs.rmSync(dir, { recursive: true, force: true });
  assert.equal(status, 0, stdout + stderr);
  // b, which needs nothing, ran while a slept: its step ended before a's first one.
  const lines = stdout.split('\n');
  const at = (text) => lines.findIndex((l) => l.includes(text));
  assert.ok(at('b: b says: passed') < at('a: a sleeps: passed'), stdout);
  assert.ok(at('a: a says: passed') < at('c: c checks a and b'), 'c started after a and b passed');
  // The logs: whole, in the order the jobs were declared.
  const logs = ['======== a: passed', '======== b: passed', '======== c: passed'].map(at);
  assert.ok(logs.every((i) => i >= 0) && logs[0] < logs[1] && logs[1] < logs[2], stdout);
  assert.ok(at('from-a') > logs[0] && at('from-a') < logs[1]);
  assert.ok(at('from-c') > logs[2]);
  // The table: one line per step, with its wall time, and the whole run's times.
  for (const title of ['a sleeps', 'a says', 'b says', 'c checks a and b']) {
    assert.match(stdout, new RegExp(`^\\S+ +${title} +[\\d.]+ +[\\d.]+ +[\\d.]+ +passed$`, 'm'), title);
  }
  const sleep = stdout.match(/^a +a sleeps +[\d.]+ +([\d.]+)/m);
  assert.ok(Number(sleep[1]) >= 0.9, `the sleep took ${sleep[1]} s`);
  assert.match(stdout, /^the whole run: [\d.]+ s wall, [\d.]+ s CPU/m);
});

test('lanes: the first failure stops the other jobs, whose processes are gone; the failing log comes first; the status says so', () => {
  const { status, stdout, dir } = runLanes(`
job_slow() { step "slow sleeps" bash -c 'echo $$ > "$DIR/slow.pid"; sleep 60'; }
job_bad() { step "bad waits for slow to start" bash -c 'until [ -s "$DIR/slow.pid" ]; do sleep 0.1; done'; step "bad fails" bash -c 'echo broken >&2; exit 3'; }
job_after() { step "after runs" touch "$DIR/after-ran"; }
lane slow job_slow
lane bad job_bad
lane after job_after bad
`);
  const pid = Number(fs.readFileSync(path.join(dir, 'slow.pid'), 'utf8'));
  const afterRan = fs.existsSync(path.join(dir, 'after-ran'));
  fs.rmSync(dir, { recursive: true, force: true });
  assert.notEqual(status, 0);
  assert.ok(!afterRan, 'a job that needs the failed one does not start');
  assert.ok(!alive(pid), `the slow job's sleep (pid ${pid}) was stopped`);
  const bad = stdout.indexOf('======== bad: FAILED (exit 3)');
  assert.ok(bad >= 0, stdout);
  assert.ok(bad < stdout.indexOf('======== slow: stopped'), 'the failing log comes first');
  assert.ok(stdout.indexOf('broken') > bad, "the failing step's own output is in its log");
  assert.match(stdout, /======== after: not started/);
  assert.match(stdout, /^bad +bad fails +[\d.]+ +[\d.]+ +[\d.]+ +FAILED \(3\)$/m);
});
