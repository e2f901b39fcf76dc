// Game records (the mineseer-game JSON format) on the page's side: telling a record from a
// position, reading its JSON with a clear error, and downloading one. The checks of what a
// record holds (format, version, mines and moves on the board, ...) are the core's, in the
// worker; this module only turns text into an object.

/** True when pasted or loaded text is a game record rather than a .mine/.inp position. */
export function looksLikeRecord(text) {
  return text.trimStart().startsWith('{');
}

/**
 * True for a replay of Arbiter, Viennasweeper, Minesweeper Clone or Metasweeper: by its
 * extension, by the magic bytes of RMV (`*rmv`) and MVF (`\x11M`), or, under a name that is
 * not a position's or a record's, because the bytes are not text (AVF and EVF have no magic;
 * the worker's reader tells them apart).
 */
export function isReplay(name, bytes) {
  if (/\.(avf|rmv|mvf|evf)$/i.test(name)) return true;
  if (bytes.length >= 4 && String.fromCharCode(...bytes.subarray(0, 4)) === '*rmv') return true;
  if (bytes[0] === 0x11 && bytes[1] === 0x4d) return true;
  if (/\.(mine|inp|txt|json)$/i.test(name)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return bytes.includes(0);
  } catch {
    return true;
  }
}

/** Parses a record's JSON text; throws an Error with a message a player can read. */
export function parseRecordText(text) {
  let value;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new Error(`not a valid game record: the JSON cannot be read (${err.message})`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new Error('not a valid game record: expected a JSON object');
  }
  return value;
}

/** The file name of a record: mineseer-game-<width>x<height>-<seed>.json. */
export function recordFileName(record) {
  const seed = typeof record.seed === 'string' && /^\d+$/.test(record.seed) ? `-${record.seed}` : '';
  // A training mode names itself in the file's title; a normal game keeps the old name.
  const mode = record.mode === 'hardcore' || record.mode === 'fair' ? `-${record.mode}` : '';
  return `mineseer-game-${record.width}x${record.height}${mode}${seed}.json`;
}

/** Starts a download of `data` under `name`. */
export function download(name, data, type) {
  const url = URL.createObjectURL(new Blob([data], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Downloads a record as JSON. */
export function downloadRecord(record) {
  download(recordFileName(record), `${JSON.stringify(record)}\n`, 'application/json');
}
