// The decisions of scripts/setup.sh, tested without installing anything: the script runs in a
// scratch copy of the repository with a PATH that holds only stubs and the few system tools it
// uses, so chosen tools can be hidden. Each stub records how it was called. The stub apt-get
// "installs" a package by adding a stub of the command that package provides, as apt would.
// This catches the fresh-machine failure where apt was asked for Debian's nodejs and npm while
// the image's own Node ran (Debian's npm conflicts with it and the whole install fails).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TRUNK_VERSION = '0.21.14';
const WASM_BINDGEN_VERSION = '0.2.129';

/** The system tools setup.sh itself needs, linked into the fake PATH. */
const SYSTEM_TOOLS = ['bash', 'grep', 'cmp', 'cp', 'mktemp', 'rm', 'cat', 'mkdir', 'chmod', 'dirname'];

/** What each Debian package provides, for the stub apt-get. */
const APT_PROVIDES = { chromium: ['chromium'], 'chromium-driver': ['chromedriver'], nodejs: ['node'], npm: ['npm'] };

/** A stub command: records `name args...` in the log, prints `output`, runs `extra`, exits 0. */
function writeStub(bin, name, output = '', extra = '') {
  const file = path.join(bin, name);
  fs.writeFileSync(file, `#!/bin/bash
printf '%s\\n' "${name} $*" >> "$STUB_LOG"
${output ? `printf '%s\\n' ${JSON.stringify(output)}` : ''}
${extra}
`);
  fs.chmodSync(file, 0o755);
}

/**
 * Runs scripts/setup.sh in a scratch repository where only the tools in `present` exist
 * (plus `trunk`/`wasm-bindgen` at the versions given) and returns {status, stderr, calls}:
 * calls is the list of recorded stub invocations, one string each.
 */
function runSetup({ present, trunk = TRUNK_VERSION, wasmBindgen = WASM_BINDGEN_VERSION, npmLockInstalled = true, only = 'all' }) {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'mineseer-setup-'));
  const repo = path.join(scratch, 'repo');
  const bin = path.join(scratch, 'bin');
  const home = path.join(scratch, 'home');
  fs.mkdirSync(path.join(repo, 'scripts'), { recursive: true });
  fs.mkdirSync(bin);
  fs.mkdirSync(home);
  fs.copyFileSync(path.join(ROOT, 'scripts', 'setup.sh'), path.join(repo, 'scripts', 'setup.sh'));
  fs.copyFileSync(path.join(ROOT, 'package-lock.json'), path.join(repo, 'package-lock.json'));
  if (npmLockInstalled) {
    fs.mkdirSync(path.join(repo, 'node_modules'));
    fs.copyFileSync(path.join(ROOT, 'package-lock.json'), path.join(repo, 'node_modules', '.mineseer-installed-lock'));
  }
  for (const tool of SYSTEM_TOOLS) {
    const found = ['/usr/bin', '/bin'].map((d) => path.join(d, tool)).find((p) => fs.existsSync(p));
    assert.ok(found, `system tool ${tool} not found`);
    fs.symlinkSync(found, path.join(bin, tool));
  }
  // rustup reports the wasm target as installed; cargo only records what it is asked.
  writeStub(bin, 'rustup', 'wasm32-unknown-unknown');
  writeStub(bin, 'cargo');
  if (trunk) writeStub(bin, 'trunk', `trunk ${trunk}`);
  if (wasmBindgen) writeStub(bin, 'wasm-bindgen', `wasm-bindgen ${wasmBindgen}`);
  // Stubs of what apt could install wait in pool/; the present ones are copied onto PATH.
  const pool = path.join(scratch, 'pool');
  fs.mkdirSync(pool);
  for (const cmd of Object.values(APT_PROVIDES).flat()) writeStub(pool, cmd);
  // npm ci makes node_modules, where setup.sh records which lock it installed.
  writeStub(pool, 'npm', '', '[ "$1" = ci ] && mkdir -p node_modules');
  for (const tool of present) fs.copyFileSync(path.join(pool, tool), path.join(bin, tool));
  const provides = Object.entries(APT_PROVIDES)
    .map(([pkg, cmds]) => `    ${pkg}) cp ${cmds.map((c) => `"$POOL/${c}"`).join(' ')} "$BIN/" ;;`).join('\n');
  fs.writeFileSync(path.join(bin, 'apt-get'), `#!/bin/bash
printf '%s\\n' "apt-get $*" >> "$STUB_LOG"
[ "$1" = install ] || exit 0
for pkg in "$@"; do
  case "$pkg" in
${provides}
  esac
done
`);
  fs.chmodSync(path.join(bin, 'apt-get'), 0o755);

  const log = path.join(scratch, 'calls.log');
  fs.writeFileSync(log, '');
  const result = spawnSync('bash', ['-c', 'source scripts/setup.sh'], {
    cwd: repo,
    encoding: 'utf8',
    env: { PATH: bin, HOME: home, CARGO_HOME: path.join(home, '.cargo'), STUB_LOG: log, POOL: pool, BIN: bin, MINESEER_SETUP: only },
  });
  const calls = fs.readFileSync(log, 'utf8').split('\n').filter(Boolean);
  fs.rmSync(scratch, { recursive: true, force: true });
  return { status: result.status, stderr: result.stderr, stdout: result.stdout, calls };
}

