// Game records (the mineseer-game JSON format) on the page's side: telling a record from a
// position, reading its JSON with a clear error, and downloading one. The checks of what a
// record holds (format, version, mines and moves on the board, ...) are the core's, in the
// worker; this module only turns text into an object.

/** True when pasted or loaded text is a game record rather than a .mine/.inp position. */
export function looksLikeRecord(text) {
  return text.trimStart().startsWith('{');
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
  return `mineseer-game-${record.width}x${record.height}${seed}.json`;
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
