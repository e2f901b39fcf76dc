// Writes the page's service worker, sw.js, next to index.html in a finished build: the list of
// every built file (Trunk's hashed names included) to pre-cache, and a cache named after a
// hash of all their contents, so that any new build installs a new cache and drops the old.
// Run by Trunk after each build (Trunk.toml [[hooks]], on its staging folder) or by hand:
// `node scripts/service-worker.mjs dist`.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const TEMPLATE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'sw-template.js');

/** Every file under `root`, as paths relative to it with '/' separators, sorted. */
function listFiles(root, dir = root) {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listFiles(root, full));
    else out.push(path.relative(root, full).split(path.sep).join('/'));
  }
  return out.sort();
}

export function writeServiceWorker(root) {
  const files = listFiles(root).filter((f) => f !== 'sw.js');
  const hash = crypto.createHash('sha256');
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(fs.readFileSync(path.join(root, file)));
  }
  const cacheName = `mineseer-${hash.digest('hex').slice(0, 16)}`;
  const source = fs.readFileSync(TEMPLATE, 'utf8')
    .replace('__CACHE_NAME__', JSON.stringify(cacheName))
    .replace('__FILES__', JSON.stringify(files, null, 2));
  fs.writeFileSync(path.join(root, 'sw.js'), source);
  return { cacheName, files };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = process.argv[2] ?? process.env.TRUNK_STAGING_DIR;
  if (!root) {
    console.error('usage: node scripts/service-worker.mjs DIR (or run from Trunk, which sets TRUNK_STAGING_DIR)');
    process.exit(1);
  }
  const { cacheName, files } = writeServiceWorker(root);
  console.log(`service-worker: sw.js pre-caches ${files.length} files as ${cacheName}`);
}