const aptInstalls = (calls) => calls.filter((c) => /^apt-get .*install/.test(c));
const cargoInstalls = (calls) => calls.filter((c) => c.startsWith('cargo install'));
const packagesOf = (call) => call.split(/\s+/).slice(1).filter((w) => !w.startsWith('-') && w !== 'install');

const EVERYTHING = ['chromium', 'chromedriver', 'node', 'npm'];

test('setup: with everything present it installs nothing', () => {
  const { status, stderr, calls } = runSetup({ present: EVERYTHING });
  assert.equal(status, 0, stderr);
  assert.deepEqual(calls.filter((c) => c.startsWith('apt-get')), [], 'apt-get is not called at all');
  assert.deepEqual(cargoInstalls(calls), []);
  assert.ok(!calls.some((c) => c.startsWith('npm ci')), 'node_modules matches the lock: no npm ci');
  assert.ok(calls.includes('cargo fetch --locked'), 'the locked crates are fetched');
});

test('setup: chromium missing asks apt for chromium alone, never for nodejs or npm', () => {
  const { status, stderr, calls } = runSetup({ present: ['chromedriver', 'node', 'npm'] });
  assert.equal(status, 0, stderr);
  const installs = aptInstalls(calls);
  assert.equal(installs.length, 1, `one apt install: ${installs}`);
  assert.deepEqual(packagesOf(installs[0]), ['chromium']);
  assert.ok(calls.includes('apt-get update -qq'), 'the package lists are updated first');
});

test('setup: a fresh machine (Node and npm from the image, nothing else) gets chromium and chromedriver from apt, trunk and wasm-bindgen from one cargo install, and npm ci', () => {
  const { status, stderr, calls } = runSetup({
    present: ['node', 'npm'], trunk: null, wasmBindgen: null, npmLockInstalled: false,
  });
  assert.equal(status, 0, stderr);
  const installs = aptInstalls(calls);
  assert.equal(installs.length, 1);
  assert.deepEqual(packagesOf(installs[0]).sort(), ['chromium', 'chromium-driver']);
  const cargo = cargoInstalls(calls);
  assert.equal(cargo.length, 1, `both tools in one cargo install: ${cargo.join(' | ')}`);
  assert.match(cargo[0], /--locked/);
  assert.match(cargo[0], /--debug/, 'build tools are built unoptimised: minutes faster, the same page');
  assert.match(cargo[0], /--no-default-features/, 'without the update check and TLS, which nothing here uses');
  assert.match(cargo[0], new RegExp(`trunk@${TRUNK_VERSION.replaceAll('.', '\\.')}`));
  assert.match(cargo[0], new RegExp(`wasm-bindgen-cli@${WASM_BINDGEN_VERSION.replaceAll('.', '\\.')}`));
  assert.ok(calls.some((c) => c.startsWith('npm ci')), 'npm ci installs the page tools');
});

test('setup: with node truly absent it asks apt for nodejs and npm together, and nothing else', () => {
  const { status, stderr, calls } = runSetup({ present: ['chromium', 'chromedriver'] });
  assert.equal(status, 0, stderr);
  const installs = aptInstalls(calls);
  assert.equal(installs.length, 1);
  assert.deepEqual(packagesOf(installs[0]).sort(), ['nodejs', 'npm']);
});

test('setup: node without npm is a clear error, not an apt install that would conflict', () => {
  const { status, stderr, calls } = runSetup({ present: ['chromium', 'chromedriver', 'node'] });
  assert.notEqual(status, 0);
  assert.match(stderr, /npm/);
  assert.deepEqual(aptInstalls(calls), []);
});

test('setup: only the tool whose version differs is rebuilt', () => {
  const { status, stderr, calls } = runSetup({ present: EVERYTHING, wasmBindgen: '0.2.130' });
  assert.equal(status, 0, stderr);
  const cargo = cargoInstalls(calls);
  assert.equal(cargo.length, 1);
  assert.match(cargo[0], /wasm-bindgen-cli@0\.2\.129/);
  assert.doesNotMatch(cargo[0], /trunk@/);
});

test('setup: building the page alone (MINESEER_SETUP=page) never installs the browser', () => {
  const { status, stderr, calls } = runSetup({ present: ['node', 'npm'], only: 'page' });
  assert.equal(status, 0, stderr);
  assert.deepEqual(calls.filter((c) => c.startsWith('apt-get')), []);
});

test('scripts/build-page.sh sets up for the page only, and test.sh and serve.sh build through it', () => {
  const read = (f) => fs.readFileSync(path.join(ROOT, 'scripts', f), 'utf8');
  assert.match(read('build-page.sh'), /^MINESEER_SETUP=page source scripts\/setup\.sh$/m);
  assert.match(read('build-page.sh'), /^trunk build --release --offline --skip-version-check$/m);
  for (const caller of ['test.sh', 'serve.sh']) {
    assert.match(read(caller), /\bbash scripts\/build-page\.sh( 2>&1 \| tee .*)?$/m, `${caller} builds the page with build-page.sh`);
    assert.doesNotMatch(read(caller), /^\s*trunk build/m, `${caller} has no build of its own`);
  }
  const workflow = fs.readFileSync(path.join(ROOT, '.github', 'workflows', 'pages.yml'), 'utf8');
  assert.match(workflow, /run: bash scripts\/build-page\.sh/);
  assert.match(workflow, /actions\/upload-pages-artifact@/);
  assert.match(workflow, /actions\/deploy-pages@/);
});

test('setup: MINESEER_SETUP=build-tools builds Trunk and wasm-bindgen-cli alone: no apt, no crates fetched, no npm', () => {
  const { status, stderr, calls } = runSetup({
    present: ['node', 'npm'], trunk: null, wasmBindgen: null, npmLockInstalled: false, only: 'build-tools',
  });
  assert.equal(status, 0, stderr);
  assert.equal(cargoInstalls(calls).length, 1);
  assert.match(cargoInstalls(calls)[0], /trunk@.*wasm-bindgen-cli@/);
  assert.deepEqual(calls.filter((c) => !c.startsWith('cargo install') && !/^(trunk|wasm-bindgen) --version/.test(c)), [], 'nothing else');
});

test('setup: MINESEER_SETUP=no-build-tools installs everything but Trunk and wasm-bindgen-cli', () => {
  const { status, stderr, calls } = runSetup({
    present: ['node', 'npm'], trunk: null, wasmBindgen: null, npmLockInstalled: false, only: 'no-build-tools',
  });
  assert.equal(status, 0, stderr);
  assert.deepEqual(cargoInstalls(calls), []);
  assert.deepEqual(packagesOf(aptInstalls(calls)[0]).sort(), ['chromium', 'chromium-driver']);
  assert.ok(calls.some((c) => c.startsWith('npm ci')));
  assert.ok(calls.includes('cargo fetch --locked'));
});

test('setup: an unknown MINESEER_SETUP is an error that names the known ones', () => {
  const { status, stderr, calls } = runSetup({ present: EVERYTHING, only: 'everything' });
  assert.notEqual(status, 0);
  assert.match(stderr, /expected all, page, build-tools or no-build-tools/);
  assert.deepEqual(calls, []);
});

test('scripts/test.sh starts the build tools at once, beside the Rust build, and only the page waits for them', () => {
  const testSh = fs.readFileSync(path.join(ROOT, 'scripts', 'test.sh'), 'utf8');
  const lanes = Object.fromEntries([...testSh.matchAll(/^lane (\S+) (\S+)(.*)$/gm)].map(([, name, , needs]) => [name, needs.trim().split(/\s+/).filter(Boolean)]));
  assert.deepEqual(lanes.tools, [], 'the build tools need nothing: they start at once');
  assert.deepEqual(lanes['rust-build'], [], 'nor does the Rust build');
  // The page's modules compile while the tools do: they need the setup (the wasm32 target, the
  // crates), not the tools; Trunk's build waits for both.
  assert.deepEqual(lanes['page-modules'], ['setup'], 'the page\'s modules wait for the setup only');
  assert.deepEqual(lanes.page.sort(), ['page-modules', 'tools'], 'Trunk\'s build waits for the modules and the tools');
  // The wasm-bindgen tests build in the page's profile, on the page's units: after the page.
  assert.deepEqual(lanes['wasm-tests'], ['page']);
  assert.deepEqual(lanes.clippy, [], 'clippy needs nothing: it starts at once');
  for (const [name, needs] of Object.entries(lanes)) {
    if (name !== 'page') assert.ok(!needs.includes('tools'), `${name} does not wait for the build tools but through the page`);
  }
  assert.match(testSh, /MINESEER_SETUP=build-tools bash scripts\/setup\.sh/);
  assert.match(testSh, /MINESEER_SETUP=no-build-tools bash scripts\/setup\.sh/);
  assert.match(testSh, /^job_page_modules\(\) \{\n[^}]*bash scripts\/build-page\.sh --modules-only$/m);
  // The tools first (the longest chain on a fresh machine), clippy's check of the benches last.
  assert.match(testSh, /^job_tools\(\) \{\n[^}]*\$FIRST_BUILD env MINESEER_SETUP=build-tools/m);
  assert.match(testSh, /^job_clippy\(\) \{\n[^}]*\$LAST_BUILD cargo clippy/m);
  assert.match(testSh, /^job_rust_build\(\) \{\n[^}]*\$FIRST_BUILD "\$\{LINTED\[@\]\}" cargo test --workspace --release --locked --no-run/m, 'the release build goes first too: the browser tests wait for its CLI');
});

test('build-page.sh --modules-only runs Trunk\'s cargo command for each module index.html builds', () => {
  const html = fs.readFileSync(path.join(ROOT, 'index.html'), 'utf8');
  const built = [...html.matchAll(/<link data-trunk rel="rust"([^>]*)>/g)].map(([, attrs]) => attrs).filter((a) => !/data-trunk-skip/.test(a));
  assert.ok(built.length > 0);
  for (const attrs of built) {
    // Trunk adds --features or --no-default-features for these attributes; the command below has neither.
    assert.doesNotMatch(attrs, /data-cargo-(features|no-default-features|all-features)|data-bin=/, attrs);
    assert.match(attrs, /data-cargo-profile-release="wasm-release"/, attrs);
  }
  const manifests = built.map((a) => a.match(/href="([^"]+)"/)[1]);
  const script = fs.readFileSync(path.join(ROOT, 'scripts', 'build-page.sh'), 'utf8');
  assert.deepEqual(script.match(/^  for manifest in (.*); do$/m)[1].split(' '), manifests);
  assert.match(script, /^    cargo build --target=wasm32-unknown-unknown --manifest-path "\$manifest" --profile wasm-release --offline$/m);
  assert.match(script, /^trunk build --release --offline --skip-version-check$/m, 'Trunk builds offline too');
});

test('the Rust test build leaves criterion out: only crates/bench, whose library has nothing to test, depends on it', () => {
  const crates = path.join(ROOT, 'crates');
  for (const name of fs.readdirSync(crates)) {
    const manifest = path.join(crates, name, 'Cargo.toml');
    if (!fs.existsSync(manifest)) continue;
    const text = fs.readFileSync(manifest, 'utf8');
    if (name === 'bench') {
      // Criterion and the core as dev-dependencies only, and a library that `cargo test` skips.
      const [normal, dev] = text.split(/^\[dev-dependencies\]$/m);
      assert.ok(dev && /^criterion\b/m.test(dev), 'crates/bench has criterion as a dev-dependency');
      assert.doesNotMatch(normal, /^criterion\b/m, 'criterion is no normal dependency of crates/bench');
      assert.match(text, /^\[lib\][^[]*^test = false$[^[]*^doctest = false$/m);
      assert.match(text, /^\[\[bench\]\]$/m);
    } else {
      assert.doesNotMatch(text, /^criterion\b/m, `crates/${name} does not depend on criterion`);
      assert.doesNotMatch(text, /^\[\[bench\]\]$/m, `crates/${name}: its benches go in crates/bench`);
    }
  }
  const core = fs.readFileSync(path.join(crates, 'core', 'Cargo.toml'), 'utf8');
  assert.match(core, /^autobenches = false$/m, 'crates/core/benches/ is not built as benches of the core');
});

test('scripts/test.sh builds the wasm-bindgen tests in the page\'s profile, on the page\'s units, and only their integration tests', () => {
  const testSh = fs.readFileSync(path.join(ROOT, 'scripts', 'test.sh'), 'utf8');
  const wasm = testSh.match(/^job_wasm_tests\(\) \{\n([\s\S]*?)^\}/m)[1];
  assert.match(wasm, /cargo test --profile wasm-release -p mineseer-wasm --target wasm32-unknown-unknown --locked --test '\*'/);
  assert.match(fs.readFileSync(path.join(ROOT, 'index.html'), 'utf8'), /data-cargo-profile-release="wasm-release"/, 'the page builds in that profile');
  // wasm-bindgen-test turns on num-traits' libm and serde_json's alloc (so serde's); without the
  // same features in the page's build, cargo would compile the core and serde again for the tests.
  for (const crate of ['wasm', 'review-wasm']) {
    const manifest = fs.readFileSync(path.join(ROOT, 'crates', crate, 'Cargo.toml'), 'utf8');
    const wasm32 = manifest.split(/^\[target\.'cfg\(target_arch = "wasm32"\)'\.dependencies\]$/m)[1];
    assert.ok(wasm32, `crates/${crate}: wasm32 dependencies`);
    const section = wasm32.split(/^\[/m)[0];
    assert.match(section, /^num-traits = \{ workspace = true, features = \["libm"\] \}$/m, crate);
    assert.match(section, /^serde = \{ workspace = true, features = \["alloc"\] \}$/m, crate);
  }
});
